import type { RuleHit } from '../scan-types.js';
import { normaliseShellWords } from './normalise-shell-words.js';
import { normaliseUnicode } from './normalise-unicode.js';
import { changesWithin, composeViews, type NormalisedView, type TextChange } from './text-view.js';

export type { NormalisedView } from './text-view.js';

/**
 * The file text as every text and command rule reads it: Unicode folded (invisible characters
 * removed, NFKC compatibility forms, look-alike letters by their UTS #39 skeleton), then shell
 * words joined (quotes and backslashes inside a command name, variables that expand to one).
 * Undefined when the text reads the same (an ASCII file without such words costs one search).
 */
export function normaliseForRules(text: string): NormalisedView | undefined {
  const unicode = normaliseUnicode(text);
  const shell = normaliseShellWords(unicode?.text ?? text);
  if (!shell) return unicode;
  return unicode ? composeViews(unicode, shell) : shell;
}

function codePoints(s: string): string {
  return [...s].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
}

/** Changes that hide a match from a reader or a plain keyword search (not `…` → `...`). */
function evades(change: TextChange): boolean {
  return change.kind !== 'compatibility' && change.kind !== 'shell-variable';
}

function describe(change: TextChange): string {
  switch (change.kind) {
    case 'invisible':
      return `invisible ${codePoints(change.from)} ${change.to ? 'read as a space' : 'removed'}`;
    case 'look-alike':
      return `look-alike ${codePoints(change.from)} read as "${change.to}"`;
    case 'compatibility':
      return `${codePoints(change.from)} read as "${change.to}"`;
    case 'shell-quoting':
      return `\`${change.from}\` read as \`${change.to}\``;
    case 'shell-variable':
      return `\`${change.from}\` expands to \`${change.to}\``;
  }
}

const MAX_DESCRIBED = 6;

/**
 * A hit found in the normalised text, back in the original: its offsets and matched text are
 * what is written, its detail says what was read differently, and a match that needed hidden
 * or look-alike characters, or shell quoting, to hide carries the `evasion` signal.
 */
export function hitInOriginal(hit: RuleHit, view: NormalisedView, original: string, ownSignals: readonly string[]): RuleHit {
  const start = view.toOriginal(hit.start);
  const end = Math.max(start, view.toOriginalEnd(hit.end));
  // Frontmatter checks report a summary (`allowed-tools: Bash`), not a slice: it stays as it is.
  const sliced = hit.matched === view.text.slice(hit.start, hit.end);
  const matched = sliced ? original.slice(start, end) : hit.matched;
  const changes = changesWithin(view, start, end);
  if (!changes.length) return { ...hit, start, end, matched };
  const described =
    changes.slice(0, MAX_DESCRIBED).map(describe).join('; ') +
    (changes.length > MAX_DESCRIBED ? `; ${changes.length - MAX_DESCRIBED} more` : '');
  const note = `read as "${hit.matched}": ${described}`;
  return {
    ...hit,
    start,
    end,
    matched,
    detail: hit.detail ? `${hit.detail}; ${note}` : note,
    signals: changes.some(evades) ? [...new Set([...ownSignals, 'evasion'])] : hit.signals,
  };
}
