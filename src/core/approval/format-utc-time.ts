/** `2026-05-01T12:34:56.789Z` → `2026-05-01 12:34 UTC` for people; the raw text when it is not a time. */
export function formatUtcTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
