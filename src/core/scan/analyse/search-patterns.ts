import { itemOfShellPatternArray } from '../match/code-context.js';
import type { Evidence } from '../scan-types.js';

/** A search command and its options, then an open quote: what follows up to the closing quote is the pattern it looks for. */
const OPEN_PATTERN =
  /(?:^|[\s;&|(`])(?:e?grep|fgrep|zgrep|rg|ag|ack|findstr|select-string|git\s{1,4}grep)\b(?:\s{1,4}-{1,2}[\w-]{1,30}(?:[=\s]\w{1,20})?){0,8}\s{1,4}(?:(?:-e|--regexp|-pattern|--pattern)[=\s]{1,4})?(["'])(?:(?!\1)[^\n]){0,400}$/i;

/**
 * A regular expression compiled in code, up to an open string (`regexp.MustCompile(\x60cat\s+…`, `re.compile(r"curl[^|]*\|`,
 * `new RegExp('printenv|env')`): the string is a pattern to recognise. Ends at the call's parenthesis when the evidence
 * starts at the string's opening quote.
 */
const COMPILED_PATTERN =
  /\b(?:regexp\.(?:MustCompile|Compile|MatchString)|re\.(?:compile|search|match|fullmatch|findall|finditer)|RegExp|Regex(?:::new)?|Pattern\.compile|\[regex\]::(?:new|Match|IsMatch))\s{0,4}\(\s{0,4}(?:[rb]{1,2})?(?:(["'\x60])(?:(?!\1)[^\n]){0,400})?$/;

/**
 * Evidence inside the pattern a search command looks for (`grep -nE 'NOPASSWD|ufw disable|setenforce' -r .`):
 * text searched for, not run; so is a regular expression code compiles, and an item of a guard's shell array of patterns. Kept as a mention, like a guard's list of
 * forbidden commands.
 */
export function quietSearchPatterns(evidence: Evidence[], text: string): void {
  for (const e of evidence) {
    if (e.capabilities.includes('mentions-attack')) continue;
    const lineStart = text.lastIndexOf('\n', e.start - 1) + 1;
    const prefix = text.slice(Math.max(lineStart, e.start - 500), e.start);
    if (
      !searched(prefix) &&
      !compiled(prefix, text[e.start]) &&
      !inRegexString(text, lineStart, e.start) &&
      !itemOfShellPatternArray(text, e.start)
    )
      continue;
    e.capabilities = ['mentions-attack'];
    e.level = 'LOW';
    e.evidenceOnly = true;
  }
}

function searched(prefix: string): boolean {
  return /grep|rg|ag|ack|findstr|select-string/i.test(prefix) && OPEN_PATTERN.test(prefix);
}

function compiled(prefix: string, first: string | undefined): boolean {
  if (!/(?:regexp|re|RegExp|Regex|Pattern|\[regex\])\b/.test(prefix)) return false;
  const m = COMPILED_PATTERN.exec(prefix);
  return !!m && (m[1] !== undefined || first === '"' || first === "'" || first === '`');
}

/** A raw string whose text is a regular expression (`r"cat\s+.*(\.ssh/id_|\.aws/credentials)"`): escapes only a regex has. */
const RAW_STRING = /(?<![\w'"])[rR][bB]?(["'])((?:(?!\1)[^\n]){1,400})\1/g;
const REGEX_ONLY = /\\[sbdwSBDW]|\[\^|\(\?[:=!<]/;

function inRegexString(text: string, lineStart: number, at: number): boolean {
  // A string of at most 400 characters holds `at`: only that much of its line either side is read.
  const from = Math.max(lineStart, at - 404);
  const lineEnd = text.indexOf('\n', at);
  const line = text.slice(from, Math.min(lineEnd < 0 ? text.length : lineEnd, at + 404));
  if (!/[rR][bB]?["']/.test(line)) return false;
  for (const m of line.matchAll(RAW_STRING)) if (from + m.index <= at && at < from + m.index + m[0].length) return REGEX_ONLY.test(m[2]!);
  return false;
}
