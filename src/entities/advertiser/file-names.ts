// The names advertisers' files are shown by: the name each was uploaded with, never the stored
// object's generated name ('Front door.png', not 'c1/Front door--1795389809570-g7hwtulb.png').
import { displayFileName } from '@/lib/storage';

/**
 * The name a stored file was uploaded with, or null when its stored name does not carry one
 * (files stored before names were kept): then the screen names it in words instead.
 */
export function uploadedFileName(path: string | null | undefined): string | null {
  if (!path) return null;
  const stored = path.split('/').pop() ?? path;
  const shown = displayFileName(path);
  return shown !== stored ? shown : null;
}
