import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { hasProcfs } from './process-tree.js';

/**
 * The programs plangate itself runs during a ralph run, as absolute paths fixed before the
 * agent's first turn. Nothing is looked up by name afterwards, so a `git`, `sh` or `ps` the
 * agent plants in a PATH directory it can write (`~/.local/bin` is first on hosted runners) is
 * never the one plangate runs.
 */
export interface TrustedPrograms {
  git: string;
  /** Runs the agent template and the verify commands. */
  sh: string;
  /** `ps`, only where there is no `/proc` to read the process table from. */
  ps?: string;
  /** PATH for the programs above (git's own helpers, `ssh`): only the directories they were found in. */
  searchPath: string;
}

export type TrustedProgramsResult = { ok: true; programs: TrustedPrograms } | { ok: false; problem: string };

export interface ProgramLookup {
  platform?: NodeJS.Platform;
  /** Whether the runner's user may change `path` (default: `access(W_OK)`). */
  writable?: (path: string) => boolean;
  /** The runner's user id: root may write everywhere, so for root the first program found is taken. */
  uid?: number;
  /** Whether `/proc` lists processes (default: this system's answer); without it `ps` is needed. */
  procfs?: boolean;
}

interface Found {
  path: string;
  dirs: string[];
}

/**
 * Finds git, sh (and ps without /proc) on the runner's PATH, skipping relative entries and —
 * unless the runner is root — every candidate where the runner's user can write the file or its
 * directory, or any link on the way to the file (`/usr/bin/sh` → `/etc/alternatives/sh` →
 * `/usr/bin/dash`) or its directory: the agent runs as that user and could replace it. A symlink
 * is kept as found (`sh` runs as `sh`, not as the `bash` it may point to, which would leave POSIX
 * mode), since nothing on its way can change. None → the run must not start.
 */
export function resolveTrustedPrograms(env: Record<string, string | undefined>, lookup: ProgramLookup = {}): TrustedProgramsResult {
  const platform = lookup.platform ?? process.platform;
  const uid = lookup.uid ?? process.getuid?.();
  const writable = lookup.writable ?? isWritable;
  const guard = platform !== 'win32' && uid !== 0;
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter((d) => d && isAbsolute(d));
  const extensions = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean)] : [''];
  const names = ['git', 'sh', ...((lookup.procfs ?? hasProcfs()) ? [] : ['ps'])];
  const found = new Map<string, Found>();
  for (const name of names) {
    const skipped: string[] = [];
    const hit = findProgram(name, dirs, extensions, guard ? writable : () => false, skipped);
    if (hit) {
      found.set(name, hit);
      continue;
    }
    if (name === 'ps') continue;
    return {
      ok: false,
      problem: skipped.length
        ? `${name} is found only where this user can write (${skipped.join(', ')}), so the agent could replace it; install ${name} where the runner's user cannot write (e.g. /usr/bin)`
        : `${name} is not on PATH`,
    };
  }
  const searchPath = [...new Set([...found.values()].flatMap((f) => f.dirs))].join(platform === 'win32' ? ';' : delimiter);
  const ps = found.get('ps')?.path;
  return { ok: true, programs: { git: found.get('git')!.path, sh: found.get('sh')!.path, ...(ps ? { ps } : {}), searchPath } };
}

function findProgram(
  name: string,
  dirs: readonly string[],
  extensions: readonly string[],
  writable: (path: string) => boolean,
  skipped: string[],
): Found | undefined {
  for (const dir of dirs) {
    for (const extension of extensions) {
      const candidate = join(dir, name + extension);
      let real: string;
      let chain: string[];
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        real = realpathSync(candidate);
        chain = linkChain(candidate);
      } catch {
        continue;
      }
      if ([dir, ...chain].some((hop) => writable(hop) || writable(dirname(hop)))) {
        skipped.push(candidate);
        continue;
      }
      return { path: candidate, dirs: [...new Set([dir, dirname(real)])] };
    }
  }
  return undefined;
}

/** The path and every path its symlinks lead through, to the file itself. */
function linkChain(path: string): string[] {
  const chain = [path];
  for (let hop = path, i = 0; i < 40; i++) {
    if (!lstatSync(hop).isSymbolicLink()) break;
    hop = resolve(dirname(hop), readlinkSync(hop));
    chain.push(hop);
  }
  return chain;
}

function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
