import { lazyLines, type Lines } from '../lazy-lines.js';
import type { FileType } from '../classify-path.js';
import { findEscapedTags, findHiddenUnicode, hasHiddenUnicodeCandidate } from '../decode/find-hidden-unicode.js';
import type { CompiledRules } from '../engine/compile-rules.js';
import { hitInOriginal, normaliseForRules, type NormalisedView } from '../normalise/normalise-for-rules.js';
import { scriptName } from '../normalise/confusables.js';
import { MAX_REPLACEMENTS } from '../normalise/text-view.js';
import { scanText, type TextScanOptions, type TextScanResult } from '../scan-text.js';
import type { RuleHit } from '../scan-types.js';
import { combineEvidence, ownSignals } from './combine-evidence.js';

function excerptAround(text: string, start: number, end: number): string {
  return text.slice(Math.max(0, start - 30), Math.min(text.length, end + 30));
}

/** S008 over every character of the original text: invisible runs, escaped Tag characters, and look-alike letters inside Latin words. */
function hiddenCharacterHits(text: string, lines: Lines, view: NormalisedView | undefined): RuleHit[] {
  const hits: RuleHit[] = [];
  const push = (start: number, end: number, level: RuleHit['level'], detail: string, signals?: string[]) =>
    hits.push({
      ruleId: 'S008',
      level,
      start,
      end,
      matched: excerptAround(text, start, end),
      detail,
      line: lines.position(start).line,
      ...(signals ? { signals } : {}),
    });
  if (hasHiddenUnicodeCandidate(text))
    for (const h of findHiddenUnicode(text))
      push(h.start, h.end, h.filler ? 'MEDIUM' : 'HIGH', h.detail, h.filler ? ['evasion'] : undefined);
  for (const h of findEscapedTags(text)) push(h.start, h.end, h.run > 1 ? 'HIGH' : 'MEDIUM', h.detail);
  for (const c of view?.changes ?? []) {
    if (c.kind !== 'look-alike') continue;
    const before = text[c.at - 1] ?? '';
    const after = text[c.at + c.length] ?? '';
    if (!/[A-Za-z]/.test(before) && !/[A-Za-z]/.test(after)) continue;
    const cp = c.from.codePointAt(0)!;
    push(
      c.at,
      c.at + c.length,
      'MEDIUM',
      `${scriptName(cp)} "${c.from}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')}) among Latin letters reads as "${c.to}"`,
      ['evasion'],
    );
  }
  if (view?.stoppedAt !== undefined) {
    const at = view.stoppedAt;
    push(
      at,
      Math.min(text.length, at + 1),
      'HIGH',
      `more than ${MAX_REPLACEMENTS} invisible characters, look-alike letters or split command names; from here on the rules read the file as written`,
      ['hidden-text', 'evasion'],
    );
  }
  return hits;
}

/**
 * One decoded text file → rule hits with their levels decided. Rules read the normalised text
 * (normalise/), so invisible characters, look-alike letters and shell quoting cannot hide a
 * match; every hit points back at what is written and says what was read differently. S008
 * reads the original characters. Then the evidence of each unit decides each level.
 */
export function judgeText(path: string, text: string, type: FileType, rules: CompiledRules, options: TextScanOptions = {}): TextScanResult {
  const view = normaliseForRules(text);
  const found = scanText(path, view?.text ?? text, type, rules, options);
  const lines = view ? lazyLines(text) : found.lines;
  const hidden = rules.enabled('S008') ? hiddenCharacterHits(text, lines, view) : [];
  const hits = view ? found.hits.map((h) => hitInOriginal(h, view, text, ownSignals(h))) : found.hits;
  const blocks = view ? found.blocks.map((b) => ({ ...b, start: view.toOriginal(b.start), end: view.toOriginalEnd(b.end) })) : found.blocks;
  return {
    ...found,
    lines,
    blocks,
    hits: [...combineEvidence(hidden, [], found.evidence), ...combineEvidence(hits, blocks, found.evidence)],
  };
}
