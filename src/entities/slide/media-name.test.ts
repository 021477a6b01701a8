import { describe, expect, it } from 'vitest';
import { renamedPath, uniqueFileName } from '@/lib/storage';
import { mediaFileName } from './media-name';

describe('mediaFileName', () => {
  it('shows a stored upload by the name it was uploaded with', () => {
    expect(mediaFileName('ux-ad--1795705155623-0hmnxc1j.png')).toBe('ux-ad');
    expect(mediaFileName('Summer promo v1.2--1795705155623-0hmnxc1j.webm')).toBe('Summer promo v1.2');
  });

  it('reads through the folder of older slides', () => {
    expect(mediaFileName('slides/Front door--1795389809570-g7hwtulb.jpg')).toBe('Front door');
  });

  it('gives back the name of a file just uploaded, and of one renamed in the library', () => {
    const stored = uniqueFileName({ name: 'Happy hour.png' });
    expect(stored).not.toBe('Happy hour.png');
    expect(mediaFileName(stored)).toBe('Happy hour');
    expect(mediaFileName(renamedPath(stored, 'Window display'))).toBe('Window display');
  });

  it('shows a stored name that has no readable part as it is, without its extension', () => {
    expect(mediaFileName('1763000000000-bbbbbbbb.png')).toBe('1763000000000-bbbbbbbb');
    expect(mediaFileName('logo.png')).toBe('logo');
    expect(mediaFileName('README')).toBe('README');
  });
});
