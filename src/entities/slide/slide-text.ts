// How much text a static slide may carry: a title of at most 80 characters and content text of
// at most 400, so that a screen shows it legibly (README: Text that fits). The database holds
// the same limits (campaign_items_title_at_most_80_characters, ..._content_at_most_400_characters);
// the editor counts and refuses here first, with the message at the field.
import { translate } from '@/i18n';

export const TEXT_LIMITS = { title: 80, content: 400 } as const;
export type SlideTextField = keyof typeof TEXT_LIMITS;

/** Characters as Postgres's char_length counts them (code points: an emoji is one). */
export const charCount = (text: string | null | undefined) => (text ? Array.from(text).length : 0);

/** The field's message when its text is over the limit, else undefined. */
export function textLimitError(field: SlideTextField, text: string | null | undefined): string | undefined {
  const count = charCount(text);
  const limit = TEXT_LIMITS[field];
  if (count <= limit) return undefined;
  const key = field === 'title' ? 'builder:text.titleTooLong' : 'builder:text.contentTooLong';
  return translate(key, { limit, chars: count, excess: count - limit });
}

/** '12 / 80 characters' */
export const charCountText = (field: SlideTextField, text: string | null | undefined) =>
  translate('builder:text.charCount', { chars: charCount(text), limit: TEXT_LIMITS[field] });
