// What went wrong on a wall screen lately. A public screen never shows error text, so the
// parts that would (dynamic content out of reach, sample data in use) report here instead,
// and the player's heartbeat carries the summary to the Equipment page.

const problems = new Map<string, string>();

/** Records the latest problem of `source` (for example 'weather'), replacing its previous one. */
export function reportProblem(source: string, message: string): void {
  problems.set(source, message);
}

/** `source` works again. */
export function clearProblem(source: string): void {
  problems.delete(source);
}

/** One line of the current problems ('weather: Failed to fetch · news: …'), or null when all is well. */
export function diagnosticsSummary(): string | null {
  if (problems.size === 0) return null;
  return [...problems].map(([source, message]) => `${source}: ${message}`).join(' · ');
}
