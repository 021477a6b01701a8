import { describe, expect, it } from 'vitest';
import { csvField, fileNamePart, toCsv } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1 212')).toBe("'+1 212");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
    // Numbers are numbers, even negative ones.
    expect(csvField(-5)).toBe('-5');
  });

  it('writes a byte order mark, CRLF line ends and accents as UTF-8', async () => {
    const text = toCsv(['Venue', 'Plays'], [['Café Noël', 3]]);
    expect(text).toBe('\uFEFFVenue,Plays\r\nCafé Noël,3\r\n');
    const bytes = new Uint8Array(await new Blob([text]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('makes file name parts of names', () => {
    expect(fileNamePart('Corner Café & Bar')).toBe('corner-cafe-bar');
    expect(fileNamePart('  --  ')).toBe('');
  });
});
