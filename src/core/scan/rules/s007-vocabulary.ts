import { type AcceptResult, type MatchContext } from './scan-rule.js';
import { describesAttack, negatedBefore, PROSE_GAP, quotedInLine } from './shell-vocabulary.js';
import { everyMatch, oncePerText } from './once-per-text.js';

/** What S007 reads for: paths whose loss is beyond recovery, what bulk removal looks like, and the checks its detectors share. */
/** Paths whose recursive removal destroys the system or the user's home. */
export const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE)`;
/** Folders of the user's home that hold their work and their keys. */
export const HOME_DATA = String.raw`(?:Documents|Desktop|Downloads|Pictures|Photos|Music|Movies|Videos|Library|\.ssh|\.gnupg|\.config(?:/(?:gh|gcloud|git))?|\.local|\.aws|\.kube|\.claude|\.codex|projects|Projects|src|code|dev|work|repos|workspace|git)`;
/** The filesystem's and the home folder's roots (with every hidden file of the home folder: `~/.[!.]*`, its keys and settings), and where databases, etcd and container runtimes keep their data. */
export const CRITICAL_PATH = String.raw`["']?(?:/\*?|/\.\*|~/?\*?|\$HOME/?\*?|\$\{HOME\}/?\*?|%USERPROFILE%\\?|${HOME}/\.(?:\*|\?\??\*|\[[!^]\.\]\*)|${HOME}[/\\]${HOME_DATA}[/\\]?\*?|${HOME}[/\\][\w./-]{0,80}?\bbackups?\b[/\\]?\*?|\.\.(?:/\.\.){0,6}/?\*?|\.\./\*/[\w.-]{0,60}|/(?:bin|boot|dev|etc|home|lib|lib64|opt|root|sbin|srv|sys|usr|var|proc|System|Users|Library|Applications|private)/?\*?|/var/lib/(?:etcd|postgresql|pgsql|mysql|mariadb|mongodb|redis|elasticsearch|opensearch|cassandra|rabbitmq|docker|containerd|kubelet)/?\*?)["']?(?=[\s;&|)\x60"']|$)`;
/** Names of what a build or a package manager makes again: removing them loses no work. */
export const REBUILT =
  /^(?:node_modules|__pycache__|\.cache|\.?[\w-]{1,30}[-_]cache|\.next|\.nuxt|\.turbo|\.gradle|\.venv|venv|target|build|dist|out|DerivedData|\.DS_Store|\*\.(?:pyc|log|tmp|o|class)|\*~|\.terraform|coverage)$/;

/** A search that names only caches and build output (`-name node_modules`): they come back with the next build; a search for anything else removes work. */
export function onlyRebuilt(search: string): boolean {
  // A quoted list is what a loop's words made of `-name "$pat"` (`-name "node_modules dist .git"`): every word a name.
  const names = [...search.matchAll(/-i?name\s{1,4}(?:"([^"\n]{1,400})"|'([^'\n]{1,400})'|\\?["']?([^\s"'\\]{1,60}))/g)].flatMap((n) =>
    (n[1] ?? n[2] ?? n[3]!).trim().split(/\s+/),
  );
  return names.length > 0 && names.every((n) => REBUILT.test(n));
}
export const RECURSIVE_FLAGS = String.raw`(?:(?:-[a-zA-Z]{0,6}[rR][a-zA-Z]{0,6}|--recursive|--force|-f|--no-preserve-root|-v|--verbose|-i|-I)\s{1,4}){1,6}`;

/** Deleting the originals after writing encrypted copies (shell, Python, Node, PowerShell). */
export const ERASES =
  /\brm\s|\bunlink(?:Sync)?\b|\brmSync\b|\bos\.remove\b|\bos\.unlink\b|\.unlink\s{0,4}\(|\bshutil\.rmtree\b|\bfs\.(?:unlink|rm)(?:Sync)?\b|\bremove-item\b|\bdel\s|\bshred\b|--remove-files\b/i;

export const S = PROSE_GAP;

/** The user's data, in bulk: what "delete all …" must not reach. */
export const BULK_OBJECT = String.raw`(?:e-?mails?|mails?|messages?|inbox(?:es)?|conversations?|chats?|events?|calendar(?:s|${S}(?:events?|entries|items))?|appointments?|meetings?|contacts?|files?|documents?|docs|photos?|pictures?|images?|notes?|folders?|directories|repositor(?:y|ies)|repos?|branches|commits|(?:git${S})?history|tags|releases|backups?|snapshots?|volumes?|databases?|tables|collections|records|rows|users|accounts|members|buckets?|objects|resources|instances|servers|clusters|namespaces|deployments|projects|issues|pull${S}requests|channels|tasks|tickets|logs|drives?|disks?)`;

/**
 * "Delete all events except this quarter's", "encrypt every file and delete the originals": bulk
 * destruction of the user's data. What the skill made itself (temporary, generated, build or cache
 * files) is cleanup; a negated clause or a sentence about attackers is no instruction.
 */
export function proseDestruction(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (negatedBefore(context.text, match.index)) return false;
  const phrase = match[0];
  if (
    /\b(?:temp(?:orary)?|tmp|generated|build|cache[ds]?|caching|unused|stale|old|obsolete|duplicate|test|draft|scratch|intermediate|empty|orphan(?:ed)?|dangling|expired|merged|compiled|output|artifact|dist|lock|log)\b/i.test(
      phrase.slice(0, phrase.length - (match[1]?.length ?? 0)),
    )
  )
    return false;
  const after = context.text.slice(match.index + phrase.length, match.index + phrase.length + 80);
  if (
    // Also after a short list ("any files, accounts or services you created"), within the clause.
    /^[^.;:!?\n]{0,60}?[\s*_~>]{1,8}(?:(?:that|which|you|the\s+skill|this\s+skill|it)\s+(?:created|made|generated|wrote|added|downloaded)|(?:created|generated|made|written|added|downloaded)\s+by\s+(?:this|the)\s+(?:skill|script|tool|run|task))/i.test(
      after,
    )
  )
    return false;
  // "Remove any file to undo that part": one of the files the skill installed, chosen by the user to take a change back.
  if (/^\s{0,4}to\s{1,4}(?:undo|revert|roll\s{0,2}back|uninstall|disable|opt\s{1,4}out\s{1,4}of)\b/i.test(after) && /\bany\b/i.test(phrase))
    return false;
  if (describesAttack(context.text, match.index)) return { level: 'MEDIUM', capabilities: ['mentions-attack'] };
  // A label in quotation marks (GitHub → run → "Delete all logs") names a button or a setting; the reader presses it, if anyone.
  if (quotedInLine(context.text, match.index, match.index + phrase.length) || namesButton(context.text, match.index))
    return { level: 'MEDIUM', capabilities: ['destruction'] };
  // "In cell 7 you drop all rows with any NaN" in quotation marks: a sentence about what someone did, quoted.
  if (quotedStatement(context.text, match.index)) return { level: 'MEDIUM', capabilities: ['destruction'] };
  return true;
}

/** A menu path's last step (`Actions → run → ⋯ → Delete all logs`): the name of a button the reader may press. */
function namesButton(text: string, at: number): boolean {
  return /(?:\u2192|\u203a|\u00bb|\u21d2|->)[\s*_\x60]{1,4}$/.test(text.slice(Math.max(0, at - 8), at));
}

/** The verb at `at` has a subject ("you drop", "it deletes") and sits inside a quotation opened earlier on its line. */
function quotedStatement(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(Math.max(lineStart, at - 300), at);
  if (!/\b(?:you|it|they|he|she|we|I)\s{1,4}$/.test(before)) return false;
  return (before.match(/"/g)?.length ?? 0) % 2 === 1 || before.lastIndexOf('\u201c') > before.lastIndexOf('\u201d');
}

/**
 * A step that refuses to go on unless the database is a development or test one (`case "$db" in
 * *_dev|*_test) ;; *) exit 1`): what it drops is what it is allowed to rebuild.
 */
export function devOnly(unit: string): boolean {
  return (
    /\*?_(?:dev|test)\b[^\n]{0,200}(?:\n[^\n]{0,200}){0,2}?\b(?:exit\s{1,4}[1-9]|raise|abort|refus\w{0,6}|die|fail)\b/i.test(unit) ||
    // `if host not in LOCAL_HOSTS: sys.exit("REFUSED …")`: a guard that stops on any host that is not this machine.
    /\b(?:not\s{1,4}in|!=|-ne|!==)\s{1,4}[\w.]{0,40}(?:(?:LOCAL|ALLOWED|SAFE)\w{0,20}|localhost|["']127\.0\.0\.1)[^\n]{0,100}(?:\n[^\n]{0,200})?\b(?:exit|raise|abort|refus\w{0,6}|die|fail)\b/i.test(
      unit,
    ) ||
    // `abort "refusing: host is not local" unless SAFE_HOSTS.include?(host)`: the stop first, the check after it.
    /\b(?:exit|raise|abort|refus\w{0,6}|die|fail)\b[^\n]{0,160}\b(?:unless|if\s{1,4}not|if\s{0,4}!)\s{0,4}\(?\s{0,4}(?:LOCAL|ALLOWED|SAFE)\w{0,20}\.(?:include\?|includes|contains|has)\s{0,4}\(/i.test(
      unit,
    )
  );
}

/** SQL a test suite or a development setup loads: seeds and fixtures, emptied and filled again on each load. */
export const SEED_FILE =
  /(?:^|\/)(?:seeds?|fixtures?|test|tests|spec)\/(?:[^/]{1,80}\/){0,4}[^/]{1,80}\.sql$|(?:^|[/_-])(?:seed|seeds|fixtures?)[\w-]{0,40}\.sql$/i;

/** `TRUNCATE a, b … CASCADE` followed by `INSERT INTO a`: a seed file emptying the tables it fills again. */
export function reseeds(statement: string, unit: string): boolean {
  const tables = /\bTRUNCATE\s{1,4}(?:TABLE\s{1,4})?([\w.", ]{1,400}?)\s{1,4}(?:RESTART|CONTINUE|CASCADE|;)/i.exec(statement)?.[1];
  if (!tables) return false;
  return tables
    .split(',')
    .map((name) => name.trim().replace(/"/g, ''))
    .some((name) => name && new RegExp(String.raw`\bINSERT\s{1,4}INTO\s{1,4}"?${name.replace(/\./g, '\\.')}"?[\s(]`, 'i').test(unit));
}

export const CLOUD_LISTING = String.raw`\b(?:bq|gcloud|gsutil|aws|az|kubectl|doctl|heroku)\b[^)\x60|\n]{0,120}?\b(?:ls|list)\b`;
/** A loop over what a cloud CLI lists, or over every database a server or account has (`SHOW DATABASES`, `pg_database`). */
export const OVER_LISTING = new RegExp(
  String.raw`\bfor\s{1,4}\w{1,40}\s{1,4}in\s{1,4}(?:\$\(|\x60)[^)\x60\n]{0,40}?${CLOUD_LISTING}|${CLOUD_LISTING}[^\n]{0,200}?\|\s{0,4}xargs\b|\bSHOW\s{1,4}(?:TERSE\s{1,4})?DATABASES\b|\bFROM\s{1,4}(?:pg_database|snowflake\.account_usage\.databases)\b`,
  'i',
);

/** The unit sets `name` to the home folder, or makes it the fallback (`ROOT="${XDG_CACHE_HOME:-$HOME}"`). */
export function setToHome(name: string, unitText: string): boolean {
  return homeVariables(unitText).has(name);
}

/** The variables a unit sets to the home folder, read once per unit (a script may remove through thousands of them). */
export const homeVariables = oncePerText((text) => {
  const names = new Set<string>();
  // A Makefile's `ROOT ?= $(HOME)` too (read as `${HOME}`: analyse/makefile-variables.ts).
  for (const m of everyMatch(
    /(?:^|[\s;])(\w{1,40})(?:=|[ \t]{0,8}[?:+]?=[ \t]{0,8})["']?(?:\$\{\w{1,40}:-)?(?:~|\$HOME|\$\{HOME\})\/?\}?["']?(?=[\s;]|$)/gm,
    text,
  ))
    names.add(m[1]!);
  // Another user's home: `UH="$(eval echo "~$U")"`, `getent passwd "$U" | cut -d: -f6`, `/home/$U`, `/Users/$U`.
  for (const m of everyMatch(OTHER_HOME, text)) names.add(m[1]!);
  return names;
});

const OTHER_HOME =
  /(?:^|[\s;])(\w{1,40})=["']?(?:\$\(\s{0,4}(?:eval\s{1,4}echo\s{1,4}["']?~\$\{?\w{1,40}\}?|getent\s{1,4}passwd\b[^)\n]{0,80}?cut\s{1,4}-d\s{0,2}["']?:["']?\s{1,4}-f\s{0,2}6)|\/(?:home|Users)\/\$\{?\w{1,40}\}?\/?["']?(?=[\s;]|$))/gm;

/** `for root in ~/code ~/src ~/projects`: loop variables that walk the user's folders, read once per unit. */
const homeLoopVariables = oncePerText((text) => {
  const names = new Set<string>();
  for (const m of everyMatch(/\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}[^;\n]{0,200}?(?:~|\$HOME|\$\{HOME\})(?=[/\s;"']|$)/gm, text))
    names.add(m[1]!);
  // A loop whose list holds a variable set to a home folder (`for d in /tmp "$UH"`).
  const homes = homeVariables(text);
  if (homes.size)
    for (const m of everyMatch(/\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}([^;\n]{0,200})/gm, text))
      for (const v of m[2]!.matchAll(/\$\{?(\w{1,40})\}?/g)) if (homes.has(v[1]!)) names.add(m[1]!);
  return names;
});

/** Whether a search root held in a variable is the home folder or one of the folders in it a loop walks. */
export function searchesHome(name: string, unitText: string): boolean {
  return setToHome(name, unitText) || homeLoopVariables(unitText).has(name);
}

/**
 * Where sentences of a prose text open (after `. `, `! `, `? `) and close (`.`, `!`, `?` before a space or the end),
 * found once per text: a paragraph may hold thousands of matches.
 */
export const sentenceMarks = oncePerText((text) => ({
  opens: [...text.matchAll(/[.!?] /g)].map((m) => m.index),
  closes: [...text.matchAll(/[.!?](?=\s|$)/g)].map((m) => m.index),
}));

/** A loop over what a cloud CLI lists, anywhere in the unit; read once per unit. */
export const overListing = oncePerText((text) => OVER_LISTING.test(text));

/** A prompt that waits for the user's answer (`read -p`, `[y/N]` asked through `read`, `input(`, `IO.gets(`, "are you sure", `Read-Host`). */
export const ASKS =
  /\bread\s{1,4}(?:-\w{1,3}\s{1,4}){0,3}["']?[^\n]{0,80}?\[y\/N\]|\b(?:input|gets|readline|read_line|prompt|confirm)\s{0,4}\(?\s{0,4}["'][^\n]{0,120}?\[y\/N\]|\bread\s{1,4}-r?p\b|\bare\s{1,4}you\s{1,4}sure\b|\bRead-Host\b|\btype\s{1,4}["']?yes\b|\$PSCmdlet\.ShouldContinue\b/i;

/** PowerShell's confirmation: `ShouldProcess` in a command declared `ConfirmImpact = 'High'` prompts before it acts. */
export const confirmsHighImpact = (unitText: string, window: string): boolean =>
  /\$PSCmdlet\.ShouldProcess\b/i.test(window) && /\bConfirmImpact\s{0,4}=\s{0,4}["']High["']/i.test(unitText);

/** The script stops for the user's answer; read once per unit. */
export const asksFirst = oncePerText((text) => ASKS.test(text));
