import type { Modifier } from '@dnd-kit/core';

/** Keeps a dragged row on the list's axis (what @dnd-kit/modifiers' restrictToVerticalAxis does). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
