// pg_cron's schedule grammar (the SQL port in pg_cron.sql, run in an in-memory
// PGlite) and when the scheduler runs what it parsed (schedule.ts), in GMT.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInterval, nextRuns, runsDue, type CronEntry, type Schedule } from './schedule.ts';

const LOCAL = path.resolve(import.meta.dirname, '..');
let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  for (const file of ['db/extension-stand-in.sql', 'cron/pg_cron.sql']) {
    await pg.exec(readFileSync(path.join(LOCAL, file), 'utf8'));
  }
}, 60_000);

afterAll(async () => {
  await pg.close();
});

async function parse(schedule: string): Promise<Schedule | null> {
  const { rows } = await pg.query<{ parsed: Schedule | null }>('select _local_stack.cron_parse_schedule($1) as parsed', [
    schedule,
  ]);
  return rows[0]!.parsed;
}

async function entry(schedule: string): Promise<CronEntry> {
  const parsed = await parse(schedule);
  if (!parsed || isInterval(parsed)) throw new Error(`${schedule} is not a cron entry`);
  return parsed;
}

/** The next runs after `from`, as ISO times. */
async function next(schedule: string, from: string, count = 3): Promise<string[]> {
  return nextRuns(await entry(schedule), Date.parse(from), count).map((t) => new Date(t).toISOString());
}

describe('next run times', () => {
  it('steps and ranges: */15 2-4 * * 1-5 runs on weekdays from 02:00 to 04:45 every quarter hour', async () => {
    // 2026-11-27 is a Friday.
    expect(await next('*/15 2-4 * * 1-5', '2026-11-27T04:40:00Z', 4)).toEqual([
      '2026-11-27T04:45:00.000Z',
      '2026-11-30T02:00:00.000Z',
      '2026-11-30T02:15:00.000Z',
      '2026-11-30T02:30:00.000Z',
    ]);
  });

  it('a step over a range starts at its first value: 10-40/15', async () => {
    expect(await next('10-40/15 9 * * *', '2026-01-01T00:00:00Z')).toEqual([
      '2026-01-01T09:10:00.000Z',
      '2026-01-01T09:25:00.000Z',
      '2026-01-01T09:40:00.000Z',
    ]);
  });

  it('$ is the last day of each month, leap February included', async () => {
    expect(await next('30 23 $ * *', '2028-01-31T23:30:00Z', 4)).toEqual([
      '2028-02-29T23:30:00.000Z',
      '2028-03-31T23:30:00.000Z',
      '2028-04-30T23:30:00.000Z',
      '2028-05-31T23:30:00.000Z',
    ]);
  });

  it('names of months and weekdays, any case; 0 and 7 are both Sunday', async () => {
    expect(await next('0 12 * jan,JUL sun', '2026-06-01T00:00:00Z')).toEqual([
      '2026-07-05T12:00:00.000Z',
      '2026-07-12T12:00:00.000Z',
      '2026-07-19T12:00:00.000Z',
    ]);
    expect(await next('0 12 * * 7', '2026-06-01T00:00:00Z', 1)).toEqual(await next('0 12 * * 0', '2026-06-01T00:00:00Z', 1));
  });

  it('a day of the month and a weekday, both given, run on either', async () => {
    // 2026-03-04 and 2026-03-11 are Wednesdays.
    expect(await next('0 0 1,10 * wed', '2026-02-28T00:00:00Z', 4)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
    ]);
  });

  it('the @macros pg_cron accepts', async () => {
    expect(await next('@hourly', '2026-05-05T10:20:00Z', 2)).toEqual(['2026-05-05T11:00:00.000Z', '2026-05-05T12:00:00.000Z']);
    expect(await next('@daily', '2026-05-05T10:20:00Z', 1)).toEqual(['2026-05-06T00:00:00.000Z']);
    expect(await next('@midnight', '2026-05-05T10:20:00Z', 1)).toEqual(['2026-05-06T00:00:00.000Z']);
    // 2026-05-10 is a Sunday.
    expect(await next('@weekly', '2026-05-05T10:20:00Z', 1)).toEqual(['2026-05-10T00:00:00.000Z']);
    expect(await next('@monthly', '2026-05-05T10:20:00Z', 2)).toEqual(['2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z']);
    // pg_cron's parser sets no month for @yearly (it passes 0 as January): accepted, never run.
    expect(await entry('@yearly')).toMatchObject({ month: [] });
    expect(await entry('@reboot')).toMatchObject({ reboot: true, minute: [] });
  });

  it('what Vixie cron lets pass after a valid value is ignored up to the next blank', async () => {
    expect(await next('5x * * * *', '2026-01-01T00:00:00Z', 1).catch(() => 'invalid')).toBe('invalid');
    expect(await next('5# * * * *', '2026-01-01T00:00:00Z', 1)).toEqual(['2026-01-01T00:05:00.000Z']);
  });
});

describe('what is refused', () => {
  it.each([
    '',
    '* * * *',
    '60 * * * *',
    '* 24 * * *',
    '* * 0 * *',
    '* * * 13 *',
    '* * * * 8',
    '1/5 * * * *',
    '*/0 * * * *',
    '*/60 * * * *',
    '0 0 $5 * *',
    '@every',
    'every minute',
    '0 seconds',
    '60 seconds',
    '5 seconds please',
    '5 second ',
  ])('%j', async (schedule) => {
    expect(await parse(schedule)).toBeNull();
  });
});

describe("'[1-59] seconds'", () => {
  it.each([
    ['1 seconds', 1],
    ['59 seconds', 59],
    ['30 second', 30],
    ['10 Seconds  ', 10],
    ['5seconds', 5],
  ])('%j every %i s', async (schedule, seconds) => {
    expect(await parse(schedule)).toEqual({ seconds });
  });
});

describe('runs due when the scheduler wakes', () => {
  const at = (iso: string) => Date.parse(iso);

  it('nothing within the minute already counted', async () => {
    expect(runsDue(await entry('* * * * *'), at('2026-01-01T10:00:00Z'), at('2026-01-01T10:00:59Z'))).toBe(0);
  });

  it('each minute passed when the clock moved on by up to 5 minutes', async () => {
    expect(runsDue(await entry('* * * * *'), at('2026-01-01T10:00:00Z'), at('2026-01-01T10:03:10Z'))).toBe(3);
    expect(runsDue(await entry('2 10 * * *'), at('2026-01-01T10:00:00Z'), at('2026-01-01T10:03:10Z'))).toBe(1);
  });

  it('after a jump of 6 minutes to 3 hours: each fixed-time run, and a wildcard job once', async () => {
    expect(runsDue(await entry('* * * * *'), at('2026-01-01T10:00:00Z'), at('2026-01-01T10:30:00Z'))).toBe(1);
    expect(runsDue(await entry('10,20 10 * * *'), at('2026-01-01T10:00:00Z'), at('2026-01-01T10:30:00Z'))).toBe(2);
  });

  it('after a bigger change, only the current minute', async () => {
    expect(runsDue(await entry('10,20 10 * * *'), at('2026-01-01T06:00:00Z'), at('2026-01-01T10:30:00Z'))).toBe(0);
    expect(runsDue(await entry('30 10 * * *'), at('2026-01-01T06:00:00Z'), at('2026-01-01T10:30:20Z'))).toBe(1);
  });
});
