/**
 * Small shell-word helpers for "download, then run what was downloaded": which files a
 * download command writes, and whether later text executes one of them.
 */

import { oncePerText } from './once-per-text.js';
import { escapeRegExp } from '../../escape-regexp.js';
import type { AcceptResult, MatchContext } from './scan-rule.js';

const INTERPRETERS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'source',
  '.',
  'pwsh',
  'powershell',
  'python',
  'python3',
  'python2',
  'py',
  'node',
  'deno',
  'bun',
  'perl',
  'ruby',
  'php',
  'lua',
  'osascript',
  'start-process',
  'start',
  'invoke-item',
  '&',
  'cmd',
  'msiexec',
  'rundll32',
  'open',
]);
/** Words before a command that leave it the command: prefixes, and shell grouping or control words (`{ ./f; }`, `then ./f`). */
const WRAPPERS = new Set(['sudo', 'env', 'exec', 'nohup', 'time', 'command', '{', '(', '!', 'then', 'do', 'else', 'if', 'while', 'until']);

const isQuote = (c: number) => c === 34 || c === 39;

/** The shell words of a command, outer quotes stripped. Read character by character: a file of thousands of commands is split once. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\s+/)) {
    let from = 0;
    let to = raw.length;
    while (from < to && isQuote(raw.charCodeAt(from))) from++;
    while (to > from && isQuote(raw.charCodeAt(to - 1))) to--;
    if (to > from) out.push(to - from === raw.length ? raw : raw.slice(from, to));
  }
  return out;
}

function normalise(path: string): string {
  const c = path.charCodeAt(0);
  // Only `./`, `~/` and `${HOME}/` are rewritten; most paths start with none of them.
  if (c !== 46 && c !== 126 && c !== 36) return path;
  return path
    .replace(/^\.\//, '')
    .replace(/^~\//, '$HOME/')
    .replace(/^\$\{HOME\}\//, '$HOME/');
}

function basename(path: string): string {
  let clean = path;
  const query = clean.search(/[?#]/);
  if (query >= 0) clean = clean.slice(0, query);
  let end = clean.length;
  while (end > 0 && (clean.charCodeAt(end - 1) === 47 || clean.charCodeAt(end - 1) === 92)) end--;
  if (end < clean.length) clean = clean.slice(0, end);
  return clean.slice(Math.max(clean.lastIndexOf('/'), clean.lastIndexOf('\\')) + 1).toLowerCase();
}

/** `text` with what each `$(…)` holds blanked (same length): a pipe or `;` in a command substitution does not end the command around it. */
function maskSubstitutions(text: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '$' && text[i + 1] === '(') {
      depth++;
      out += depth === 1 ? '$(' : '  ';
      i++;
    } else if (depth && c === '(') {
      depth++;
      out += ' ';
    } else if (depth && c === ')') {
      depth--;
      out += depth ? ' ' : ')';
    } else out += depth && c !== '\n' ? ' ' : c;
  }
  return out;
}

/** The commands of `text`: split where `separator` matches outside command substitutions (`$(uname -s | tr A-Z a-z)` is one word). */
function commandsOf(text: string, separator: RegExp): string[] {
  if (!text.includes('$(')) return text.split(separator);
  const masked = maskSubstitutions(text);
  const commands: string[] = [];
  let from = 0;
  for (const m of masked.matchAll(new RegExp(separator.source, 'g'))) {
    commands.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  commands.push(text.slice(from));
  return commands;
}

/** Files a curl / wget / Invoke-WebRequest command line writes (as written, plus remote names). */
export function downloadedFiles(command: string): string[] {
  // .NET's `(New-Object Net.WebClient).DownloadFile("https://…", $target)`: the second argument is the file written.
  const dotNet = /\.DownloadFile(?:Async)?\s{0,4}\(\s{0,4}[^,\n]{1,300},\s{0,4}([^)\s]{1,200})\s{0,4}\)/i.exec(command);
  if (dotNet) return [dotNet[1]!.replace(/^["']|["']$/g, '')];
  const ws = words(commandsOf(command, /&&|\|\||;|\|/)[0] ?? '');
  const tool = (ws.find((w) => /^(?:curl|wget|iwr|invoke-webrequest|aria2c)$/i.test(w)) ?? '').toLowerCase();
  const files: string[] = [];
  let remoteName = tool === 'wget';
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    // Every option and redirection below starts with `-` or `>`.
    if (w[0] !== '-' && w[0] !== '>') continue;
    const next = ws[i + 1];
    if (/^--(?:output|output-document|outfile)=/i.test(w)) files.push(w.slice(w.indexOf('=') + 1));
    else if (/^(?:--output|--output-document|-outfile)$/i.test(w) && next) files.push(next);
    else if (tool === 'wget' && /^-[a-zA-Z]*O$/.test(w) && next) {
      files.push(next);
      remoteName = false;
    } else if (tool === 'wget' && /^-O\S+/.test(w)) {
      files.push(w.slice(2));
      remoteName = false;
    } else if (tool !== 'wget' && /^-[a-zA-Z]*o$/.test(w) && next) files.push(next);
    else if (tool !== 'wget' && /^-o[./~$]/.test(w)) files.push(w.slice(2));
    else if (tool === 'curl' && (/^-[a-zA-Z]*O[a-zA-Z]*$/.test(w) || w === '--remote-name')) remoteName = true;
    else if (w === '>' && next) files.push(next);
    else if (/^>[^>&]/.test(w)) files.push(w.slice(1));
  }
  if (remoteName) {
    for (const w of ws) if (/^(?:https?|ftp):\/\//i.test(w)) files.push(basename(w));
  }
  return files.filter((f) => f && f !== '-' && f !== '/dev/null');
}

/** The files a text runs, as written (normalised) and by base name. */
interface RunTargets {
  paths: Set<string>;
  bases: Set<string>;
}

/** What each command of `text` runs: the script after an interpreter (`bash f`, `. f`), or a path run as a program (`./f`, `"$tmp"`). */
function runTargets(text: string): RunTargets {
  const targets: RunTargets = { paths: new Set(), bases: new Set() };
  const add = (path: string) => {
    const p = normalise(path);
    targets.paths.add(p);
    targets.bases.add(basename(p));
  };
  for (const command of commandsOf(text, /&&|\|\||;|\||\r?\n/)) {
    const ws = words(command);
    let i = 0;
    while (i < ws.length && (WRAPPERS.has(ws[i]!) || /^-/.test(ws[i]!) || /^\w+=/.test(ws[i]!))) {
      // `got=$(sha256sum "$tmp" | …)`: the command is the substitution's, and its program is the word after `$(`.
      const substituted = /^\w+=["']?(?:\$\(|`)\s{0,4}(.*)$/.exec(ws[i]!);
      if (substituted) {
        if (substituted[1]) ws[i] = substituted[1];
        else i++;
        break;
      }
      i++;
    }
    const first = ws[i];
    if (!first) continue;
    const program = first.toLowerCase().replace(/^.*\//, '');
    if (INTERPRETERS.has(program) || /^python\d/.test(program)) {
      let j = i + 1;
      // Flags (`-x`, `/c`) come before the script; a path such as /tmp/x is the script.
      while (j < ws.length && /^[-/]/.test(ws[j]!) && !/[/\\]./.test(ws[j]!.slice(1))) j++;
      // `python3 - "$src" "$cache"` runs what stdin holds (a heredoc), `node -e '…' "$f"` its own text: the words after are data.
      const programGiven = ws.slice(i + 1, j).some((w) => w === '-' || /^-[ce]$/.test(w));
      if (ws[j] && !programGiven) add(ws[j]!);
    } else if (/^(?:\$\(|`)/.test(first)) {
      // A program the text computes (`"$(get runner)" "$cache/boot"`): whatever it is, it is given the file to run.
      let j = i;
      while (j < ws.length && !/[)`]$/.test(ws[j]!)) j++;
      for (j++; j < ws.length && /^-/.test(ws[j]!); j++);
      if (ws[j]) add(ws[j]!);
    } else if (/[/\\]/.test(first) || /^\$\{?\w{1,40}\}?$/.test(first)) {
      add(first);
    }
  }
  return targets;
}

function runs(targets: RunTargets, file: string): boolean {
  const target = normalise(file);
  return targets.paths.has(target) || targets.bases.has(basename(target));
}

/** Whether `text` runs `file`: through an interpreter (`bash f`, `. f`) or as a path (`./f`, `/tmp/f`, `"$tmp"`). */
export function runsFile(text: string, file: string): boolean {
  return runs(runTargets(text), file);
}

/** What a whole unit or file runs: in its commands, and in its inline code spans. */
const commandsRunBy = oncePerText(runTargets);
/** Inline code of a sentence, and Gemini CLI's `!{cmd}` (run when the prompt loads), one command per line. */
const inlineCodeRunBy = oncePerText((text) =>
  runTargets([...text.matchAll(/`([^`\n]{1,400})`|!\{([^{}\n]{1,400})\}/g)].map((s) => s[1] ?? s[2]).join('\n')),
);

/**
 * Whether a whole unit or file runs `file` — in a command, or (with `inlineCode`) in inline code of a sentence
 * ("then run `sh /tmp/x.sh`"). Each text is read once however many downloads ask: a file of thousands of
 * `curl -o` lines would otherwise be read once per line.
 */
export function wholeTextRuns(text: string, file: string, inlineCode = false): boolean {
  return runs(commandsRunBy(text), file) || (inlineCode && runs(inlineCodeRunBy(text), file));
}

const ARCHIVE = /\.(?:tgz|tar|zip|tar\.(?:gz|xz|bz2|zst)|tbz2?|txz)$/i;

/** The folders a text unpacks `archive` into with an explicit destination (`tar -xzf a.tgz -C dir`, `unzip a.zip -d dir`). */
export function unpackedInto(text: string, archive: string): string[] {
  // A name held in a variable (`"$_dir/$_zip"`) is an archive when a tar or unzip below takes it.
  if (!ARCHIVE.test(archive) && !/\$\{?\w{1,40}\}?$/.test(archive)) return [];
  const base = basename(normalise(archive));
  const dirs: string[] = [];
  for (const command of text.split(/&&|\|\||;|\r?\n/)) {
    const ws = words(command);
    const tool = ws.findIndex((w) => /^(?:tar|bsdtar|gtar|unzip|7z|7za)$/i.test(w.replace(/^.*\//, '')));
    if (tool < 0 || !ws.slice(tool + 1).some((w) => basename(normalise(w)) === base)) continue;
    for (let i = tool + 1; i < ws.length; i++) {
      const w = ws[i]!;
      if (/^(?:-C|--directory|-d)$/.test(w) && ws[i + 1]) dirs.push(normalise(ws[i + 1]!));
      else if (/^--directory=./.test(w)) dirs.push(normalise(w.slice(w.indexOf('=') + 1)));
      else if (/^-o\S/.test(w) && /^7za?$/i.test(ws[tool]!)) dirs.push(normalise(w.slice(2)));
    }
  }
  return dirs.map((d) => d.replace(/\/+$/, '')).filter((d) => d && d !== '.' && d !== '/');
}

/** Whether `text` runs a program from inside `dir` (`bash "$DIR/pkg/setup.sh"`, `./dir/install`, `cd "$dir" && sh ./prepare`). */
export function runsFrom(text: string, dir: string): boolean {
  if ([...commandsRunBy(text).paths].some((p) => p.startsWith(`${dir}/`))) return true;
  const quoted = escapeRegExp(dir);
  return new RegExp(
    String.raw`\bcd\s{1,4}["']?${quoted}["']?\s{0,4}(?:&&|;)[^\n]{0,200}?(?:\b(?:ba|z|da)?sh\s{1,4}|\bsource\s{1,4}|(?:^|[\s;&(])\.\s{1,4}|(?:^|[\s;&(]))["']?\.\/`,
  ).test(text);
}

/** The folder a piped download is unpacked into (`curl … | tar -xz -C "$pkg"`), as written. */
export function pipedUnpackDir(command: string): string | undefined {
  const dir = /\|\s{0,4}(?:sudo\s{1,4})?tar\s[^;&|\n]{0,200}?(?:-C|--directory)(?:\s{1,4}|=)["']?([^\s;&|"']{1,200})/.exec(command)?.[1];
  return dir === undefined ? undefined : normalise(dir).replace(/\/+$/, '');
}

/** The copies, moves and installs of a text (`install -m 0755 "$tmp" "$target"`), with where each starts; read once per text. */
const copyCommands = oncePerText((text) => {
  const out: { at: number; sources: string[]; dest: string }[] = [];
  if (!/\b(?:install|cp|mv|ln)\s/.test(text)) return out;
  let from = 0;
  for (const command of commandsOf(text, /&&|\|\||;|\r?\n/)) {
    const at = text.indexOf(command, from);
    if (at >= 0) from = at + command.length;
    const ws = words(command).filter((w) => !/^-/.test(w));
    if (ws.length < 3 || !/^(?:install|cp|mv|ln)$/.test((ws[0] ?? '').replace(/^.*\//, ''))) continue;
    const args = ws.slice(1).filter((w) => !/^0?[0-7]{3,4}$/.test(w));
    if (args.length >= 2) out.push({ at: Math.max(at, 0), sources: args.slice(0, -1).map(normalise), dest: args[args.length - 1]! });
  }
  return out;
});

/** Where a text copies, moves or installs `file` to after `from`: the same download under another name. */
function copiedTo(text: string, from: number, file: string): string[] {
  const target = normalise(file);
  return copyCommands(text)
    .filter((c) => c.at >= from && c.sources.includes(target))
    .map((c) => c.dest);
}

/** A shell function's opening (`fetch() {`, `function fetch {`), and its name. */
const SHELL_FUNCTION = /^[ \t]{0,8}(?:function[ \t]{1,4})?([\w-]{1,60})[ \t]{0,4}(?:\(\)[ \t]{0,4})?\{[ \t]{0,4}(?:#[^\n]{0,200})?$/gm;

/**
 * Files a download inside a shell function writes under a name it is given (`fetch() { curl -o "$CACHE/$1" …; }`), read
 * once per call with the name the call passes (`fetch "$ASSET"` writes `$CACHE/$ASSET`). Files named otherwise are kept.
 */
function filesThroughCalls(text: string, at: number, files: readonly string[]): string[] {
  if (!files.some((f) => /\$\{?1\b/.test(f))) return [...files];
  let name: string | undefined;
  for (const m of text.slice(Math.max(0, at - 2000), at).matchAll(SHELL_FUNCTION)) name = m[1];
  if (!name) return [...files];
  const calls = new RegExp(
    String.raw`(?:^|[;&|({]|\$\(|\bthen|\bdo)[ \t]{0,8}${escapeRegExp(name)}[ \t]{1,4}("[^"\n]{1,200}"|'[^'\n]{1,200}'|[^\s;&|)]{1,200})`,
    'gm',
  );
  const given = [...text.matchAll(calls)].map((m) => m[1]!.replace(/^["']|["']$/g, ''));
  return files.flatMap((f) => (/\$\{?1\b/.test(f) ? given.map((g) => f.replace(/\$\{?1\}?/, g)) : [f]));
}

/** The files a matched download command writes, a helper's calls read through. */
function downloadedBy(match: RegExpExecArray, context: Pick<MatchContext, 'text'>): string[] {
  return filesThroughCalls(context.text, match.index, downloadedFiles(match[0]));
}

/** Download then run: only when the file that runs is the file that was downloaded (or where it was copied to). */
export function runsDownloadedFile(match: RegExpExecArray, context: Pick<MatchContext, 'text'>): boolean {
  return runsTheDownload(match, context, downloadedBy(match, context));
}

function runsTheDownload(match: RegExpExecArray, context: Pick<MatchContext, 'text'>, downloaded: readonly string[]): boolean {
  const rest = context.text.slice(match.index);
  // Unpacked straight from the pipe into a folder, and a program run from there.
  const unpacked = pipedUnpackDir(match[0]);
  if (unpacked && unpacked !== '.' && runsFrom(rest, unpacked)) return true;
  const files = [...downloaded, ...downloaded.flatMap((f) => copiedTo(context.text, match.index, f))];
  // Or an archive unpacked into a folder and a program run from it: the download is what runs.
  return files.some((f) => runsFile(rest, f) || unpackedInto(rest, f).some((dir) => runsFrom(rest, dir)));
}

/** A checksum or signature check on a line (`sha256sum -c`, `shasum -a 256 --check`, `Get-FileHash`, `cosign verify-blob`, `gpg --verify`). */
const VERIFIES =
  /\b(?:sha(?:1|224|256|384|512)sum|shasum(?:\s{1,4}-a\s{1,4}\d{1,3})?|b2sum|md5sum)\b[^\n]{0,80}?\s(?:-c|--check)\b|\bGet-FileHash\b|\bcosign\s{1,4}verify-blob\b|\bgpg\s{1,4}(?:--batch\s{1,4})?--verify\b|\bminisign\s{1,4}-V\b|\bopenssl\s{1,4}dgst\b[^\n]{0,80}\s-verify\b/i;

/** Every file a text's downloads write, by base name, helpers' calls read through; once per text. */
const allDownloaded = oncePerText((text) => {
  const out = new Set<string>();
  for (const m of text.matchAll(/^[^\n]{0,200}\b(?:curl|wget)\b[^\n]{0,400}/gm))
    for (const f of filesThroughCalls(text, m.index, downloadedFiles(m[0]))) out.add(basename(normalise(f.replace(/^["']|["']$/g, ''))));
  return out;
});

/**
 * A check whose list of checksums is itself downloaded now (`fetch "$ASSET.sha256"` … `sha256sum -c "$ASSET.sha256"`): whoever
 * serves the file serves its checksum too, so it pins nothing.
 */
function checkedAgainstDownload(text: string, line: string): boolean {
  const list = /\s(?:-c|--check)\s{1,4}["']?([^\s"';&|)]{2,200})/.exec(line)?.[1];
  return list !== undefined && allDownloaded(text).has(basename(normalise(list)));
}

/**
 * A saved download that runs (`runsDownloadedFile`) after a line checks it against a checksum or a signature that names
 * the file (`… | sha256sum -c -` with `.cache/buf`): a pinned release, what a binary in a skill should be replaced with.
 * Worth a look (MEDIUM), not an unreviewed download run. A check that cannot fail (`|| true`) checks nothing.
 */
export function runsDownloadedFileChecked(match: RegExpExecArray, context: Pick<MatchContext, 'text'>): AcceptResult {
  const downloaded = downloadedBy(match, context);
  if (!runsTheDownload(match, context, downloaded)) return false;
  const names = downloaded
    .map((f) =>
      f
        .replace(/^["']|["']$/g, '')
        .split('/')
        .pop()!,
    )
    .filter((n) => n.length >= 2);
  const rest = context.text.slice(match.index);
  for (const line of rest.split('\n', 40))
    if (
      VERIFIES.test(line) &&
      !/\|\|\s{0,4}(?:true|:)(?:\s|;|$)/.test(line) &&
      names.some((n) => line.includes(n)) &&
      !checkedAgainstDownload(context.text, line)
    )
      return { level: 'MEDIUM', capabilities: ['download'], detail: 'checked against a checksum or signature before it runs' };
  return true;
}
