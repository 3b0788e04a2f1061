import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { isFile } from './path-kind.js';
import type { TrustedPrograms } from './trusted-programs.js';

/** How deep git follows includes (its own limit is 10). */
const MAX_DEPTH = 10;
const INCLUDE_KEY = /^include(?:if\..+)?\.path$/i;

/** One `key = value` and the config file it is in. */
export interface ConfigEntry {
  file: string;
  key: string;
  value: string;
}

export interface GitConfigScan {
  /** Every entry of every file read, once per file. */
  entries: ConfigEntry[];
  /** What git run in the first directory (the workdir's own repository) sees now, includes followed. */
  effective: ConfigEntry[];
}

/**
 * The entries of every config file git would read for `gitDirs` — system, global, each
 * repository's `config` and `config.worktree`, what they include under conditions that hold now
 * (one `git config --list --show-origin` per directory) — and of every other file an
 * `include.path` or `includeIf.<condition>.path` in any of them names, whatever the condition (the
 * agent can make an `onbranch:` or `gitdir:` condition hold by switching branch or moving the
 * checkout). Read as the agent's git would: the runner's HOME and system file.
 */
export async function scanGitConfig(
  programs: TrustedPrograms,
  gitDirs: readonly string[],
  source: Record<string, string | undefined>,
  cwd: string,
): Promise<GitConfigScan> {
  const byFile = new Map<string, ConfigEntry[]>();
  const effective: ConfigEntry[] = [];
  const listings = gitDirs.length ? gitDirs.map((dir) => ({ dir, cwd: dir })) : [{ dir: undefined, cwd }];
  for (const [i, listing] of listings.entries()) {
    const seenHere = new Set<string>();
    const out = await readGitConfig(programs, listing.cwd, ['--list', '--show-origin', '-z', '--includes'], source, listing.dir);
    const records = out.split('\0');
    for (let r = 0; r + 1 < records.length; r += 2) {
      const origin = records[r]!;
      if (!origin.startsWith('file:')) continue;
      const entry = { file: resolve(listing.cwd, origin.slice('file:'.length)), ...splitRecord(records[r + 1]!) };
      if (i === 0) effective.push(entry);
      // A file listed for an earlier directory (the system and global files) is read once.
      if (byFile.has(entry.file) && !seenHere.has(entry.file)) continue;
      seenHere.add(entry.file);
      byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
    }
  }
  const pending = [...byFile.values()].flat().map((entry) => ({ entry, depth: 0 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { entry, depth } = next;
    if (depth >= MAX_DEPTH || !INCLUDE_KEY.test(entry.key) || !entry.value) continue;
    const target = includeTarget(entry.value, entry.file, source.HOME);
    if (!target || byFile.has(target) || !isFile(target)) continue;
    const entries = (await readGitConfig(programs, dirname(target), ['--file', target, '--list', '-z'], source))
      .split('\0')
      .filter(Boolean)
      .map((record) => ({ file: target, ...splitRecord(record) }));
    byFile.set(target, entries);
    for (const included of entries) pending.push({ entry: included, depth: depth + 1 });
  }
  return { entries: [...byFile.values()].flat(), effective };
}

/** `git config` for reading, git by its absolute path, with the runner's HOME. */
function readGitConfig(
  programs: TrustedPrograms,
  cwd: string,
  args: readonly string[],
  source: Record<string, string | undefined>,
  gitDir?: string,
): Promise<string> {
  const env: Record<string, string> = { LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', PATH: programs.searchPath };
  for (const name of ['HOME', 'XDG_CONFIG_HOME', 'SYSTEMROOT']) if (source[name] !== undefined) env[name] = source[name]!;
  if (gitDir) env.GIT_DIR = gitDir;
  return new Promise((done, fail) => {
    execFile(
      programs.git,
      ['-c', 'safe.directory=*', 'config', ...args],
      { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`git config ${args.join(' ')}: ${stderr.trim() || error.message}`));
        else done(stdout);
      },
    );
  });
}

/** A `git config --list -z` record: `key\nvalue`. */
function splitRecord(record: string): { key: string; value: string } {
  const newline = record.indexOf('\n');
  return newline < 0 ? { key: record, value: '' } : { key: record.slice(0, newline), value: record.slice(newline + 1) };
}

/** Where an include points: `~/` is HOME, a relative path is relative to the including file. */
function includeTarget(value: string, from: string, home: string | undefined): string | undefined {
  if (value.startsWith('~/')) return home ? join(home, value.slice(2)) : undefined;
  return resolve(dirname(from), value);
}
