// The name a slide's file is shown by, everywhere it is shown (the slide dialog, the timeline's
// rows, the media library): the name it was uploaded with, or renamed to in the library,
// without its extension. Storage keeps the file as '<name>--<time>-<random>.<ext>' so that two
// uploads of 'ux-ad.png' never collide; people see 'ux-ad'. Older slides' 'slides/' folder and
// a stored name with no readable part ('1763000000000-bbbbbbbb.png') are shown as they are.
import { displayFileName } from '@/lib/storage';

/** 'ux-ad' for 'ux-ad--1795705155623-0hmnxc1j.png' (or 'slides/ux-ad--…png'). */
export function mediaFileName(path: string): string {
  const name = displayFileName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
