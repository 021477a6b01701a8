import { describe, expect, it } from 'vitest';
import { statementCsv, statementFileName } from './statement-csv';
import { monthBefore, monthLabel, type Statement } from './statement';

const statement: Statement = {
  advertiser_id: 'ad000000-0000-4000-8000-000000000001',
  month: '2026-10-01',
  currency: 'USD',
  closed: true,
  lines: [
    { campaign_id: 'c1', campaign_name: 'Latte, "the" best', plays: 1234, seconds: 12340, basis: 'cpm', amount: 5.55 },
    { campaign_id: 'c2', campaign_name: '=Autumn', plays: 0, seconds: 0, basis: 'fixed', amount: 36.67 },
    { campaign_id: 'c3', campaign_name: 'Draft', plays: 3, seconds: 30.5, basis: null, amount: 0 },
  ],
  total: 42.22,
};

describe('statementCsv', () => {
  it('writes one row per line and a total row, quoting what needs it and keeping formulas as text', () => {
    const text = statementCsv(statement);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Month,Campaign,Plays,Seconds on screen,Time on screen,Price basis,Amount,Currency',
      '2026-10,"Latte, ""the"" best",1234,12340,3:25:40,"Per 1,000 plays",5.55,USD',
      '2026-10,\'=Autumn,0,0,0:00:00,"Fixed, prorated",36.67,USD',
      '2026-10,Draft,3,30.5,0:00:31,Not priced,0.00,USD',
      '2026-10,Total,1237,12370.5,3:26:11,,42.22,USD',
      '',
    ]);
  });

  it('writes an empty month as its total alone', () => {
    const text = statementCsv({ ...statement, lines: [], total: 0 });
    expect(text.slice(1).split('\r\n').slice(1)).toEqual(['2026-10,Total,0,0,0:00:00,,0.00,USD', '']);
  });

  it('names the file by advertiser and month', () => {
    expect(statementFileName('Café Crème & Co', statement)).toBe('statement-cafe-creme-co-2026-10.csv');
  });
});

describe('months', () => {
  it('counts back across years, by the calendar and not the clock', () => {
    expect(monthBefore('2026-01-31', 0)).toBe('2026-01-01');
    expect(monthBefore('2026-01-31', 1)).toBe('2025-12-01');
    expect(monthBefore('2026-03-01', 14)).toBe('2025-01-01');
    expect(monthLabel('2026-10-01')).toBe('October 2026');
  });
});
