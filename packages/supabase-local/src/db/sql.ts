// Quoting for the few places SQL text is built rather than bound: identifiers that
// were checked against a known list first, and literals in generated DDL.

/** A quoted SQL identifier ("name", with embedded quotes doubled). */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A quoted SQL string literal ('text', with embedded quotes doubled). */
export const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
