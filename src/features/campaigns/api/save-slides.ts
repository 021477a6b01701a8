// Saving the builder's slide list in one call to save_campaign_slides.
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
