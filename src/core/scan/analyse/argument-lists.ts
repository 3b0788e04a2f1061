import { pushAll } from '../../push-all.js';
import { stringLiteralAt } from './string-literal.js';
import { oncePerText } from '../rules/once-per-text.js';
/**
 * Commands written as lists of arguments (`subprocess.run(["aws", "s3", "rm", f"s3://{b}", "--recursive"])`,
 * `spawn("curl", ["-T", file, url])`, `exec.Command("sh", "-c", script)`, Ruby's `system("git", "push", …)` and `IO.popen(["crontab", "-"], "w")`): the program runs the same command
 * as the shell line, so the shell rules read the line it makes. A rule that knows `aws s3 rm … --recursive`
 * knows it however the script spells it.
 */

/** The command line a call runs, with where each argument came from. */
export interface ArgumentListCommand {
  text: string;
  /** Ascending `[textIndex, fileOffset]`, as in a launch entry's virtual text. */
  pieces: [number, number][];
}

/** Calls that run a program with its arguments as a list. */
const CALL =
  /\b(?:subprocess\.(?:run|call|Popen|check_call|check_output)|Popen|os\.exec[lv]p?e?|spawn(?:Sync)?|execFile(?:Sync)?|execa(?:Sync)?|exec\.Command(?:Context)?|ProcessBuilder|system|Open3\.(?:capture[23]e?|popen[23]e?)|IO\.popen)\s{0,4}\(/g;
const CALL_WORDS = [
  'subprocess',
  'Popen',
  'os.exec',
  'spawn',
  'execFile',
  'execa',
  'exec.Command',
  'ProcessBuilder',
  'Command::new',
  'system',
  'Open3',
  'IO.popen',
];

/** Most lists read per unit and the longest call read: enough for any real script, bounded for any input. */
const MAX_CALLS = 500;
const MAX_CALL = 2000;

/**
 * The arguments of the call whose `(` ends at `open` (literals and plain names at the top level or in one list), and
 * where reading stopped: the next call is looked for after it, so no text is read twice.
 */
function argumentsOf(text: string, open: number): { args?: { value: string; offset: number }[]; end: number } {
  const args: { value: string; offset: number }[] = [];
  let depth = 0;
  let i = open;
  while (i < text.length && i - open < MAX_CALL) {
    const c = text[i]!;
    if (c === ')' && depth === 0) return { args, end: i };
    if (c === '[' || c === '(' || c === '{') {
      depth += c === '[' && depth === 0 ? 1 : 10;
      i++;
      continue;
    }
    if (c === ']' || c === ')' || c === '}') {
      depth -= c === ']' && depth === 1 ? 1 : 10;
      if (depth < 0) return { args, end: i };
      i++;
      continue;
    }
    const literal = depth <= 1 ? stringLiteralAt(text, i, MAX_CALL) : undefined;
    if (literal) {
      // A keyword argument (`input=f"{u}:{pw}"`) is not one of the program's arguments.
      const keyword = depth === 0 && /[A-Za-z_]\w{0,40}\s{0,4}=\s{0,4}$/.test(text.slice(Math.max(open, i - 48), i));
      // Ruby's `"#{name}"` is the shell's `${name}`, and as long: offsets stay where they were.
      if (!keyword) args.push({ value: text.slice(literal.from, literal.to).replace(/#\{(?=\w{1,40}\})/g, '${'), offset: literal.from });
      i = literal.end;
      continue;
    }
    const name = depth <= 1 ? /^[A-Za-z_][\w.]{0,60}/.exec(text.slice(i, i + 61)) : null;
    // A spread list (`...cfg.include`) is its items: the name stands for them.
    if (name && (i === 0 || !/[\w.$]/.test(text[i - 1]!) || text.slice(i - 3, i) === '...')) {
      const after = text.slice(i + name[0].length).match(/^\s{0,4}(.)/)?.[1];
      // A plain name is an argument; a call or an expression (`a + b`, `f(x)`) is not read.
      if (after === ',' || after === ']' || after === ')') args.push({ value: `$${name[0]}`, offset: i });
      i += name[0].length;
      continue;
    }
    i++;
  }
  return { end: i };
}

/** Rust's builder (`Command::new("git").args(["config", …]).arg(x)`): the program, then each `.arg`/`.args` in the chain. */
const RUST_COMMAND = /\bCommand::new\s{0,4}\(/g;
const CHAINED = /^\s{0,40}\.(args?)\s{0,4}\(/;

function rustCommands(text: string, out: ArgumentListCommand[]): void {
  RUST_COMMAND.lastIndex = 0;
  for (let m = RUST_COMMAND.exec(text); m && out.length < MAX_CALLS; m = RUST_COMMAND.exec(text)) {
    const first = argumentsOf(text, m.index + m[0].length);
    const args = [...(first.args ?? [])];
    let at = first.end + 1;
    for (let link = CHAINED.exec(text.slice(at, at + 200)); link && args.length < 64; link = CHAINED.exec(text.slice(at, at + 200))) {
      const next = argumentsOf(text, at + link[0].length);
      pushAll(args, next.args ?? []);
      at = next.end + 1;
    }
    RUST_COMMAND.lastIndex = Math.max(RUST_COMMAND.lastIndex, at);
    if (args.length >= 2 && !args[0]!.value.startsWith('$')) out.push(commandOf(args));
  }
}

function commandOf(args: readonly { value: string; offset: number }[]): ArgumentListCommand {
  const command: ArgumentListCommand = { text: '', pieces: [] };
  args.forEach((arg, i) => {
    if (i > 0) {
      command.pieces.push([command.text.length, arg.offset]);
      command.text += ' ';
    }
    command.pieces.push([command.text.length, arg.offset]);
    command.text += arg.value;
  });
  return command;
}

/**
 * A helper named after the program it wraps, called with literal arguments (`kubectl("delete", "pvc", "--all")`,
 * `git("push", "--force", "origin", "main")`, `git(dir, "push", …)` with the folder it runs in first): scripts wrap
 * a CLI in a function of its name so each call reads as a command. The call is read as that program's command line.
 */
const CLI_NAMES = [
  'kubectl',
  'git',
  'aws',
  'gcloud',
  'gsutil',
  'az',
  'helm',
  'terraform',
  'tofu',
  'docker',
  'gh',
  'psql',
  'mysql',
  'doctl',
  'heroku',
  'rclone',
  'bq',
  'flyctl',
  'vercel',
];
/** Calls of those helpers with a literal first argument (`kubectl("delete", …)`). */
// A plain name may come first: the folder the helper runs in (`git(dir, "push", …)`, Go's `cmd.Dir`), not an argument.
const CLI_WRAPPER = new RegExp(
  String.raw`(?<![\w.$])(${CLI_NAMES.join('|')})\s{0,4}\(\s{0,4}(?=(?:[A-Za-z_][\w.]{0,40}\s{0,4},\s{0,4})?[frbuFRBU]?["'\x60])`,
  'g',
);
/** A quick look for `name(` before the regular expression walks the text: most code calls none of these helpers. */
const CLI_CALLS = CLI_NAMES.flatMap((n) => [`${n}(`, `${n} (`]);
const mayWrapCli = (text: string) => text.includes('(') && CLI_CALLS.some((call) => text.includes(call));

function wrapperCommands(text: string, out: ArgumentListCommand[]): void {
  CLI_WRAPPER.lastIndex = 0;
  for (let m = CLI_WRAPPER.exec(text); m && out.length < MAX_CALLS; m = CLI_WRAPPER.exec(text)) {
    const { args, end } = argumentsOf(text, m.index + m[0].length);
    CLI_WRAPPER.lastIndex = Math.max(CLI_WRAPPER.lastIndex, end);
    const given = args && args.length > 1 && args[0]!.value.startsWith('$') ? args.slice(1) : args;
    if (given?.length && !given[0]!.value.startsWith('$')) out.push(commandOf([{ value: m[1]!, offset: m.index }, ...given]));
  }
}

/**
 * Programs whose argument lists are read wherever a script that runs programs writes them: a list kept apart from its call
 * (`for cmd in (["ufw", "--force", "disable"], …): subprocess.run(cmd)`) is the command line that call runs.
 */
const LISTED_PROGRAMS = [
  ...CLI_NAMES,
  'ufw',
  'systemctl',
  'setenforce',
  'netsh',
  'useradd',
  'usermod',
  'adduser',
  'chmod',
  'rm',
  'curl',
  'wget',
  'bash',
  'sh',
  'crontab',
  'launchctl',
  'schtasks',
  'iptables',
  'tee',
  'shred',
  'scp',
  'rsync',
  'nc',
  'ssh',
  'powershell',
  'pwsh',
];
const LISTED = new RegExp(String.raw`\[\s{0,4}(?=(["'])(?:${LISTED_PROGRAMS.join('|')})\1\s{0,4},)`, 'g');

function listedCommands(text: string, covered: readonly [number, number][], out: ArgumentListCommand[]): void {
  LISTED.lastIndex = 0;
  for (let m = LISTED.exec(text); m && out.length < MAX_CALLS; m = LISTED.exec(text)) {
    const at = m.index;
    if (covered.some(([from, to]) => from <= at && at < to)) continue;
    const { args, end } = argumentsOf(text, at + 1);
    LISTED.lastIndex = Math.max(LISTED.lastIndex, end);
    if (args && args.length >= 2) out.push(commandOf(args));
  }
}

/** How far back a list's assignment is looked for: the call's own function or script. */
const LIST_REACH = 20_000;

/** Where each name is given a literal list (`const args = [`, Python's `cmd = [`): the offsets after `[`, in order; read once per text. */
const listAssignments = oncePerText((text) => {
  const byName = new Map<string, { start: number; open: number }[]>();
  for (const m of text.matchAll(/(?:\b(?:const|let|var)\s{1,4}|^[ \t]{0,40})([A-Za-z_]\w{0,40})\s{0,4}(?::[^=\n]{1,60})?=\s{0,4}\[/gm)) {
    const at = byName.get(m[1]!) ?? [];
    at.push({ start: m.index, open: m.index + m[0].length });
    byName.set(m[1]!, at);
  }
  return byName;
});

/**
 * The literal list a plain-name argument was given (`const args = ["-czf", "-", "."]` … `execFileSync("tar", args)`,
 * Python's `cmd = [...]`): the call runs those arguments.
 */
function listNamed(text: string, arg: { value: string; offset: number }): { value: string; offset: number }[] | undefined {
  if (!/^\$[A-Za-z_]\w{0,40}$/.test(arg.value)) return undefined;
  const from = Math.max(0, arg.offset - LIST_REACH);
  const assigned = listAssignments(text)
    .get(arg.value.slice(1))
    ?.find((a) => a.start >= from && a.open <= arg.offset);
  if (!assigned) return undefined;
  const list = argumentsOf(text, assigned.open).args;
  return list?.length ? list : undefined;
}

/** The commands the argument-list calls of `text` run, where the program is a literal. */
export function argumentListCommands(text: string): ArgumentListCommand[] {
  const wrapped = mayWrapCli(text);
  if (!wrapped && !CALL_WORDS.some((w) => text.includes(w))) return [];
  const out: ArgumentListCommand[] = [];
  if (wrapped) wrapperCommands(text, out);
  const covered: [number, number][] = [];
  CALL.lastIndex = 0;
  for (let m = CALL.exec(text); m && out.length < MAX_CALLS; m = CALL.exec(text)) {
    const { args, end } = argumentsOf(text, m.index + m[0].length);
    CALL.lastIndex = Math.max(CALL.lastIndex, end);
    covered.push([m.index, end]);
    if (!args || args.length < 2 || args[0]!.value.startsWith('$')) continue;
    out.push(commandOf([args[0]!, ...args.slice(1).flatMap((arg) => listNamed(text, arg) ?? [arg])]));
  }
  if (text.includes('[')) listedCommands(text, covered, out);
  if (text.includes('Command::new')) rustCommands(text, out);
  if (text.includes('...string')) goHelperCommands(text, out);
  return out;
}

/**
 * A Go helper that runs its arguments (`func sh(name string, args ...string) error { cmd := exec.Command(name, args...)`):
 * each call with a literal program (`sh("sudo", "ufw", "disable")`) is that command line, whatever the helper is named.
 */
const GO_RUN_HELPER =
  /\bfunc\s{1,4}([A-Za-z_]\w{0,30})\s{0,4}\(\s{0,4}(\w{1,30})\s{1,4}string\s{0,4},\s{0,4}(\w{1,30})\s{1,4}\.\.\.string\s{0,4}\)[^{\n]{0,60}\{[^}]{0,300}?\bexec\.Command(?:Context)?\s{0,4}\(\s{0,4}(?:\w{1,30}\s{0,4},\s{0,4})?\2\s{0,4},\s{0,4}\3\.\.\.\s{0,4}\)/g;

function goHelperCommands(text: string, out: ArgumentListCommand[]): void {
  for (const helper of text.matchAll(GO_RUN_HELPER)) {
    const call = new RegExp(String.raw`(?<![\w.])${helper[1]}\s{0,4}\(\s{0,4}(?=")`, 'g');
    for (let m = call.exec(text); m && out.length < MAX_CALLS; m = call.exec(text)) {
      const { args, end } = argumentsOf(text, m.index + m[0].length);
      call.lastIndex = Math.max(call.lastIndex, end);
      if (args?.length && !args[0]!.value.startsWith('$')) out.push(commandOf(args));
    }
  }
}
