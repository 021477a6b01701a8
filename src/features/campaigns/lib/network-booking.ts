// The arithmetic of a network campaign's form: which screens its targets name, and which of
// its fields a refused booking is shown at.
import type { CampaignFormValues } from './campaign-schema';

interface TargetedScreen {
  id: string;
  customer_id: string;
}

interface TargetedGroup {
  id: string;
  device_ids: string[];
}

/** The screens a network campaign plays on: every screen at a venue, or its targets' screens (each once). */
export function targetedScreenIds(
  values: Pick<CampaignFormValues, 'network_plays_on' | 'target_venue_ids' | 'target_group_ids' | 'target_device_ids'>,
  screens: readonly TargetedScreen[],
  groups: readonly TargetedGroup[],
): Set<string> {
  if (values.network_plays_on === 'network') return new Set(screens.map((s) => s.id));
  const atVenue = new Set(screens.map((s) => s.id));
  const venues = new Set(values.target_venue_ids);
  const chosenGroups = new Set(values.target_group_ids);
  const ids = new Set<string>();
  for (const s of screens) if (venues.has(s.customer_id)) ids.add(s.id);
  for (const g of groups) if (chosenGroups.has(g.id)) for (const d of g.device_ids) if (atVenue.has(d)) ids.add(d);
  for (const d of values.target_device_ids) if (atVenue.has(d)) ids.add(d);
  return ids;
}

/** The fields a refused booking can be shown at: where it plays, how often, or when. */
export type BookingField = 'targets' | 'spots' | 'dates';

type BookingValues = Pick<
  CampaignFormValues,
  | 'status'
  | 'start_date'
  | 'end_date'
  | 'schedule'
  | 'windows'
  | 'network_plays_on'
  | 'target_venue_ids'
  | 'target_group_ids'
  | 'target_device_ids'
  | 'spots_per_loop'
>;

const gained = (now: string[], before: string[]) => now.some((id) => !before.includes(id));

/**
 * Which field made a booking overflow: the first of spots, targets, dates (with dayparts and
 * status) that grew since `reference` (the last values that fitted, or the saved campaign).
 * When none did (a new campaign, or someone else booked the screen meanwhile), where it
 * plays: fewer screens is the usual way out.
 */
export function overbookedField(values: BookingValues, reference: BookingValues | null): BookingField {
  if (!reference) return values.spots_per_loop > 1 ? 'spots' : 'targets';
  if (values.spots_per_loop > reference.spots_per_loop) return 'spots';
  const wider =
    (values.network_plays_on === 'network' && reference.network_plays_on !== 'network') ||
    (values.network_plays_on === 'targets' &&
      reference.network_plays_on === 'targets' &&
      (gained(values.target_venue_ids, reference.target_venue_ids) ||
        gained(values.target_group_ids, reference.target_group_ids) ||
        gained(values.target_device_ids, reference.target_device_ids)));
  if (wider) return 'targets';
  const when =
    values.start_date !== reference.start_date ||
    values.end_date !== reference.end_date ||
    values.schedule !== reference.schedule ||
    JSON.stringify(values.windows) !== JSON.stringify(reference.windows) ||
    values.status !== reference.status;
  if (when) return 'dates';
  return 'targets';
}
