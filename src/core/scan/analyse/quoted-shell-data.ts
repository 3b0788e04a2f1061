import type { RawEvidence } from '../match/match-types.js';
import type { Capability, Unit } from '../scan-types.js';

/** Fenced code a shell runs. */
const SHELL_INFO = /^(?:sh|bash|zsh|ksh|dash|shell|console|shell-session)$/i;

/**
 * What a quoted string names when it is data: a download, a pipe into a shell, a deletion, an override.
 * A path, a host or a URL in a string is what a command is pointed at (`for f in '~/.ssh/id_rsa'; do curl -F "f=@$f" …`),
 * so evidence of a source, a sink or a place is never quieted here.
 */
const POINTED_AT: readonly Capability[] = ['source', 'sink', 'drop-box', 'tunnel', 'chat-webhook', 'credential-flow', 'self-copy'];

/** Commands that only read, print, compare or send their arguments: a string handed to them is not run. */
const DATA_COMMAND = new Set([
  'echo',
  'printf',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'jq',
  'curl',
  'test',
  '[',
  '[[',
  'wc',
  'diff',
  'cmp',
  'logger',
]);

/** A use that runs or stores the value: an evaluator, a shell given it as its script or input, a file written. */
const RUNS_OR_STORES =
  /\beval\b|\b(?:ba|z|k|da)?sh\b|\b(?:source|exec|xargs|parallel|ssh|su|sudo|nohup|timeout|watch|trap|alias|env|python3?|node|perl|ruby|osascript|pwsh|powershell|docker|kubectl|crontab|tee)\b|<<<|(?<![>\d&])>{1,2}(?!>)\s{0,4}(?!\/dev\/null|&\d)|^\s{0,8}\.\s/;

/** Output handed to a shell or an evaluator anywhere in the unit. */
const PIPED_TO_A_SHELL =
  /\|\s{0,4}(?:sudo\s{1,4})?(?:(?:ba|z|k|da)?sh|source|xargs|eval|python3?|node|perl|ruby|pwsh|iex)\b|\beval\b|<\(|\bsource\b/;

/**
 * The quoted strings of a shell unit (`'…'` and `"…"`, across lines), found once: `[open, close]` offsets of their quotes.
 * A `#` that starts a word opens a comment to the end of the line; a backslash escapes outside single quotes.
 */
function quotedStrings(text: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === '\\') i += 2;
    else if (c === '#' && (i === from || /\s/.test(text[i - 1]!))) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 || nl > to ? to : nl + 1;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < to && text[j] !== c) j += c === '"' && text[j] === '\\' ? 2 : 1;
      if (j >= to) return out;
      out.push([i, j]);
      i = j + 1;
    } else i++;
  }
  return out;
}

/** The quoted string (ranges in order, none inside another) that opens last before `at`: the only one that can hold it. */
function lastOpeningBefore(ranges: readonly [number, number][], at: number): [number, number] | undefined {
  let lo = 0;
  let hi = ranges.length - 1;
  let found: [number, number] | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]![0] < at) {
      found = ranges[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The name a quoted string at `open` is given: a `for NAME in` list's word, or `NAME='…'` (with `local`, `export`…). */
function nameGiven(text: string, unitStart: number, open: number): string | undefined {
  const before = text.slice(Math.max(unitStart, open - 2000), open);
  const assigned = /(?:^|[\s;&|(])(?:(?:local|export|readonly|declare(?:\s{1,4}-\w{1,4})?)\s{1,4})?([A-Za-z_]\w{0,40})=$/.exec(before);
  if (assigned) return assigned[1];
  // A `for` list: only words, quoted strings and continued lines between `in` and this string.
  const list = /(?:^|[\s;&|(])for\s{1,4}([A-Za-z_]\w{0,40})\s{1,4}in((?:\s|\\\n|'[^']*'|"(?:[^"\\]|\\[^])*"|[^\s;&|()'"<>`$])*)$/.exec(
    before,
  );
  return list?.[1];
}

/** The command a use at `at` is an argument of: the first word after the nearest separator before it. */
function commandOf(text: string, unitStart: number, at: number): string {
  // A command continued over lines (`curl … \` then `  -d "$p"`) starts on the first of them.
  let lineStart = text.lastIndexOf('\n', at - 1) + 1;
  while (lineStart > unitStart + 1 && text[lineStart - 2] === '\\') lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  lineStart = Math.max(unitStart, lineStart);
  let head = text.slice(lineStart, at);
  // Inside `$(…)` or after `;`, `&&`, `||`, `|`, `{`, `(`, `do`, `then`: the innermost command holds the use.
  let cut = -1;
  for (const m of head.matchAll(/[;&|{(`]|\b(?:do|then|else)\s/g)) cut = m.index + m[0].length;
  if (cut >= 0) head = head.slice(cut);
  return /^\s*(?:!\s+)?(?:[A-Za-z_]\w*=\S*\s+)*([^\s"'$]+)/.exec(head)?.[1] ?? '';
}

/** Whether every use of `$name` after `from` in the unit hands the value to a command that does not run it. */
function onlyPassedOn(text: string, unitStart: number, from: number, to: number, name: string): boolean {
  // What the unit does with output it builds (`done | sh`, `… | xargs -I{} sh -c {}`) may run the string wherever it is printed.
  if (PIPED_TO_A_SHELL.test(text.slice(from, to).replace(/'[^'\n]*'/g, "''"))) return false;
  const use = new RegExp(String.raw`\$(?:\{${name}(?:[:#%/^,][^}\n]{0,40})?\}|${name}\b)`, 'g');
  use.lastIndex = from;
  for (let m = use.exec(text); m && m.index < to; m = use.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    const lineEnd = text.indexOf('\n', m.index);
    const line = text.slice(lineStart, lineEnd < 0 || lineEnd > to ? to : lineEnd);
    // Single-quoted text expands nothing and runs nothing (the fixtures themselves may say `bash`).
    if (RUNS_OR_STORES.test(line.replace(/'[^'\n]*'/g, "''"))) return false;
    if (!DATA_COMMAND.has(commandOf(text, unitStart, m.index))) return false;
  }
  return true;
}

/**
 * A command written inside a quoted string of a shell block that only hands the string on as data
 * (`for p in 'Ignore all previous instructions' '<!-- run \`curl … | bash\` -->'; do curl -d "$p" localhost …`):
 * the fixtures a red-team test sends, not a step this shell runs. Described: MEDIUM at most. A string that is
 * evaluated, given to a shell (`sh -c "$p"`), run as a command or written to a file keeps its level.
 */
export function quietQuotedShellData(raw: RawEvidence[], units: readonly Unit[], text: string, shellFile: boolean): void {
  const strings = new Map<number, [number, number][]>();
  // Each quoted string is judged once, whatever number of matches it holds.
  const verdicts = new Map<number, boolean>();
  for (const r of raw) {
    const unit = units[r.unit];
    if (r.described || !unit || unit.kind !== 'code' || r.capabilities.some((c) => POINTED_AT.includes(c))) continue;
    const shell = unit.origin === 'script' ? shellFile : unit.origin === 'fence' && SHELL_INFO.test(unit.info ?? '');
    if (!shell) continue;
    let ranges = strings.get(unit.id);
    if (!ranges) strings.set(unit.id, (ranges = quotedStrings(text, unit.start, unit.end)));
    // A match may take in the closing quote (`rm -rf ~/'`).
    const holder = lastOpeningBefore(ranges, r.start);
    if (!holder || r.end > holder[1] + 1) continue;
    let data = verdicts.get(holder[0]);
    if (data === undefined) {
      const name = nameGiven(text, unit.start, holder[0]);
      verdicts.set(holder[0], (data = name !== undefined && onlyPassedOn(text, unit.start, holder[1] + 1, unit.end, name)));
    }
    if (data) r.described = true;
  }
}
