import { wordAround } from './native-script.js';
import { tableRow } from '../rules/s004-vocabulary.js';
import { TEST_RECORD } from '../match/code-context.js';
import { lineAt } from '../segment/line-at.js';
import { isTurkishI, writtenInTurkish } from './turkish-text.js';
import type { Lines } from '../lazy-lines.js';
import { findEscapedTags, findHiddenUnicode, hasHiddenUnicodeCandidate } from '../decode/find-hidden-unicode.js';
import { scriptName } from '../normalise/confusables.js';
import type { NormalisedView } from '../normalise/normalise-for-rules.js';
import { MAX_REPLACEMENTS } from '../normalise/text-view.js';
import type { Capability, Evidence, ScanLevel } from '../scan-types.js';

function excerptAround(text: string, start: number, end: number): string {
  return text.slice(Math.max(0, start - 30), Math.min(text.length, end + 30));
}

/** Zero-width spaces and joiners (not Tag characters, which carry text of their own). */
const ZERO_WIDTH_ONLY = /^[\u200B-\u200D\u2060]+$/;
/** A line that names the characters it shows: "zero-width-joined `i<ZWSP>g<ZWSP>n<ZWSP>o<ZWSP>r<ZWSP>e` variant", "ZWSP", "U+200B". */
const NAMES_ZERO_WIDTH = /zero[\s-]?width|\bZW(?:SP|J|NJ)\b|U\+200[BCD]\b/i;

/**
 * Zero-width characters inside an inline code span on a line that names them (a red-team case listing "a zero-width-joined
 * variant"): a specimen shown, the split word visible around it. Tag characters, which spell out hidden text, are not this.
 */
function namedZeroWidthSpecimen(text: string, start: number, end: number): boolean {
  if (!ZERO_WIDTH_ONLY.test(text.slice(start, end))) return false;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  return NAMES_ZERO_WIDTH.test(line) && (before.split('`').length - 1) % 2 === 1 && after.includes('`');
}

/**
 * S008 over every character of the original text: invisible runs, escaped Tag characters, look-alike
 * letters inside Latin words, and a file past the replacement limit. Letters of another script
 * among their own (Greek in a formula, Cyrillic words) are writing, not evasion.
 */
export function hiddenCharacterEvidence(
  text: string,
  lines: Lines,
  view: NormalisedView | undefined,
  markdown = false,
): Omit<Evidence, 'unit'>[] {
  const out: Omit<Evidence, 'unit'>[] = [];
  const push = (start: number, end: number, level: ScanLevel, detail: string, capabilities: readonly Capability[], detector: string) => {
    const from = lines.position(start);
    const to = lines.position(Math.max(start, end - 1));
    out.push({
      rule: 'S008',
      detector,
      capabilities,
      level,
      start,
      end,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column + 1,
      matched: excerptAround(text, start, end),
      detail,
    });
  };
  if (hasHiddenUnicodeCandidate(text))
    for (const h of findHiddenUnicode(text)) {
      if (!h.filler && namedZeroWidthSpecimen(text, h.start, h.end)) {
        push(h.start, h.end, 'MEDIUM', h.detail, ['mentions-attack'], 'invisible-characters');
        continue;
      }
      push(h.start, h.end, h.filler ? 'MEDIUM' : 'HIGH', h.detail, h.filler ? ['evasion'] : ['hidden-text'], 'invisible-characters');
    }
  // Written as escapes in a document's table (`stored escaped as \U000E0049\U000E0067…` in a test plan's cases) or in a
  // test case it shows (`{"input": "Hi\U000E0049…", "expect": "tag_chars_stripped"}`), the characters are listed for the
  // reader, not hidden from them; an order to append them to replies still hides text.
  for (const h of findEscapedTags(text))
    if (markdown && (tableRow(text, h.start) || TEST_RECORD.test(lineAt(text, h.start).line)))
      push(h.start, h.end, 'MEDIUM', h.detail, ['mentions-attack'], 'escaped-tag-characters');
    else push(h.start, h.end, h.run > 1 ? 'HIGH' : 'MEDIUM', h.detail, ['hidden-text'], 'escaped-tag-characters');
  for (const c of view?.changes ?? []) {
    if (c.kind !== 'look-alike') continue;
    // Full-width punctuation after CJK text (`密钥（upload`) is how those languages write a bracket, not a letter in disguise.
    if (!/^[\p{L}\p{N}]/u.test(c.from)) continue;
    // The word around it: a look-alike hides among Latin letters (`Ignоre`); a Greek letter in a formula (`μs`, `Δt`) is notation.
    const [from, to] = wordAround(text, c.at, c.length);
    const latin = (text.slice(from, c.at) + text.slice(c.at + c.length, to)).replace(/[^A-Za-z]/g, '').length;
    if (latin < 3) continue;
    // Turkish and Azerbaijani write the dotless ı among Latin letters (`kullanıcının`): in a text with their other letters it is
    // a letter of the language, still read as `i` by the rules.
    if (isTurkishI(c.from) && writtenInTurkish(text)) continue;
    const cp = c.from.codePointAt(0)!;
    push(
      c.at,
      c.at + c.length,
      'MEDIUM',
      `${scriptName(cp)} "${c.from}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')}) among Latin letters reads as "${c.to}"`,
      ['evasion'],
      'look-alike-letters',
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
      'replacement-limit',
    );
  }
  return out;
}
