import { describe, expect, it } from 'vitest';
import { chooseEvictions, type CachedFile } from './media-eviction';

const file = (url: string, bytes: number, shownAt: number): CachedFile => ({ url, bytes, shownAt });

// Five files of 100 bytes, shown in the order c, a, e, b, d (c longest ago).
const FILES = [file('a', 100, 20), file('b', 100, 40), file('c', 100, 10), file('d', 100, 50), file('e', 100, 30)];

describe('chooseEvictions', () => {
  it('removes nothing while the new file fits', () => {
    expect(chooseEvictions(FILES, new Set(), 600, 100)).toEqual({ evict: [], fits: true });
  });

  it('removes the least recently shown files first, only as many as the new file needs', () => {
    expect(chooseEvictions(FILES, new Set(), 500, 150)).toEqual({ evict: ['c', 'a'], fits: true });
    expect(chooseEvictions(FILES, new Set(), 500, 250)).toEqual({ evict: ['c', 'a', 'e'], fits: true });
  });

  it('never removes a needed file, even one shown long ago', () => {
    const plan = chooseEvictions(FILES, new Set(['c', 'e']), 500, 250);
    expect(plan).toEqual({ evict: ['a', 'b', 'd'], fits: true });
  });

  it('removes nothing for a file that cannot fit beside the needed ones', () => {
    expect(chooseEvictions(FILES, new Set(['a', 'b', 'c']), 500, 250)).toEqual({ evict: [], fits: false });
  });

  it('brings the cache back under its budget when it is over it, keeping the needed files', () => {
    expect(chooseEvictions(FILES, new Set(['c']), 300)).toEqual({ evict: ['a', 'e'], fits: true });
    expect(chooseEvictions(FILES, new Set(['a', 'b', 'c', 'd']), 300)).toEqual({ evict: ['e'], fits: false });
  });

  it('takes the larger of two files shown at the same time first', () => {
    const files = [file('small', 10, 5), file('large', 90, 5), file('later', 50, 9)];
    expect(chooseEvictions(files, new Set(), 100, 40)).toEqual({ evict: ['large'], fits: true });
  });
});
