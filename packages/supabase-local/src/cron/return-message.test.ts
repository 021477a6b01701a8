// return_message as pg_cron writes it from libpq's results.
import { describe, expect, it } from 'vitest';
import type { PgError } from '../db/core.ts';
import { errorMessage, resultMessage } from './return-message.ts';

const error = (fields: Partial<PgError> & { message: string }): PgError =>
  Object.assign(new Error(fields.message), { severity: 'ERROR', ...fields });

describe('a statement that succeeded', () => {
  it('counts rows for a statement that returns them, else gives its command tag', () => {
    expect(resultMessage({ tag: 'SELECT 1', returnsRows: true, rows: 1 })).toBe('1 row');
    expect(resultMessage({ tag: 'SELECT 0', returnsRows: true, rows: 0 })).toBe('0 rows');
    expect(resultMessage({ tag: 'INSERT 0 3', returnsRows: true, rows: 3 })).toBe('3 rows');
    expect(resultMessage({ tag: 'INSERT 0 3', returnsRows: false, rows: 0 })).toBe('INSERT 0 3');
    expect(resultMessage({ tag: 'CREATE TABLE', returnsRows: false, rows: 0 })).toBe('CREATE TABLE');
  });
});

describe('an error, as PQresultErrorMessage() words it', () => {
  it('shows the line of the position with a caret under it', () => {
    const query = 'update public.slides\n   set x = 1\n where nope = 2';
    const position = query.indexOf('nope') + 1;
    expect(errorMessage(error({ message: 'column "nope" does not exist', position: String(position) }), query)).toBe(
      `ERROR:  column "nope" does not exist\nLINE 3:  where nope = 2\n${' '.repeat('LINE 3:  where '.length)}^\n`,
    );
  });

  it('cuts a long line around the position', () => {
    const query = `select ${'a, '.repeat(40)}missing_column from t`;
    const pos = query.indexOf('missing_column') + 1;
    const text = errorMessage(error({ message: 'column "missing_column" does not exist', position: String(pos) }), query);
    const [, line, caret] = text.split('\n');
    // 60 columns that end 10 past the position, cut on both sides.
    expect(line).toBe(`LINE 1: ...${query.slice(pos - 1 - 50, pos - 1 + 10)}...`);
    expect(line).toMatch(/^LINE 1: \.\.\., a, a, .*a, missing_co\.\.\.$/);
    expect(caret!.indexOf('^')).toBe(line!.indexOf('missing_co'));
  });

  it('adds DETAIL, HINT, QUERY and CONTEXT lines', () => {
    const e = error({
      message: 'boom',
      detail: 'the detail',
      hint: 'the hint',
      where: 'PL/pgSQL function f() line 3 at RAISE',
    });
    expect(errorMessage(e, 'select f()')).toBe(
      'ERROR:  boom\nDETAIL:  the detail\nHINT:  the hint\nCONTEXT:  PL/pgSQL function f() line 3 at RAISE\n',
    );
    const inner = error({ message: 'syntax error at or near "fro"', internalPosition: '10', internalQuery: 'select 1 fro t' });
    expect(errorMessage(inner, 'select g()')).toBe(
      `ERROR:  syntax error at or near "fro"\nLINE 1: select 1 fro t\n${' '.repeat('LINE 1: select 1 '.length)}^\nQUERY:  select 1 fro t\n`,
    );
  });
});
