import { ViewBuilder, type ChangeKind, type NormalisedView } from './text-view.js';

/**
 * Programs the command rules look for. A word that the shell turns into one of these
 * (`c"u"rl`, `b'a'sh`, `c\url`, `$C` after `C=curl`) is read as the program itself; words that
 * name nothing here are left alone, so quoting elsewhere (`f"…"`, `key="value"`) never changes.
 */
const COMMANDS = new Set(
  'curl wget fetch aria2c iwr irm invoke-webrequest invoke-restmethod invoke-expression iex bash sh zsh dash ksh csh tcsh fish pwsh powershell python python2 python3 py node nodejs deno bun perl ruby php lua osascript eval exec source sudo env xargs nc ncat netcat socat telnet base64 xxd openssl gunzip zcat certutil bitsadmin rm dd mkfs chmod chown crontab launchctl systemctl schtasks xattr spctl cat printenv scp rsync ssh nslookup dig history unset mkfifo'.split(
    ' ',
  ),
);

/** Variables that name a shell without being assigned in the text. */
const BUILT_IN: Readonly<Record<string, string>> = { SHELL: 'sh', BASH: 'bash' };

function isCommand(word: string): boolean {
  const base = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
  return COMMANDS.has(base);
}

interface Replacement {
  at: number;
  length: number;
  by: string;
  kind: ChangeKind;
}

const WORD_CHAR = /[A-Za-z0-9_./"'\\-]/;
const QUOTE_OR_BACKSLASH = /["'\\]/g;
const MAX_WORD = 80;

/** Words split by quotes or backslashes that the shell joins into a command name. */
function quotedCommandWords(text: string, out: Replacement[]): void {
  let doneUntil = 0;
  QUOTE_OR_BACKSLASH.lastIndex = 0;
  for (let m = QUOTE_OR_BACKSLASH.exec(text); m; m = QUOTE_OR_BACKSLASH.exec(text)) {
    if (m.index < doneUntil) continue;
    let start = m.index;
    while (start > 0 && m.index - start < MAX_WORD && WORD_CHAR.test(text[start - 1]!)) start--;
    let end = m.index + 1;
    while (end < text.length && end - m.index < MAX_WORD && WORD_CHAR.test(text[end]!)) end++;
    doneUntil = end;
    QUOTE_OR_BACKSLASH.lastIndex = end;
    const word = text.slice(start, end);
    // Only quoting inside a word hides it (`c"u"rl`, `"cu"rl`); a whole quoted word (`"exec"`) is a string.
    if (!/\w["'\\]|["'\\]\w/.test(word.replace(/^["']+|["']+$/g, ''))) continue;
    const joined = word.replace(/["'\\]/g, '');
    if (joined !== word && /[A-Za-z]/.test(joined) && isCommand(joined)) out.push({ at: start, length: word.length, by: joined, kind: 'shell-quoting' });
  }
}

const ASSIGNMENT = /(?<![\w$])([A-Za-z_]\w{0,30})=(["']?)([A-Za-z0-9_./-]{1,60})\2(?=[\s;&|)`]|$)/gm;
const VARIABLE = /\$\{?[A-Za-z_]/g;
const RUN_CHAR = /[A-Za-z0-9_./${}-]/;

/** `C=curl; $C …`, `a=cu; b=rl; $a$b`, `${SHELL}`: variables that expand to a command name. */
function variableCommandWords(text: string, out: Replacement[]): void {
  if (!text.includes('$')) return;
  const values = new Map<string, string>(Object.entries(BUILT_IN));
  if (text.includes('=')) {
    ASSIGNMENT.lastIndex = 0;
    for (let m = ASSIGNMENT.exec(text); m; m = ASSIGNMENT.exec(text)) values.set(m[1]!, m[3]!);
  }
  if (values.size === Object.keys(BUILT_IN).length && !/\$\{?(?:SHELL|BASH)\b/.test(text)) return;
  let doneUntil = 0;
  VARIABLE.lastIndex = 0;
  for (let m = VARIABLE.exec(text); m; m = VARIABLE.exec(text)) {
    if (m.index < doneUntil) continue;
    let start = m.index;
    while (start > 0 && m.index - start < MAX_WORD && RUN_CHAR.test(text[start - 1]!)) start--;
    let end = m.index + 1;
    while (end < text.length && end - m.index < MAX_WORD && RUN_CHAR.test(text[end]!)) end++;
    doneUntil = end;
    VARIABLE.lastIndex = end;
    const run = text.slice(start, end);
    let unknown = false;
    const expanded = run.replace(/\$\{([A-Za-z_]\w{0,30})\}|\$([A-Za-z_]\w{0,30})/g, (_, braced: string | undefined, bare: string | undefined) => {
      const value = values.get(braced ?? bare ?? '');
      if (value === undefined) unknown = true;
      return value ?? '';
    });
    if (!unknown && !/[${}]/.test(expanded) && isCommand(expanded)) out.push({ at: start, length: run.length, by: expanded, kind: 'shell-variable' });
  }
}

/**
 * The text with shell words read the way the shell reads them, where that makes a command:
 * quotes and backslashes inside a word removed (`c"u"rl`, `c\url`), and simple variables
 * expanded (`C=curl; $C`, `${SHELL}`). Undefined when nothing changes.
 */
export function normaliseShellWords(text: string): NormalisedView | undefined {
  const found: Replacement[] = [];
  quotedCommandWords(text, found);
  variableCommandWords(text, found);
  if (!found.length) return undefined;
  found.sort((a, b) => a.at - b.at);
  const builder = new ViewBuilder(text);
  let end = 0;
  for (const r of found) {
    if (r.at < end) continue;
    builder.replace(r.at, r.length, r.by, r.kind);
    end = r.at + r.length;
  }
  return builder.build();
}
