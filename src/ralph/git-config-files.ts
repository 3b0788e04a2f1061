import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TrustedPrograms } from './trusted-programs.js';

/** How deep git follows includes (its own limit is 10). */
const MAX_DEPTH = 10;
const INCLUDE_KEY = /^include(?:if\..+)?\.path$/i;

/** One `key = value` of a config file, as `git config --file <file> --list` reads it. */
export interface ConfigFileEntry {
  key: string;
  value: string;
}

/**
 * Runs `git config` for reading, as the agent's git would see the config: the runner's HOME
 * (`~/.gitconfig`, `~/.config/git/`) and system file, git by its absolute path.
 */
export function readGitConfig(
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
        // `--get-regexp` with no match exits 1 with nothing on stderr: an empty answer.
        if (error && (error.code !== 1 || stderr.trim()))
          fail(new Error(`git config ${args.join(' ')}: ${stderr.trim() || error.message}`));
        else done(stdout);
      },
    );
  });
}

/** `git config --list -z` records (`key\nvalue\0`). */
export function parseConfigList(out: string): ConfigFileEntry[] {
  const entries: ConfigFileEntry[] = [];
  for (const record of out.split('\0')) {
    if (!record) continue;
    const newline = record.indexOf('\n');
    entries.push(newline < 0 ? { key: record, value: '' } : { key: record.slice(0, newline), value: record.slice(newline + 1) });
  }
  return entries;
}

/**
 * The config files git would read for `gitDirs` (system, global, each repository's `config` and
 * `config.worktree`) and, transitively, every file an `include.path` or `includeIf.<condition>.path`
 * in them names — whether or not the condition holds now (the agent can make an `onbranch:` or
 * `gitdir:` condition hold by switching branch or moving the checkout).
 */
export async function gitConfigFiles(
  programs: TrustedPrograms,
  gitDirs: readonly string[],
  source: Record<string, string | undefined>,
  cwd: string,
): Promise<string[]> {
  const files = new Set<string>();
  const listings = gitDirs.length ? gitDirs.map((dir) => ({ dir, cwd: dir })) : [{ dir: undefined, cwd }];
  for (const listing of listings) {
    const out = await readGitConfig(programs, listing.cwd, ['--list', '--show-origin', '-z', '--includes'], source, listing.dir);
    const records = out.split('\0');
    for (let i = 0; i + 1 < records.length; i += 2) {
      const origin = records[i]!;
      if (origin.startsWith('file:')) files.add(resolve(listing.cwd, origin.slice('file:'.length)));
    }
    if (listing.dir)
      for (const name of ['config', 'config.worktree']) if (isFile(join(listing.dir, name))) files.add(join(listing.dir, name));
  }
  const pending = [...files].map((file) => ({ file, depth: 0 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth >= MAX_DEPTH) continue;
    for (const entry of await readConfigFile(programs, next.file, source)) {
      if (!INCLUDE_KEY.test(entry.key) || !entry.value) continue;
      const target = includeTarget(entry.value, next.file, source.HOME);
      if (!target || files.has(target) || !isFile(target)) continue;
      files.add(target);
      pending.push({ file: target, depth: next.depth + 1 });
    }
  }
  return [...files];
}

/** The entries of one config file, its includes not followed. */
export async function readConfigFile(
  programs: TrustedPrograms,
  file: string,
  source: Record<string, string | undefined>,
): Promise<ConfigFileEntry[]> {
  return parseConfigList(await readGitConfig(programs, dirname(file), ['--file', file, '--list', '-z'], source));
}

/** Where an include points: `~/` is HOME, a relative path is relative to the including file. */
function includeTarget(value: string, from: string, home: string | undefined): string | undefined {
  if (value.startsWith('~/')) return home ? join(home, value.slice(2)) : undefined;
  return resolve(dirname(from), value);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
