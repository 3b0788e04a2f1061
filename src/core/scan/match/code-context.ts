import { inRegexLiteral } from './regex-literals.js';
import { lineAt } from '../segment/line-at.js';
import { oncePerText, oncePerTextAndKey } from '../rules/once-per-text.js';

/**
 * Whether a match in code is something the code does, or text the code holds: a string it compares,
 * searches for, prints or lists (a detection rule, a test case, a grep pattern), which runs nothing.
 * A string counts as text only where nothing could run it: a line that pipes it into a shell, writes
 * it to a file that runs later, or hands it to `eval`/`exec`/`system`, and a unit that executes
 * strings anywhere, keep every match.
 */

/** Languages where a quoted string is data unless something executes it. */
const DATA_STRING_LANGUAGES =
  /^(?:py|python\d?|js|javascript|mjs|cjs|jsx|ts|typescript|tsx|rb|ruby|go|golang|java|kt|kotlin|rs|rust|cs|csharp|c|cpp|c\+\+|php|swift|scala|lua|pl|perl|r|jl|julia|dart|ex|exs|elixir|xml|html|sql|semgrep|sigma|yara|regex|sigma-rule)$/i;

/** Languages of detection rules and log queries: what they name is searched for, never read or run. */
const DETECTION_QUERY = /^(?:kql|kusto|spl|splunk|eql|esql|lucene|sigma|yara?|semgrep)$/i;

/** A code block or script in a detection-rule or log-query language. */
export function isDetectionQuery(language: string | undefined): boolean {
  return language !== undefined && DETECTION_QUERY.test(language);
}

/** Calls that run a string as code, a command or SQL (a driver's `.query(…)`): with one in the unit, no string is safely data. */
export const EXECUTES_STRINGS =
  /\b(?:exec|eval|execfile|compile|system|popen|spawn|spawnSync|execSync|execFileSync|execFile|Function|shell_exec|passthru|proc_open|getoutput|check_output|check_call|call|run|Popen|Start-Process|Invoke-Expression|iex|ProcessBuilder|Command|capture2e?|capture3|popen2e?|popen3|execa|execaSync)\s{0,4}\(|\.(?:execute|executemany|executescript|exec_driver_sql|query|\$executeRaw(?:Unsafe)?|\$queryRaw(?:Unsafe)?)\s{0,4}\(|\bshell\s{0,4}=\s{0,4}True\b|\bsubprocess\b|\bchild_process\b|\bos\.system\b|\bRuntime\.getRuntime\b|\b(?:ba|z|da|k)?sh\s{1,4}-c\b|\bssh\b[^'"\n|;&]{1,200}?\s["']|\bsu\s{1,4}(?:-\s{1,4}|-l\s{1,4})?(?:[\w.-]{1,32}\s{1,4})?-c\s{1,4}["']|\beval\s{1,4}["']|\bcmd(?:\.exe)?\s{1,4}\/c\b|\b(?:powershell|pwsh)(?:\.exe)?\s{1,4}-(?:c|command|enc|encodedcommand)\b|\bEXECUTE\s{1,4}IMMEDIATE\b|\bsp_executesql\b/i;

/** Shell scripts and blocks: their quoted strings hold no calls (`block "iex (iwr …)"` is a message, not PowerShell). */
const SHELL_LANGUAGE = /^(?:sh|bash|zsh|dash|ksh|shell|console|shellsession)$/i;
const QUOTED = /"(?:[^"\\\n]|\\.){0,2000}"|'[^'\n]{0,2000}'/g;

/** Whether code runs strings as code: in shell, only what stands outside its quoted strings counts (`eval "…"` still does). */
export function executesStrings(code: string, language: string | undefined): boolean {
  return EXECUTES_STRINGS.test(language !== undefined && SHELL_LANGUAGE.test(language) ? code.replace(QUOTED, (q) => q[0]! + q[0]!) : code);
}

/** Shell commands whose quoted arguments are patterns or text, not commands. */
const SEARCHES =
  /(?:^|[\s;&|(`])(?:grep|egrep|fgrep|rg|ag|ack|git\s{1,4}grep|sed|awk|findstr|select-string|sls|semgrep|yara|jq|echo|printf|write-host|write-output|log|logger|test|\[\[?)\b/i;

/** Keys whose values are patterns, rules or test inputs (a detection rule, an evaluation case), not settings. */
const DATA_KEY =
  /^\s{0,40}(?:-\s{1,4}|\{\s{0,4})?["']?(?:pattern|patterns|pattern-either|pattern-regex|pattern-not|pattern-inside|patterns-not|regex|regexp|match|matches|contains|startswith|endswith|signature|signatures|indicator|indicators|ioc|iocs|rule|rules|detection|condition|keywords?|example|examples|sample|samples|input|inputs|prompt|prompts|payload|payloads|attack|attacks|case|cases|test|tests|expected|expect|bad|dangerous|malicious|jailbreak|injection|adversarial|commandline|command_line|CommandLine(?:\|[\w]+)?|deny|denied|disallow|disallowed|disallowedTools|block|blocked|blocklist|denylist|forbid|forbidden)["']?\s{0,4}:/i;

/** A record of a test or evaluation set: it says what a classifier should make of its text. */
export const TEST_RECORD =
  /["']?(?:expect|expected|expect_\w{1,30}|expected_\w{1,30}|assert|assertions?|assert_\w{1,30}|label|should_\w{1,30}|must_\w{1,30}|fail_if\w{0,30}|pass_if\w{0,30}|verdict|classification|ground_truth)["']?\s{0,4}:/i;

/** Escapes and groups only regular expressions use: `\s`, `\b`, `[^…]`, `(?:…)`, an escaped pipe. */
const REGEX_SYNTAX = /\\[sbdwSDW][*+?{)|]|\\[bB][(.]|\)\\b|\[\^[^\]]{1,40}\][*+?{]|\(\?[:=!<]|\\\|/;

/** A call that compiles its string argument as a regular expression. */
const REGEX_CONSTRUCTOR =
  /\b(?:re\.(?:compile|search|match|fullmatch|findall|finditer|sub|split)|new\s{1,4}RegExp|RegExp|regexp\.(?:MustCompile|Compile)|Regex(?:\.new)?|Pattern\.compile|preg_match(?:_all)?|preg_replace)\s{0,4}\(/;

/** What holds `[start, end)` on its line: a string literal, a comment, or nothing (it is code). */
function enclosingString(line: string, start: number, end: number): 'string' | 'comment' | undefined {
  let quote = '';
  let opened = -1;
  // Shell's `"$(curl …)"`: a command substitution inside double quotes is a command, not the string's text.
  const substitutions: { opened: number; depth: number }[] = [];
  for (let i = 0; i < line.length && i < end; i++) {
    const c = line[i]!;
    if (!quote && substitutions.length && (c === '(' || c === ')')) {
      const top = substitutions[substitutions.length - 1]!;
      if (c === '(') top.depth++;
      else if (top.depth > 0) top.depth--;
      else {
        substitutions.pop();
        quote = '"';
        opened = top.opened;
      }
      continue;
    }
    if (quote) {
      if (c === '\\' && quote !== "'") {
        i++;
        continue;
      }
      // A triple-quoted string (Python, Kotlin, Swift) closes only on its three quotes: a quote inside is text.
      if (quote.length === 3) {
        if (line.startsWith(quote, i)) {
          if (opened < start && i >= end - 1) return 'string';
          quote = '';
          i += 2;
        }
        continue;
      }
      if (quote === '"' && c === '$' && line[i + 1] === '(' && substitutions.length < 8) {
        substitutions.push({ opened, depth: 0 });
        quote = '';
        i++;
        continue;
      }
      if (c === quote) {
        if (opened < start && i >= end - 1) return 'string';
        quote = '';
      }
    } else if (c === '"' || c === "'" || c === '`') {
      const triple = line.startsWith(c.repeat(3), i) && c !== '`';
      quote = triple ? c.repeat(3) : c;
      opened = triple ? i + 2 : i;
      if (triple) i += 2;
    } else if (
      ((c === '#' && /(?:^|\s)$/.test(line.slice(0, i))) || (c === '/' && line[i + 1] === '/' && /(?:^|\s|;)$/.test(line.slice(0, i)))) &&
      i < start
    ) {
      // A comment: what follows is text whatever it says.
      return 'comment';
    }
  }
  return quote !== '' && opened < start ? 'string' : undefined;
}

export interface CodeContext {
  /** The language a code block says it is (`python`, `yaml`), or a script's extension. */
  language?: string;
  /** Whether the unit (a code block, a script) executes strings anywhere. */
  executesStrings: boolean;
  /** A code block of a Markdown document (not a script file). */
  inMarkdown?: boolean;
  /** Shell functions the unit defines that only print, log or exit with their arguments (`deny() { echo "$1" >&2; exit 2; }`). */
  messageFunctions?: ReadonlySet<string>;
}

/** A shell function's first line (`deny() {`, `function log() {`): its name, and what follows the brace on that line. */
const SHELL_FUNCTION = /^[ \t]{0,8}(?:function[ \t]{1,4})?([A-Za-z_][\w-]{0,40})[ \t]{0,4}\([ \t]{0,4}\)[ \t]{0,4}\{([^\n]{0,300})$/gm;
/** The line that closes a function written over several lines. */
const CLOSING_BRACE = /^[ \t]{0,8}\}[ \t]{0,4};?[ \t]{0,4}$/;
/** A body that runs its arguments (or anything) rather than printing them. */
const RUNS_ARGUMENTS =
  /\beval\b|\b(?:ba|z|da|k)?sh\s{1,4}-c\b|(?:^|[;{&|\n]\s{0,4})"?\$(?:1|@|\*|\{1\}|\{@\})|\bexec\b|\bsource\b|\bxargs\b/;

/** A function's body: the rest of its first line when it closes there, else the lines up to its closing brace (a few dozen at most). */
function functionBody(unit: string, firstLine: string, bodyStart: number): string | undefined {
  if (firstLine.includes('}')) return firstLine.slice(0, firstLine.lastIndexOf('}'));
  let at = bodyStart;
  for (let lines = 0; lines < 40 && at < unit.length; lines++) {
    const end = unit.indexOf('\n', at + 1);
    const line = unit.slice(at + 1, end < 0 ? unit.length : end);
    if (CLOSING_BRACE.test(line)) return unit.slice(bodyStart - firstLine.length, at);
    if (end < 0) break;
    at = end;
  }
  return undefined;
}

/** Functions of a shell unit whose body only prints, logs or exits: a quoted argument to one is a message. */
export function shellMessageFunctions(unit: string): Set<string> {
  const names = new Set<string>();
  if (!unit.includes('{')) return names;
  for (const m of unit.matchAll(SHELL_FUNCTION)) {
    const body = functionBody(unit, m[2]!, m.index + m[0].length);
    if (body !== undefined && !RUNS_ARGUMENTS.test(body) && /\b(?:echo|printf|exit|return|logger|log)\b/.test(body)) names.add(m[1]!);
  }
  return names;
}

/** The item at `at` of `unit` belongs to a list under a key that holds patterns (`"deny": [ … ]`, `blocked:`). */
export function itemOfPatternList(unit: string, at: number): boolean {
  const line = lineAt(unit, at);
  const opener = arrayOpener(unit, line);
  return (
    DATA_KEY.test(opener) || DATA_KEY.test(blockScalarOpener(unit, line)) || (patternArray(unit, opener) && comparesWithoutRunning(unit))
  );
}

/** The item at `at` of a shell script belongs to an array of patterns that the script only compares commands with. */
export function itemOfShellPatternArray(unit: string, at: number): boolean {
  // The unit-wide test first: it is read once per unit, the line for every item.
  return comparesWithoutRunning(unit) && patternArray(unit, arrayOpener(unit, lineAt(unit, at)));
}

/** A shell array named for patterns, or of any name (`verboten=(`) that the unit loops over and greps with each item. */
function patternArray(unit: string, opener: string): boolean {
  if (SHELL_PATTERN_ARRAY.test(opener)) return true;
  const name = SHELL_ARRAY_OPENER.exec(opener)?.[1];
  return name !== undefined && greppedInLoop(unit, name);
}

/** Whether the unit loops over the array `name` (its items, or an associative array's keys: `"${!rules[@]}"`) and greps with each; read once per unit and array (every item asks). */
const greppedInLoop = oncePerTextAndKey((unit, name) => {
  const loop = new RegExp(String.raw`\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}"?\$\{!?${name}\[[@*]\]\}`).exec(unit);
  return !!loop && new RegExp(String.raw`\b(?:[ef]?grep|rg)\b[^\n]{0,120}\$\{?${loop[1]}\b|=~\s{0,4}"?\$\{?${loop[1]}\b`).test(unit);
});

const SHELL_ARRAY_OPENER =
  /^\s{0,40}(?:(?:local|declare|readonly|typeset)\s{1,4}(?:-[aAr]{1,3}\s{1,4})?)?(\w{1,40})=\(\s{0,4}(?:#[^\n]{0,200})?$/;

/** A shell array of patterns (`deny=(`, `local -a blocked=(`): what a guard compares commands with. */
const SHELL_PATTERN_ARRAY =
  /^\s{0,40}(?:(?:local|declare|readonly|typeset)\s{1,4}(?:-[aAr]{1,3}\s{1,4})?)?\w{0,30}(?:pattern|patterns|regex|regexes|regexps|deny|denied|denylist|block|blocked|blocklist|forbid|forbidden|dangerous|bad|banned|disallowed|rules|signatures|indicators)\w{0,30}=\(\s{0,4}(?:#[^\n]{0,200})?$/i;
/**
 * Shell that runs text it holds: `eval`, `sh -c`, a variable as the command word (`do $c; done`). Not a variable compared
 * in a test (`[[ -z "$a" || "$tool" != "Bash" ]]`): there `||` joins conditions.
 */
const SHELL_RUNS_STRINGS =
  /\beval\b|\b(?:ba|z|da|k)?sh\s{1,4}-c\b|\bsource\s{1,4}<\(|\bxargs\b[^\n]{0,60}\b(?:ba|z|da|k)?sh\b|(?:^|[;&|({]|\b(?:do|then|else))\s{0,4}"?\$\{?\w{1,40}(?:\[[@*]\])?\}?"?(?=\s|;|$)(?!\s{1,4}(?:[!=]=|=~|=\s|-(?:eq|ne|lt|le|gt|ge)\s))/m;
/** The unit compares text with the patterns (grep, `=~`) rather than running them. */
const SHELL_MATCHES = /\b(?:e|f)?grep\b|\brg\b|=~/;
/** The unit compares text with patterns and runs no string it holds; read once per unit (every item of a list asks). */
const comparesWithoutRunning = oncePerText(
  (unit) => SHELL_MATCHES.test(unit) && !EXECUTES_STRINGS.test(unit) && !SHELL_RUNS_STRINGS.test(unit),
);

/** A YAML block scalar's key line (`- pattern: |`). */
const BLOCK_SCALAR_KEY = /:\s{0,4}[|>][+-]?\d?\s{0,4}$/;

/**
 * The key line of the YAML block scalar a line is inside (`pattern: |` above an indented `eval($S);`),
 * or '' when it is not inside one: the first line above with less indentation, a few dozen lines up at most.
 */
function blockScalarOpener(text: string, item: { start: number; line: string }): string {
  const indent = /^ */.exec(item.line)![0].length;
  if (!indent) return '';
  let end = item.start - 1;
  for (let steps = 0; steps < 64 && end > 0; steps++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    if (!line.trim()) continue;
    if (/^ */.exec(line)![0].length < indent) return BLOCK_SCALAR_KEY.test(line) ? line : '';
  }
  return '';
}

/**
 * A line that is one item of a list: a quoted string (JSON, a comma after it) or a YAML `- item`; a shell
 * array may hold several quoted items on one line (`'rm -rf /'   'rm -rf ~'`), an associative one a key and its value (`['rm -rf ~']='home'`).
 */
const LIST_ITEM =
  /^\s{0,40}(?:(?:"(?:[^"\\\n]|\\.){0,400}"|'[^'\n]{0,400}')\s{0,40},?\s{0,40}){1,12}(?:#[^\n]{0,200})?$|^\s{0,40}-\s{1,4}\S[^\n]{0,400}$|^\s{0,40}#[^\n]{0,200}$|^\s{0,40}\[(?:"(?:[^"\\\n]|\\.){0,400}"|'[^'\n]{0,400}')\]=(?:"(?:[^"\\\n]|\\.){0,400}"|'[^'\n]{0,400}'|[^\s'"]{0,200})\s{0,40}(?:#[^\n]{0,200})?$/;

/**
 * The line that opens the list a line is an item of (`"deny": [` above `"Bash(rm -rf /*)",`, or `blocked:` above
 * `- rm -rf /`), or '' when the line is not a list item. A few items up at most: lists of patterns are short.
 */
function arrayOpener(text: string, item: { start: number; line: string }): string {
  let end = item.start - 1;
  let line = item.line;
  for (let steps = 0; steps < 64 && LIST_ITEM.test(line) && end > 0; steps++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    line = text.slice(start, end);
    end = start - 1;
    if (!LIST_ITEM.test(line)) return line;
  }
  return '';
}

/** A `case` branch's patterns (`*"rm -rf /"*|*"curl"*"|"*"sh"*)`): globs the command is compared with. */
const CASE_WORD = String.raw`(?:[^\s"'|()]|"[^"\n]{0,200}"|'[^'\n]{0,200}'){1,200}`;
/** One character or one quoted string per step, so a long word has one way to match (no backtracking blow-up). */
const CASE_PATTERNS = new RegExp(String.raw`^\s{0,40}\(?\s{0,4}${CASE_WORD}(?:\s{0,4}\|\s{0,4}${CASE_WORD}){0,20}\s{0,4}\)`);

/**
 * In shell, text compared with rather than run: the regular expression right of `=~` inside
 * `[[ … ]]`, or a `case` branch's patterns.
 */
function shellPattern(line: string, start: number): boolean {
  const before = line.slice(0, start);
  const test = before.lastIndexOf('=~');
  if (test >= 0 && before.lastIndexOf('[[') < test && !/\]\](?:\s|$)/.test(before.slice(test))) return true;
  const branch = CASE_PATTERNS.exec(line);
  return branch !== null && start < branch[0].length && /["'*]/.test(branch[0]);
}

/**
 * Whether `at` is in a print (`printf`, `echo`) inside a brace group that redirects its output into a file
 * (`{ printf 'curl … | sh\n'; } > "$job"`): the file's lines, not a message.
 */
export function printedIntoFile(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  if (!/^\s{0,40}(?:printf|echo)\b/.test(text.slice(lineStart, at))) return false;
  const lineEnd = text.indexOf('\n', at);
  if (lineEnd < 0) return false;
  const after = text.slice(lineEnd, lineEnd + 2000);
  const close = /^[ \t]{0,40}\}[ \t]{0,4}>>?[ \t]{0,4}["']?[^\s"'&|;]{1,200}/m.exec(after);
  return close !== null && !/^[ \t]{0,40}\}[ \t]{0,4};?[ \t]{0,4}$/m.test(after.slice(0, close.index));
}

/** Whether the match sits in a comment of its line (`// transcript_path is never sent`): words about the code, not code. */
export function inCodeComment(text: string, matchStart: number, matchEnd: number): boolean {
  const { start: lineStart, line } = lineAt(text, matchStart);
  return enclosingString(line, matchStart - lineStart, Math.min(matchEnd - lineStart, line.length)) === 'comment';
}

/**
 * Whether the match `[start, end)` sits in a string written in regular-expression syntax
 * (`re.compile(r"(xmrig|stratum\+tcp://)")`): a pattern to look for, whatever it names.
 */
export function inPatternString(text: string, matchStart: number, matchEnd: number): boolean {
  const { start: lineStart, line } = lineAt(text, matchStart);
  const start = matchStart - lineStart;
  const end = Math.min(matchEnd - lineStart, line.length);
  if (inRegexLiteral(line, start, end)) return true;
  if (!REGEX_SYNTAX.test(line) && !REGEX_CONSTRUCTOR.test(line)) return false;
  return enclosingString(line, start, end) === 'string';
}

/**
 * Whether the match `[start, end)` of a line is text the code holds rather than something it does:
 * inside a string literal of a language where strings are data (and nothing on the line or in the
 * unit runs strings), a quoted pattern of a search or a print in shell, a comment, or the value of a
 * key that holds patterns or test inputs.
 */
export function heldAsText(text: string, matchStart: number, matchEnd: number, context: CodeContext): boolean {
  // The line that holds the match's start (a logical line can hold several for prose read as code).
  const { start: lineStart, line } = lineAt(text, matchStart);
  const lineEnd = lineStart + line.length;
  const start = matchStart - lineStart;
  const end = Math.min(matchEnd, lineEnd) - lineStart;
  if ((DATA_KEY.test(line) && line.indexOf(':') < start) || TEST_RECORD.test(line)) return true;
  // A hook's `systemMessage` is shown to the user and to no one else: an install hint there is advice, not a step.
  const shown = line.lastIndexOf('"systemMessage"', start);
  if (shown >= 0 && /^"systemMessage"\s{0,4}:\s{0,4}"(?:[^"\\]|\\.)*$/.test(line.slice(shown, start))) return true;
  // A table row of a Markdown document quoted in a fence (a report template): a cell names, it does not run.
  if (/^(?:markdown|md)$/i.test(context.language ?? '') && /^\s{0,8}\|/.test(line)) return true;
  const held = enclosingString(line, start, end);
  if (held === 'comment') return true;
  // A regular expression literal (`[/unset HISTFILE|history\s+-c/, "anti-forensics"]`) is a pattern, in languages that have them.
  if (!SHELL_LANGUAGE.test(context.language ?? '') && inRegexLiteral(line, start, end)) return true;
  // A string written in regular-expression syntax (`r"(curl|wget)[^|;]*\|\s*(ba|z)?sh\b"`) is a pattern to match, never a command.
  if (REGEX_SYNTAX.test(line) && (held ?? enclosingString(line, start, start + 1)) === 'string') return true;
  if (shellPattern(line, start)) return true;
  if (context.executesStrings || executesStrings(line, context.language)) return false;
  if (!held) return false;
  const language = context.language ?? '';
  if (DATA_STRING_LANGUAGES.test(language)) return true;
  // Shell: a quoted argument of a search or a print, unless the line writes it somewhere that runs or pipes it on.
  const before = line.slice(0, start);
  // Piped into crontab, the printed line is a job that will run.
  if (/>>?\s{0,4}\S|\|\s{0,4}(?:tee|(?:ba|z|da|k)?sh|bash|python|node|iex|crontab)\b/i.test(line.slice(end))) return false;
  if (SEARCHES.test(before)) return true;
  // Or of a function the unit defines to print a message (`deny "DROP DATABASE"`).
  // Separators inside its quoted arguments (`expect block 'echo … | base64 -d | bash'`) do not end the command.
  const masked = before
    .replace(/"(?:[^"\\\n]|\\.){0,400}"|'[^'\n]{0,400}'/g, (q) => q[0] + 'x'.repeat(q.length - 2) + q[0])
    .replace(/["'][^"'\n]{0,400}$/, (q) => q[0] + 'x'.repeat(q.length - 1));
  const command = /(?:^\s{0,40}|[;&|)]\s{0,40}|\b(?:then|do|else)\s{1,4})([A-Za-z_][\w-]{0,40})\s{1,4}[^;&|]{0,200}$/.exec(masked)?.[1];
  return command !== undefined && (context.messageFunctions?.has(command) ?? false);
}
