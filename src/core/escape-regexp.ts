/** Text made literal for a regular expression (every metacharacter escaped). */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
