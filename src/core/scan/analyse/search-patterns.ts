import type { Evidence } from '../scan-types.js';

/** A search command and its options, then an open quote: what follows up to the closing quote is the pattern it looks for. */
const OPEN_PATTERN =
  /(?:^|[\s;&|(`])(?:e?grep|fgrep|zgrep|rg|ag|ack|findstr|select-string|git\s{1,4}grep)\b(?:\s{1,4}-{1,2}[\w-]{1,30}(?:[=\s]\w{1,20})?){0,8}\s{1,4}(?:(?:-e|--regexp|-pattern|--pattern)[=\s]{1,4})?(["'])(?:(?!\1)[^\n]){0,400}$/i;

/**
 * Evidence inside the pattern a search command looks for (`grep -nE 'NOPASSWD|ufw disable|setenforce' -r .`):
 * text searched for, not run. Kept as a mention, like a guard's list of forbidden commands.
 */
export function quietSearchPatterns(evidence: Evidence[], text: string): void {
  for (const e of evidence) {
    if (e.capabilities.includes('mentions-attack')) continue;
    const lineStart = text.lastIndexOf('\n', e.start - 1) + 1;
    const prefix = text.slice(Math.max(lineStart, e.start - 500), e.start);
    if (!/grep|rg|ag|ack|findstr|select-string/i.test(prefix) || !OPEN_PATTERN.test(prefix)) continue;
    e.capabilities = ['mentions-attack'];
    e.level = 'LOW';
    e.evidenceOnly = true;
  }
}
