// Formatting used by the campaign screens: enum values in the current language.
import { translate } from '@/i18n';
import { CAMPAIGN_CONTENT_TYPES, CAMPAIGN_STATUSES, type CampaignContentType, type CampaignStatus } from '../api/campaigns';

/** 'business_info' → 'Business Info' (for a value the catalogue does not know). */
export const humanize = (value: string) =>
  value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** A campaign's status in words: 'Active', 'Activa', 'Aktiv'. */
export function statusLabel(status: string): string {
  return (CAMPAIGN_STATUSES as readonly string[]).includes(status)
    ? translate(`campaigns:status.${status as CampaignStatus}`)
    : humanize(status);
}

/** A campaign's content type in words: 'Business Info', 'Información del negocio'. */
export function contentTypeLabel(type: string): string {
  return (CAMPAIGN_CONTENT_TYPES as readonly string[]).includes(type)
    ? translate(`campaigns:contentType.${type as CampaignContentType}`)
    : humanize(type);
}
