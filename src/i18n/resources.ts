// The English catalogue, bundled with the app: the default language and the source of the
// catalogue's types (src/i18n/i18next.d.ts). One namespace per area; every language has the same files.
import common from './locales/en/common.json';
import layout from './locales/en/layout.json';
import errors from './locales/en/errors.json';
import entities from './locales/en/entities.json';
import auth from './locales/en/auth.json';
import dashboard from './locales/en/dashboard.json';
import settings from './locales/en/settings.json';
import alerts from './locales/en/alerts.json';
import team from './locales/en/team.json';
import activity from './locales/en/activity.json';
import customers from './locales/en/customers.json';
import home from './locales/en/home.json';
import advertisers from './locales/en/advertisers.json';
import advertiserPortal from './locales/en/advertiserPortal.json';
import campaigns from './locales/en/campaigns.json';
import builder from './locales/en/builder.json';
import equipment from './locales/en/equipment.json';
import groups from './locales/en/groups.json';
import availability from './locales/en/availability.json';
import reports from './locales/en/reports.json';
import player from './locales/en/player.json';
import slides from './locales/en/slides.json';

export const en = {
  common,
  layout,
  errors,
  entities,
  auth,
  dashboard,
  settings,
  alerts,
  team,
  activity,
  customers,
  home,
  advertisers,
  advertiserPortal,
  campaigns,
  builder,
  equipment,
  groups,
  availability,
  reports,
  player,
  slides,
} as const;

export type Namespace = keyof typeof en;
export const namespaces = Object.keys(en) as Namespace[];
