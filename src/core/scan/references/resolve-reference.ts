import type { RepoSnapshot } from '../../snapshot.js';

export type ResolvedPath =
  | { kind: 'file'; path: string }
  /** Leaves the repository: an absolute or home path, or `..` past the root. */
  | { kind: 'outside'; path: string }
  /** In the repository, but nothing is there (or not a file). */
  | { kind: 'missing'; path: string }
  /** Inside a git submodule: content of another repository. */
  | { kind: 'submodule'; path: string }
  /** Built from a variable nothing here defines. */
  | { kind: 'unknown'; path: string };

/** Variables agent clients set to the project root (VS Code's `${workspaceFolder}` in `.vscode/mcp.json`). */
export const PROJECT_ROOT =
  /^\$\{?(?:CLAUDE_PROJECT_DIR|PROJECT_ROOT|WORKSPACE_ROOT|GITHUB_WORKSPACE|PWD|workspaceFolder|workspaceRoot)\}?(?=\/|$)/;
/** A variable a script sets to a folder (its repository's root, its own folder), leading the path. */
const SCRIPT_ROOT = /^\$\{?[A-Za-z_]\w{0,40}\}?(?=\/)/;
/** The script's own folder, quotes taken off (`$(dirname $0)`, `${BASH_SOURCE%/*}`). */
const OWN_FOLDER = /^(?:\$\(dirname\s{1,4}\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?\)|\$\{(?:0|BASH_SOURCE(?:\[0\])?)%\/\*\})(?=\/)/;
/** Variables set to the plugin's own folder. */
const PLUGIN_ROOT = /^\$\{?(?:CLAUDE_PLUGIN_ROOT|PLUGIN_ROOT|PLUGIN_DIR)\}?(?=\/|$)/;
/** Variables and placeholders skills use for their own folder. */
const SKILL_ROOT = /^(?:\$\{?(?:SKILL_DIR|SKILL_ROOT|CLAUDE_SKILL_DIR|SKILL_PATH|BASE_DIR)\}?|\{baseDir\}|\{skill_dir\})(?=\/|$)/;
/** Where agents install skills: `~/.claude/skills/<name>/…`, `/mnt/skills/public/<name>/…`. */
const INSTALLED_SKILL =
  /^(?:~|\$\{?HOME\}?)\/\.(?:claude|codex|agents|cursor|gemini|github|opencode|copilot)\/skills\/([^/]{1,120})(?=\/|$)|^\/mnt\/(?:user-data\/)?skills\/(?:[^/]{1,60}\/)?([^/]{1,120})(?=\/|$)/;

/** `a/./b/../c` → `a/c`; undefined when `..` climbs past the root. */
export function normalise(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** The folder a repository path is in ('' at the root). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function join(dir: string, rest: string): string {
  return dir ? `${dir}/${rest}` : rest;
}

export interface ResolveContext {
  snapshot: RepoSnapshot;
  /** The skill folder (with a trailing slash) a file belongs to, if any. */
  skillRootOf(path: string): string | undefined;
  /** Skill folders by their name (the folder's last segment). */
  skillsByName: ReadonlyMap<string, string>;
}

/** The plugin folder a file belongs to: the nearest folder above it with `.claude-plugin/` or a `hooks/hooks.json`, else the parent of its `hooks/`, `commands/` or `skills/` folder. */
function pluginRootOf(path: string, snapshot: RepoSnapshot): string | undefined {
  for (let dir = dirOf(path); ; dir = dirOf(dir)) {
    if (snapshot.entry(join(dir, '.claude-plugin/plugin.json')) || snapshot.entry(join(dir, 'hooks/hooks.json'))) return dir;
    if (!dir) break;
  }
  const m = /^(.*?)(?:^|\/)(?:hooks|commands|skills|agents|scripts)\//.exec(path);
  return m ? m[1]! : undefined;
}

/** The submodule (a gitlink entry) that holds a path, if one does. */
function submoduleOf(path: string, snapshot: RepoSnapshot): string | undefined {
  for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
    if (snapshot.entry(path.slice(0, slash))?.mode === 'submodule') return path.slice(0, slash);
  }
  return snapshot.entry(path)?.mode === 'submodule' ? path : undefined;
}

/**
 * A path a command runs, from the file that holds the command → the repository file it is: project
 * and plugin root variables expanded, a skill's own folder and install locations mapped to the skill
 * in the repository, a relative path tried from the file's folder, its skill, its plugin and the root.
 */
export function resolveReference(from: string, written: string, context: ResolveContext): ResolvedPath {
  const { snapshot } = context;
  const skillRoot = context.skillRootOf(from)?.replace(/\/$/, '');
  let path = written.replace(/^["']|["']$/g, '');
  let bases: (string | undefined)[];
  if (PROJECT_ROOT.test(path)) {
    path = path.replace(PROJECT_ROOT, '');
    bases = [''];
  } else if (PLUGIN_ROOT.test(path)) {
    path = path.replace(PLUGIN_ROOT, '');
    bases = [pluginRootOf(from, snapshot) ?? dirOf(from)];
  } else if (OWN_FOLDER.test(path)) {
    path = path.replace(OWN_FOLDER, '');
    bases = [dirOf(from)];
  } else if (SKILL_ROOT.test(path)) {
    path = path.replace(SKILL_ROOT, '');
    bases = [skillRoot ?? dirOf(from)];
  } else if (INSTALLED_SKILL.test(path)) {
    const m = INSTALLED_SKILL.exec(path)!;
    const root = context.skillsByName.get(m[1] ?? m[2]!);
    if (root === undefined) return { kind: 'outside', path: written };
    path = path.slice(m[0].length);
    bases = [root.replace(/\/$/, '')];
  } else if (/^(?:~|\$\{?HOME\}?|\/|[A-Za-z]:\\|%[A-Z]+%)/.test(path)) {
    return { kind: 'outside', path: written };
  } else if (
    SCRIPT_ROOT.test(path) &&
    !/\$\{?[A-Za-z_]/.test(path.replace(SCRIPT_ROOT, '')) &&
    // A setting the agent client launches has no script to set the variable: it stays unknown (a finding).
    !/\.(?:json|jsonc|toml|ya?ml)$/i.test(from)
  ) {
    // A script's own root variable (`TOP="$(git rev-parse --show-toplevel)"`, `ROOT="$(dirname "$0")/.."`): the
    // repository's root, the file's folder or the one above it, whichever holds the file; none of them: unknown.
    path = path.replace(SCRIPT_ROOT, '');
    const found = ['', dirOf(from), dirOf(dirOf(from)), skillRoot].find((base) => {
      const candidate = base === undefined ? undefined : normalise(join(base, path));
      const entry = candidate === undefined ? undefined : snapshot.entry(candidate);
      return entry !== undefined && (entry.mode === 'file' || entry.mode === 'executable' || entry.mode === 'symlink');
    });
    if (found === undefined) return { kind: 'unknown', path: written };
    bases = [found];
  } else if (/\$\{?[A-Za-z_]/.test(path)) {
    return { kind: 'unknown', path: written };
  } else {
    bases = [dirOf(from), skillRoot, pluginRootOf(from, snapshot), ''];
  }
  let climbed = false;
  let first: string | undefined;
  // `just` reads whichever of `justfile`, `Justfile` and `.justfile` the folder holds.
  const names = path === 'justfile' ? ['justfile', 'Justfile', '.justfile'] : [path];
  for (const base of [...new Set(bases)]) {
    if (base === undefined) continue;
    for (const name of names) {
      const candidate = normalise(join(base, name));
      if (candidate === undefined) {
        climbed = true;
        continue;
      }
      first ??= candidate;
      const submodule = submoduleOf(candidate, snapshot);
      if (submodule) return { kind: 'submodule', path: submodule };
      const entry = snapshot.entry(candidate);
      if (entry && (entry.mode === 'file' || entry.mode === 'executable' || entry.mode === 'symlink'))
        return { kind: 'file', path: candidate };
    }
  }
  if (first === undefined && climbed) return { kind: 'outside', path: written };
  return { kind: 'missing', path: first ?? path };
}
