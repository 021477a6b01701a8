// Saving the builder's slide list in one call to save_campaign_slides.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translate, type MessageKey } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { type Slide } from '@/entities/slide/slide';
import { toSavePayload } from '../lib/timeline';
import { overbookingOf } from './campaign-mutations';
import { campaignKeys } from './campaigns';

export interface SaveSlidesInput {
  campaignId: string;
  slides: Slide[];
  /** The campaign's updated_at when the builder loaded it; null skips the concurrency check. */
  expectedUpdatedAt: string | null;
}

/** Thrown when another admin saved the campaign since it was loaded (HTTP 409, PT409). */
export class SaveConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveConflictError';
  }
}

/** save_campaign_slides' and the slide checks' refusals (our own SQL), by their words, with the figure they name. */
const SAVE_REFUSALS: [RegExp, MessageKey][] = [
  [/^Only admins, operators and sales can save campaign slides/, 'builder:saveErrors.notAllowed'],
  [/^Campaign .* does not exist/, 'builder:saveErrors.campaignGone'],
  [/^This campaign was changed by someone else/, 'builder:saveErrors.conflict'],
  [/^Slide duration must be between \d+ and \d+ seconds \(got (.*)\)/, 'builder:saveErrors.duration'],
  [/^Slide priority must be between \d+ and \d+ \(got (.*)\)/, 'builder:saveErrors.priority'],
  [/^Refresh interval must be between \d+ and \d+ seconds \(got (.*)\)/, 'builder:saveErrors.refresh'],
  [/^Slide title must be at most \d+ characters \(got (.*)\)/, 'builder:saveErrors.title'],
  [/^Slide content text must be at most \d+ characters \(got (.*)\)/, 'builder:saveErrors.content'],
  [/^A video slide needs its video file/, 'builder:saveErrors.videoMissing'],
  [
    /^(A campaign id is required|Slides must be a JSON array|Slide \d+ (is not an object|has an id|\(id .*\) (belongs|appears))|Slide \d+ has a value of the wrong type|Unknown (slide|media))/,
    'builder:saveErrors.invalidList',
  ],
];

/**
 * A refused save in the current language: the database's own refusals from the catalogue,
 * anything else (a network failure, an overbooked screen, which names the screen and moment)
 * in the words it came with.
 */
export function saveErrorText(error: unknown): string {
  const text =
    error instanceof Error || (error && typeof error === 'object') ? (error as { message?: unknown }).message : '';
  const message = typeof text === 'string' ? text : '';
  for (const [pattern, key] of SAVE_REFUSALS) {
    const match = pattern.exec(message);
    if (match) return translate(key, { value: match[1] ?? '' });
  }
  return message || translate('builder:page.saveFailed.fallback');
}

async function saveSlides({ campaignId, slides, expectedUpdatedAt }: SaveSlidesInput) {
  const { data, error } = await supabase.rpc('save_campaign_slides', {
    p_campaign_id: campaignId,
    p_slides: toSavePayload(slides),
    ...(expectedUpdatedAt ? { p_expected_updated_at: expectedUpdatedAt } : {}),
  });
  if (error) {
    // A longer slide can overbook the screens of a network campaign: PT409 too, with the moment in its details.
    if (error.code === 'PT409' && !overbookingOf(error)) throw new SaveConflictError(error.message);
    throw error;
  }
  return data;
}

export function useSaveSlides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSlides,
    onSuccess: (saved, { campaignId }) => {
      // The saved rows replace the loaded list; the campaign row has a new updated_at and totals.
      queryClient.setQueryData(campaignKeys.slides(campaignId).queryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
        // Not the whole campaign_items root: the builder keeps working on the list it just set.
        queryClient.invalidateQueries({ queryKey: tableKeys.player_playlist }),
      ]);
    },
  });
}
