import { describe, expect, it } from 'vitest';
import { uploadedFileName } from './file-names';

describe('uploadedFileName', () => {
  it('gives the name a file was uploaded with, not the stored object name', () => {
    expect(uploadedFileName('c1/Front door--1795389809570-g7hwtulb.png')).toBe('Front door.png');
    expect(uploadedFileName('ux-ad--1795705155623-0hmnxc1j.png')).toBe('ux-ad.png');
  });

  it('gives nothing for a stored name that kept no uploaded name, or no file', () => {
    expect(uploadedFileName('1795705155623-0hmnxc1j.png')).toBeNull();
    expect(uploadedFileName(null)).toBeNull();
  });
});
