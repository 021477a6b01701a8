// The es catalogue, loaded as one chunk when the language is chosen (src/i18n/index.ts).
import type { Catalogue } from '../../catalogue';
import common from './common.json';
import layout from './layout.json';
import errors from './errors.json';
import entities from './entities.json';
import auth from './auth.json';
import dashboard from './dashboard.json';
import settings from './settings.json';
import alerts from './alerts.json';
import team from './team.json';
import activity from './activity.json';
import customers from './customers.json';
import home from './home.json';
import advertisers from './advertisers.json';
import advertiserPortal from './advertiserPortal.json';
import campaigns from './campaigns.json';
import builder from './builder.json';
import equipment from './equipment.json';
import groups from './groups.json';
import availability from './availability.json';
import reports from './reports.json';
import player from './player.json';
import slides from './slides.json';

const catalogue: Catalogue = {
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
};
export default catalogue;
