/**
 * Local files a command line runs: `bash scripts/x.sh`, `python3 tools/srv.py`, `node .mcp/server.js`,
 * `./tools/run.sh`, `"$CLAUDE_PROJECT_DIR"/.claude/hooks/pre-tool.sh`, `${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`,
 * `source ./env.sh` — and, in instructions, a script named on its own in code (`` run `scripts/backup.sh` ``).
 * What the file does is part of what the line does (judge/judge-unit.ts).
 */

/** Script files by extension: what an interpreter or the shell runs. */
const SCRIPT_EXTENSION = String.raw`(?:sh|bash|zsh|ksh|fish|py|pyw|js|mjs|cjs|ts|mts|cts|rb|pl|php|ps1|psm1|lua|r|R|jl|exs|kts|groovy|applescript|scpt|command|bat|cmd)`;
/** A script's own folder as shells spell it: `$(dirname "$0")`, `$(dirname "${BASH_SOURCE[0]}")`, `${BASH_SOURCE%/*}`. */
const OWN_FOLDER = String.raw`\$\(dirname\s{1,4}"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?\)|\$\{(?:0|BASH_SOURCE(?:\[0\])?)%\/\*\}`;
/** A path as written: quotes, variables and `~` allowed, no spaces. */
const PATH = String.raw`(?:"?(?:${OWN_FOLDER}|\$\{?[A-Za-z_]\w{0,40}\}?|~|\.{1,2})?"?(?:/[\w.@%+~-]{1,120}){0,12}|[\w.@%+-]{1,120}(?:/[\w.@%+~-]{1,120}){0,12})`;

/** An interpreter (with its options) followed by the file it runs. */
const INTERPRETED = new RegExp(
  String.raw`(?:^|[\s;&|(\x60!'"])(?:sudo\s{1,4}(?:-\S{1,20}\s{1,4}){0,3})?(?:env\s{1,4}(?:\w{1,40}=\S{0,200}\s{1,4}){0,4})?(?:bash|sh|zsh|dash|ksh|fish|source|\.|python[\d.]{0,5}|py|node|nodejs|deno(?:\s{1,4}run)?|bun(?:\s{1,4}run)?|ruby|perl|php|pwsh|powershell(?:\.exe)?|tsx|ts-node|npx\s{1,4}(?:-y\s{1,4})?(?:tsx|ts-node)|uv\s{1,4}run|pipx\s{1,4}run|Rscript|osascript|lua(?:jit|5\.\d)?|julia|elixir|kotlin|groovy|cmd(?:\.exe)?\s{1,4}\/c)(?:\s{1,4}-{1,2}[\w-]{1,30}(?:=[\w.=/@:+-]{1,80}|[= ](?!["'$~./\w-]{0,200}\.${SCRIPT_EXTENSION}\b)[\w.=-]{1,40})?){0,6}\s{1,4}["']?(${PATH})["']?(?=$|[\s;&|)\x60'"])`,
  'g',
);

/** A path run as a command: at a command's start, with a slash in it (`./x`, `dir/x.sh`, `$ROOT/x`). */
const DIRECT = new RegExp(
  String.raw`(?:^|[;&|(\x60!]|&&|\|\|)\s{0,4}(?:sudo\s{1,4}|exec\s{1,4}|nohup\s{1,4})?((?:"[^"\s]{1,200}"|[^\s"'();&|\x60]{1,200})\/[^\s;&|)\x60'"]{1,200})`,
  'g',
);

/** A script named on its own in an inline code span or a prose sentence (`scripts/backup.sh`). */
const NAMED = new RegExp(String.raw`^\s{0,4}(?:\.\/)?([\w.@%+-]{1,120}(?:\/[\w.@%+-]{1,120}){0,12}\.${SCRIPT_EXTENSION})\s{0,4}$`);

export interface FoundReference {
  /** The path as written (quotes removed). */
  path: string;
  /** Offset in the searched text where the path starts. */
  index: number;
  /** Given to an interpreter, run as a command, or named on its own in instructions. */
  how: 'interpreter' | 'command' | 'named';
  /** The recipe or target asked for (`just check`, `make lint`): what of the file runs. */
  entry?: string;
  /** The project's own folder given as the program's first argument (`ruby scripts/sync.rb .`). */
  projectArgument?: true;
}

function clean(path: string): string {
  // A Makefile recipe's `@` (silent) or `-` (ignore errors) before the command is Make's, not the path's.
  return path
    .replace(/"/g, '')
    .replace(/'/g, '')
    .replace(/^[@-]{1,2}(?=\.{0,2}\/|\$)/, '');
}

/** Files that are read, not run. */
const DOCUMENT = /\.(?:md|mdx|markdown|txt|json|jsonc|ya?ml|toml|ini|cfg|conf|csv|tsv|xml|html?|css|svg|png|jpe?g|gif|pdf|lock|log)$/i;

/** Whether a word at a command's start is a path to something that runs (not a URL, an option, a glob or a redirect). */
function runnable(word: string): boolean {
  if (/^[a-z][\w+.-]{0,20}:\/\//i.test(word) || word.startsWith('-') || /[*?<>]/.test(word)) return false;
  if (/^\/(?:usr|bin|sbin|etc|opt|dev|proc|tmp)\//.test(word) && !new RegExp(String.raw`\.${SCRIPT_EXTENSION}$`).test(word)) return false;
  return true;
}

/** A script file's extension anywhere: a path without a slash runs only with one. */
const HAS_SCRIPT_EXTENSION = new RegExp(String.raw`\.${SCRIPT_EXTENSION}\b`);
/** A word that runs the file after it (what INTERPRETED starts with), cheap to look for first. */
const INTERPRETER_HINT =
  /\b(?:bash|sh|zsh|dash|ksh|fish|source|python[\d.]{0,5}|py|node|nodejs|deno|bun|ruby|perl|php|pwsh|powershell|tsx|ts-node|npx|uv|pipx|Rscript|osascript|lua(?:jit|5\.\d)?|julia|elixir|kotlin|groovy|cmd)\b|(?:^|[\s;&|(\x60!'"])\.\s/;

/**
 * A package script run by name (`pnpm ci:snapshot`, `npm run sync`, `yarn release`, `bun run x`): the command is the
 * `scripts` entry of the nearest package.json, followed there (references/follow-references.ts). Written as
 * `package-script:<name>`.
 */
const PACKAGE_SCRIPT =
  /(?:^|[\s;&|(\x60!'"])(?:npm\s{1,4}(?:run(?:-script)?\s{1,4})?|pnpm\s{1,4}(?:run\s{1,4})?|yarn\s{1,4}(?:run\s{1,4})?|bun\s{1,4}run\s{1,4})([a-z][\w:.-]{0,79})(?=$|[\s;&|)\x60'"])/g;
export const PACKAGE_SCRIPT_PREFIX = 'package-script:';
/** Package managers' own commands: never a script of the package. */
const PACKAGE_MANAGER_COMMANDS =
  /^(?:install|i|ci|add|remove|rm|uninstall|update|up|upgrade|exec|dlx|x|create|init|publish|pack|link|unlink|audit|outdated|list|ls|why|config|set|get|store|prune|dedupe|import|rebuild|login|logout|whoami|version|view|info|cache|help|run|run-script|workspace|workspaces|global|bin|root|env|doctor|setup|patch|fund|search|owner|access|team|token|profile|hook|org|star|stars|explain|query|sbom|diff|edit|explore|shrinkwrap|deprecate|dist-tag|completion|restart|stop)$/;

function packageScripts(line: string, found: Map<number, FoundReference>): void {
  if (!/\b(?:npm|pnpm|yarn|bun)\s/.test(line)) return;
  PACKAGE_SCRIPT.lastIndex = 0;
  for (let m = PACKAGE_SCRIPT.exec(line); m; m = PACKAGE_SCRIPT.exec(line)) {
    const name = m[1]!;
    // `npm test` and `npm start` run scripts; npm's other words without `run` are its own commands.
    if (
      PACKAGE_MANAGER_COMMANDS.test(name) ||
      (/^npm\s{1,4}[a-z]/.test(m[0].trim()) && !/\brun/.test(m[0]) && !/^(?:test|start)$/.test(name))
    )
      continue;
    const index = m.index + m[0].lastIndexOf(name);
    found.set(index, { path: `${PACKAGE_SCRIPT_PREFIX}${name}`, index, how: 'interpreter' });
  }
}

/** `make reset-workspace`: a target of the Makefile beside the file (or at the root), which is what runs. Not `make -C dir` or `-f file`. */
const MAKE_TARGET = /(?:^|[\s;&|(\x60!'"])make\s{1,4}(?:-(?![Cf]\b)[\w-]{1,20}\s{1,4}){0,3}([a-z][\w.-]{0,60})(?=$|[\s;&|)\x60'"])/g;

/** `make -f build/proto.mk tools`: the Makefile named. */
const MAKE_FILE =
  /(?:^|[\s;&|(\x60!'"])make\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}(?:-f|--file(?:=|\s{1,4})|--makefile(?:=|\s{1,4}))\s{0,4}["']?([\w./-]{1,200})/g;
/** `just archive`: a recipe of the justfile beside the file (or at the root). */
const JUST_RECIPE = /(?:^|[\s;&|(\x60!'"])just\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}([a-z][\w-]{0,60})(?=$|[\s;&|)\x60'"])/g;

/** The file a runner reads (`justfile`, `Makefile`) for the recipe a command line asks for, at the recipe's name. */
function recipeOf(path: string, m: RegExpExecArray | null, found: Map<number, FoundReference>): void {
  if (!m) return;
  const index = m.index + m[0].lastIndexOf(m[1]!);
  found.set(index, { path, index, how: 'interpreter', entry: m[1]! });
}

function makeTargets(line: string, found: Map<number, FoundReference>): void {
  if (/\bjust\s/.test(line)) {
    JUST_RECIPE.lastIndex = 0;
    recipeOf('justfile', JUST_RECIPE.exec(line), found);
  }
  if (!/\bmake\s/.test(line)) return;
  MAKE_FILE.lastIndex = 0;
  const f = MAKE_FILE.exec(line);
  if (f) {
    found.set(f.index + f[0].lastIndexOf(f[1]!), { path: f[1]!, index: f.index + f[0].lastIndexOf(f[1]!), how: 'interpreter' });
    return;
  }
  MAKE_TARGET.lastIndex = 0;
  recipeOf('Makefile', MAKE_TARGET.exec(line), found);
}

/** Whether a text may name a file that runs: every path found holds a slash or a script's extension, or names a package script. */
export function mayReferenceFiles(text: string): boolean {
  return (
    text.includes('/') ||
    HAS_SCRIPT_EXTENSION.test(text) ||
    /\b(?:npm|pnpm|yarn|bun|make|just|install|source)\s|\b(?:go|cargo|dotnet)\s{1,4}run\b|(?:^|[;&|]\s{0,4})\.\s/m.test(text)
  );
}

/** The files one command line runs. */
export function findRunReferences(line: string): FoundReference[] {
  if (!mayReferenceFiles(line)) return [];
  const found = new Map<number, FoundReference>();
  INTERPRETED.lastIndex = INTERPRETER_HINT.test(line) ? 0 : line.length + 1;
  for (let m = INTERPRETED.exec(line); m; m = INTERPRETED.exec(line)) {
    if (m[0].length === 0) INTERPRETED.lastIndex++;
    const raw = m[1]!;
    const path = clean(raw);
    // `python -m pkg`, `node -e '…'`, `bash -c '…'` run no file; a bare word is a file only with an extension, or
    // when it is sourced and spelled as a file (`source .toolsrc`, `. config.env`).
    const sourced = /(?:^|[\s;&|(\x60!'"])(?:source|\.)\s/.test(m[0]) && /^[\w-]{0,60}\.[\w.-]{1,60}$/.test(path);
    if (
      !path ||
      path === '.' ||
      path === '..' ||
      (!path.includes('/') && !sourced && !new RegExp(String.raw`\.${SCRIPT_EXTENSION}$`).test(path))
    )
      continue;
    if (!runnable(path)) continue;
    const index = m.index + m[0].lastIndexOf(raw);
    found.set(index, { path, index, how: 'interpreter' });
  }
  DIRECT.lastIndex = line.includes('/') ? 0 : line.length + 1;
  for (let m = DIRECT.exec(line); m; m = DIRECT.exec(line)) {
    if (m[0].length === 0) DIRECT.lastIndex++;
    const raw = m[1]!;
    const path = clean(raw);
    // A command is a path that runs: a script by its extension, or a path spelled as one (`./x`, `$ROOT/x`); never a document.
    if (!runnable(path) || !/[\w$]/.test(path) || DOCUMENT.test(path)) continue;
    if (!new RegExp(String.raw`\.${SCRIPT_EXTENSION}$`).test(path) && !/^(?:\.{1,2}\/|\$|~\/)/.test(path)) continue;
    const index = m.index + m[0].lastIndexOf(raw);
    if (![...found.values()].some((f) => f.index <= index && index < f.index + f.path.length + 2))
      found.set(index, { path, index, how: 'command' });
  }
  packageScripts(line, found);
  makeTargets(line, found);
  installedPrograms(line, found);
  goPrograms(line, found);
  rustAndDotnetPrograms(line, found);
  return inFolderChangedTo(
    line,
    [...found.values()].sort((a, b) => a.index - b.index).map((ref) => withProjectArgument(line, ref)),
  );
}

/** The project's folder as a command line's argument: `.`, `./`, `$PWD`, the agent client's project variable. */
const PROJECT_ARGUMENT =
  /^[^\s;&|]{0,300}\s{1,4}(?:-{1,2}[\w-]{1,30}(?:[= ][\w.-]{1,60})?\s{1,4}){0,3}["']?(?:\.\/?|\$\{?PWD\}?|\$\{?CLAUDE_PROJECT_DIR\}?|\$\(pwd\))["']?(?=$|[\s;&|)`])/;

/** A program run with the project's folder as its argument (`ruby scripts/preview_sync.rb .`): what it does to a folder it is given, it does to the project. */
function withProjectArgument(line: string, ref: FoundReference): FoundReference {
  if (ref.how === 'named' || ref.entry !== undefined) return ref;
  return PROJECT_ARGUMENT.test(line.slice(ref.index)) ? { ...ref, projectArgument: true } : ref;
}

/** `cd tools/x && ./run.sh`, `cd "$dir"; python3 sync.py`: the folder a command line moved to before it runs a path. */
const CHANGE_FOLDER = /(?:^|[;&|(]\s{0,4}|&&\s{0,4})cd\s{1,4}["']?([\w.@%+/-]{1,200}?)\/?["']?\s{0,4}(?:&&|;)/g;

/** A relative path run after `cd dir` is under that folder (a path with a variable, `~` or `/` is not). */
function inFolderChangedTo(line: string, refs: FoundReference[]): FoundReference[] {
  if (!/\bcd\s/.test(line)) return refs;
  const moves = [...line.matchAll(CHANGE_FOLDER)].map((m) => ({ at: m.index + m[0].length, dir: m[1]! }));
  if (!moves.length) return refs;
  return refs.map((ref) => {
    const move = moves.filter((m) => m.at <= ref.index).pop();
    if (
      !move ||
      move.dir === '.' ||
      /^[/$~]/.test(ref.path) ||
      ref.path.startsWith(PACKAGE_SCRIPT_PREFIX) ||
      /^(?:Makefile|justfile)$/.test(ref.path)
    )
      return ref;
    return { ...ref, path: `${move.dir}/${ref.path.replace(/^\.\//, '')}` };
  });
}

/**
 * `go run ./tools/envcheck`, `go run -tags=live cmd/sync/main.go`: a Go file, or a package folder of the repository
 * (its `.go` files, as a glob). A module path (`go run golang.org/x/tools/cmd/stringer@v0.20.0`) is not a local file.
 */
const GO_RUN =
  /(?:^|[\s;&|(\x60!'"])go\s{1,4}run\s{1,4}(?:-[\w.-]{1,30}(?:=\S{1,80}|\s{1,4}(?![.\w-]{0,200}\.go\b)(?!\.{0,2}\/)[\w.,=-]{1,80})?\s{1,4}){0,6}["']?((?:\.{1,2}\/)?[\w.@%+-]{1,120}(?:\/[\w.@%+-]{1,120}){0,12}\/?|\.)["']?(?=$|[\s;&|)\x60'"])/g;

/**
 * `cargo run --bin seed` (`src/bin/seed.rs`), `cargo run` (`src/main.rs`), `cargo run --manifest-path
 * tools/x/Cargo.toml` (`tools/x/src/main.rs`); `dotnet run --project tools/Seed` (that project's `.cs` files).
 */
const CARGO_RUN = /(?:^|[\s;&|(\x60!'"])cargo\s{1,4}(?:\+\S{1,40}\s{1,4})?run\b([^;&|\n\x60]{0,300})/g;
const DOTNET_RUN =
  /(?:^|[\s;&|(\x60!'"])dotnet\s{1,4}run\b[^;&|\n\x60]{0,200}?--project[\s=]{1,4}["']?([\w.@%+/-]{1,200}?)\/?["']?(?=$|[\s;&|)\x60'"])/g;

function rustAndDotnetPrograms(line: string, found: Map<number, FoundReference>): void {
  if (/\bcargo\s/.test(line))
    for (const m of line.matchAll(CARGO_RUN)) {
      const options = m[1]!.split(/\s--\s/)[0]!;
      const manifest = /--manifest-path[\s=]{1,4}["']?([\w.@%+/-]{1,200})\/Cargo\.toml\b/.exec(options)?.[1];
      const root = manifest ? `${manifest}/` : '';
      const bin = /--bin[\s=]{1,4}([\w-]{1,80})/.exec(options)?.[1];
      const path = bin ? `${root}src/bin/${bin}.rs` : `${root}src/main.rs`;
      const index = m.index + m[0].indexOf('cargo');
      found.set(index, { path, index, how: 'interpreter' });
    }
  if (/\bdotnet\s/.test(line))
    for (const m of line.matchAll(DOTNET_RUN)) {
      const project = m[1]!.replace(/\/[\w.-]{1,100}\.csproj$/i, '');
      const index = m.index + m[0].lastIndexOf(m[1]!);
      if (!/\.csproj$/i.test(project)) found.set(index, { path: `${project}/*.cs`, index, how: 'interpreter' });
    }
}

function goPrograms(line: string, found: Map<number, FoundReference>): void {
  if (!/\bgo\s{1,4}run\s/.test(line)) return;
  for (const m of line.matchAll(GO_RUN)) {
    const written = m[1]!;
    const index = m.index + m[0].lastIndexOf(written);
    if (found.has(index)) continue;
    if (/\.go$/.test(written)) found.set(index, { path: written, index, how: 'interpreter' });
    // A folder is local only when spelled as one (`./x`, `../x`, `.`); `example.com/tool` is a module to download.
    else if (written === '.' || /^\.{1,2}\//.test(written))
      found.set(index, { path: `${written.replace(/\/$/, '')}/*.go`, index, how: 'interpreter' });
  }
}

/** `install -m 0755 .claude/hooks/bin/ctxsync "$CTX_BIN"`: a file of the repository installed as a program, to run later. */
const INSTALLED =
  /(?:^|[\s;&|(])install\s{1,4}(?:-[\w-]{1,10}\s{1,4}(?:[0-7]{3,4}\s{1,4})?){0,4}["']?((?:\.{1,2}\/|\$\{?\w{1,40}\}?\/)?[\w.-]{1,120}(?:\/[\w.-]{1,120}){1,12})["']?\s{1,4}\S/g;

function installedPrograms(line: string, found: Map<number, FoundReference>): void {
  if (!/\binstall\s/.test(line)) return;
  for (const m of line.matchAll(INSTALLED)) {
    const index = m.index + m[0].lastIndexOf(m[1]!);
    if (!found.has(index)) found.set(index, { path: clean(m[1]!), index, how: 'command' });
  }
}

/** A script named on its own (an inline code span's whole content). */
export function findNamedScript(span: string): FoundReference | undefined {
  const m = NAMED.exec(span);
  return m ? { path: m[1]!, index: span.indexOf(m[1]!), how: 'named' } : undefined;
}

/** `for step in scripts/dev/tidy.d/*.sh; do` (or `do` on the next line): a loop over the files a glob names. */
const GLOB_LOOP =
  /(?:^|[;&|\n])[ \t]{0,40}for[ \t]{1,4}([A-Za-z_]\w{0,60})[ \t]{1,4}in[ \t]{1,4}([^;\n]{1,300}?)[ \t]{0,4}(?:;[ \t]{0,4}do\b|\n[ \t]{0,40}do\b)/g;
/** `run-parts --exit-on-error hooks.d`: every program of a folder. */
const RUN_PARTS =
  /(?:^|[\s;&|(])run-parts[ \t]{1,4}(?:--?[\w-]{1,30}(?:=\S{1,60})?[ \t]{1,4}){0,4}["']?([\w.$/{}~-]{1,200}?)\/?["']?(?=$|[\s;&|)])/gm;

/**
 * The files a loop runs one by one (`for step in tidy.d/*.sh; do bash "$step"`, `. "$f"`, `"$hook"`) and `run-parts`
 * folders, as globs for the follower to expand (references/expand-glob.ts). Each is placed where the loop runs it.
 */
export function globRunReferences(text: string): FoundReference[] {
  const found: FoundReference[] = [];
  if (text.includes('run-parts'))
    for (const m of text.matchAll(RUN_PARTS)) found.push({ path: `${m[1]!}/*`, index: m.index + m[0].indexOf(m[1]!), how: 'interpreter' });
  if (!text.includes('*') || !/\bfor\b/.test(text)) return found;
  for (const loop of text.matchAll(GLOB_LOOP)) {
    const globs = loop[2]!.split(/\s+/).filter((w) => /[*?]/.test(w) && w.length > 1);
    if (!globs.length) continue;
    const name = String.raw`"?\$(?:\{${loop[1]}\}|${loop[1]}\b)"?`;
    const use = new RegExp(
      String.raw`(?:(?:^|[\s;&|(])(?:sudo\s{1,4})?(?:bash|sh|zsh|dash|ksh|source|\.|python[\d.]{0,4}|node|ruby|perl|pwsh)(?:\s{1,4}-[\w-]{1,20}){0,3}\s{1,4}|(?:^|[;&|(\n]|\bdo\b|\bthen\b)\s{0,4}(?:exec\s{1,4})?)${name}(?=$|[\s;&|)])`,
    );
    const body = text.slice(loop.index + loop[0].length);
    const m = use.exec(body);
    if (!m) continue;
    const index = loop.index + loop[0].length + m.index + m[0].indexOf('$');
    for (const glob of globs) found.push({ path: glob.replace(/["']/g, ''), index, how: 'interpreter' });
  }
  return found;
}
