// Text searches sent to PostgREST as `or=(col.ilike.<pattern>,...)`.

/**
 * An `ilike` operand matching `text` anywhere, for use inside a PostgREST `or=` list:
 * LIKE wildcards typed by the user (% _ \) are escaped, PostgREST's own wildcard `*` is
 * dropped, and the value is double-quoted so commas, dots and parentheses stay literal.
 */
export function containsPattern(text: string): string {
  const like = text.replace(/\*/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `"%${like.replace(/[\\"]/g, (c) => `\\${c}`)}%"`;
}
