// cron.job_run_details.return_message as pg_cron writes it (src/pg_cron.c,
// GetTaskFeedback) from libpq's results: "N row(s)" for a statement that returned
// rows, its command tag otherwise, and for an error PQresultErrorMessage()'s text
// (libpq's fe-protocol3.c: pqBuildErrorMessage3 and reportErrorPosition, default
// verbosity, context shown for errors).
import type { PgError, StatementResult } from '../db/core.ts';

/** The message of one statement's result; the last one is what pg_cron keeps. */
export function resultMessage(r: StatementResult): string {
  return r.returnsRows ? `${r.rows} ${r.rows === 1 ? 'row' : 'rows'}` : r.tag;
}

/** PQresultErrorMessage() of an error raised by `query`. */
export function errorMessage(e: PgError, query: string): string {
  let msg = `${e.severity ?? 'ERROR'}:  ${e.message}`;
  let text: string | undefined;
  let pos = 0;
  if (e.position) {
    text = query;
    pos = parseInt(e.position, 10) || 0;
  } else if (e.internalPosition) {
    if (e.internalQuery) {
      text = e.internalQuery;
      pos = parseInt(e.internalPosition, 10) || 0;
    } else {
      msg += ` at character ${e.internalPosition}`;
    }
  }
  msg += '\n';
  if (text !== undefined && pos > 0) msg += errorPosition(text, pos);
  if (e.detail) msg += `DETAIL:  ${e.detail}\n`;
  if (e.hint) msg += `HINT:  ${e.hint}\n`;
  if (e.internalQuery) msg += `QUERY:  ${e.internalQuery}\n`;
  if (e.where) msg += `CONTEXT:  ${e.where}\n`;
  return msg;
}

const DISPLAY_SIZE = 60;
const MIN_RIGHT_CUT = 10;

/**
 * reportErrorPosition(): "LINE n: " with the line holding character `loc`
 * (1-based), cut to 60 columns around it, and a caret under it.
 */
function errorPosition(query: string, loc1: number): string {
  const chars = Array.from(query).map((c) => (c === '\t' ? ' ' : c));
  const loc = loc1 - 1;
  let line = 1;
  let begin = 0;
  let end = -1;
  let cno = 0;
  for (; cno < chars.length; cno++) {
    const ch = chars[cno];
    if (ch === '\r' || ch === '\n') {
      if (cno < loc) {
        if (ch === '\r' || cno === 0 || chars[cno - 1] !== '\r') line++;
        begin = cno + 1;
      } else {
        end = cno;
        break;
      }
    }
  }
  if (end < 0) end = cno;
  if (loc > cno) return '';
  let beginCut = false;
  let endCut = false;
  if (end - begin > DISPLAY_SIZE) {
    if (begin + DISPLAY_SIZE >= loc + MIN_RIGHT_CUT) {
      while (end - begin > DISPLAY_SIZE) end--;
      endCut = true;
    } else {
      while (loc + MIN_RIGHT_CUT < end) {
        end--;
        endCut = true;
      }
      while (end - begin > DISPLAY_SIZE) {
        begin++;
        beginCut = true;
      }
    }
  }
  const prefix = `LINE ${line}: ${beginCut ? '...' : ''}`;
  const shown = chars.slice(begin, end).join('');
  return `${prefix}${shown}${endCut ? '...' : ''}\n${' '.repeat(prefix.length + loc - begin)}^\n`;
}
