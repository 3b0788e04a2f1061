import { type Lines } from '../lazy-lines.js';
import type { RawEvidence } from '../match/match-units.js';
import { type NormalisedView } from '../normalise/normalise-for-rules.js';
import { changesWithin, type TextChange } from '../normalise/text-view.js';
import type { Evidence } from '../scan-types.js';
import { nativeLetter } from './native-script.js';
import { isTurkishI, writtenInTurkish } from './turkish-text.js';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Changes that hide a match from a reader or a plain keyword search (not `…` → `...`, not a script writing a script's `\$`). */
function evades(change: TextChange, original: string): boolean {
  if (change.kind === 'look-alike' && isTurkishI(change.from)) return !writtenInTurkish(original);
  // Full-width punctuation right after Chinese, Japanese or Korean text (`确认后再执行，`) is how those languages punctuate.
  if (change.kind === 'look-alike' && !/[\p{L}\p{N}]/u.test(change.from) && CJK.test(original.slice(Math.max(0, change.at - 2), change.at)))
    return false;
  return (
    change.kind !== 'compatibility' && change.kind !== 'shell-variable' && change.kind !== 'shell-escape' && change.kind !== 'path-join'
  );
}

function codePoints(s: string): string {
  return [...s].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
}

function describeChange(change: TextChange): string {
  switch (change.kind) {
    case 'invisible':
      return `invisible ${codePoints(change.from)} ${change.to ? 'read as a space' : 'removed'}`;
    case 'look-alike':
      return `look-alike ${codePoints(change.from)} read as "${change.to}"`;
    case 'compatibility':
      return `${codePoints(change.from)} read as "${change.to}"`;
    case 'shell-quoting':
    case 'shell-escape':
    case 'path-join':
      return `\`${change.from}\` read as \`${change.to}\``;
    case 'shell-variable':
      return `\`${change.from}\` expands to \`${change.to}\``;
  }
}

/** A match in the text the rules read → evidence at what is written, saying what was read differently. */
export function toEvidence(raw: RawEvidence, original: string, view: NormalisedView | undefined, lines: Lines): Evidence {
  const start = view ? view.toOriginal(raw.start) : raw.start;
  const end = Math.max(start, view ? view.toOriginalEnd(raw.end) : raw.end);
  // A look-alike that is a letter of the text's own language is how it is spelled: nothing to explain.
  const changes = view
    ? changesWithin(view, start, end).filter((c) => !(c.kind === 'look-alike' && nativeLetter(original, c.at, c.length, c.from)))
    : [];
  const described = changes.slice(0, 6).map(describeChange).join('; ') + (changes.length > 6 ? `; ${changes.length - 6} more` : '');
  const note = changes.length ? `read as "${raw.matched}": ${described}` : undefined;
  const from = lines.position(start);
  const to = lines.position(Math.max(start, end - 1));
  const capabilities = changes.some((c) => evades(c, original))
    ? [...new Set([...raw.capabilities, 'evasion' as const])]
    : raw.capabilities;
  const detail = [raw.detail, note].filter(Boolean).join('; ');
  return {
    rule: raw.rule,
    detector: raw.detector,
    capabilities,
    level: raw.level,
    start,
    end,
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column + 1,
    matched: original.slice(start, end) || raw.matched,
    ...(detail ? { detail } : {}),
    ...(raw.why ? { why: raw.why } : {}),
    unit: raw.unit,
    ...(raw.evidenceOnly ? { evidenceOnly: true } : {}),
    ...(raw.hosts?.length ? { hosts: raw.hosts } : {}),
    ...(raw.owners?.length ? { owners: raw.owners } : {}),
    ...(raw.urls?.length ? { urls: raw.urls } : {}),
    ...(raw.authenticates ? { authenticates: true } : {}),
    ...(raw.clause !== undefined ? { clause: raw.clause } : {}),
    ...(raw.inCode ? { inCode: true } : {}),
    ...(raw.inSpan ? { inSpan: true } : {}),
    ...(raw.negated ? { negated: true } : {}),
    ...(raw.described ? { described: true } : {}),
  };
}
