import { execFile } from 'node:child_process';
import type { TrustedPrograms } from './trusted-programs.js';

/**
 * Config given on the command line of every git command plangate runs. Command-line config
 * wins over every file, so whatever an agent wrote into `.git/config`, a file it includes,
 * `~/.gitconfig` or `~/.config/git/` cannot make these commands run a program: no hooks (any
 * hooks path), no fsmonitor, no pager or editor, no credential helper or askpass, no gpg
 * signing, no ext:: transport, no ssh config (`ProxyCommand`), no submodule recursion, no
 * per-user ignore or attributes files. Filters, textconv, diff drivers, aliases, includes and
 * remote programs are named by keys these cannot enumerate: the commands that could run them
 * (status, add, commit, push) run in plangate's own git directory (`PlangateGitView`), whose
 * config plangate writes.
 */
export const GIT_HARDENING: readonly string[] = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.pager=cat',
  'core.editor=false',
  'sequence.editor=false',
  'core.askPass=',
  'credential.helper=',
  'core.sshCommand=ssh -F /dev/null -o BatchMode=yes',
  'core.excludesFile=/dev/null',
  'core.attributesFile=/dev/null',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'push.gpgSign=false',
  'protocol.ext.allow=never',
  'submodule.recurse=false',
  'push.recurseSubmodules=no',
  'fetch.recurseSubmodules=false',
  'status.submoduleSummary=false',
  'diff.ignoreSubmodules=all',
  'gc.auto=0',
  'maintenance.auto=false',
];

/** What git needs from the runner's environment (never anything the agent could have set; PATH is plangate's own). */
const PASSED = [
  'HOME',
  'TMPDIR',
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'all_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];

export interface HardenedGitOptions {
  input?: string;
  /** Extra environment for this one command (plangate's own git dir, a credential for a push). */
  env?: Record<string, string>;
  /** The runner's environment to take PATH and the like from (default: this process's). */
  source?: Record<string, string | undefined>;
}

/**
 * A minimal environment for git: no system or global config files, no prompts, no replace
 * refs, a PATH of only the directories plangate found its programs in (so git's own helpers and
 * `ssh` are never looked up where the agent can write), and none of the runner's other
 * variables (no `GIT_*` override, no token).
 */
export function hardenedGitEnvironment(
  programs: TrustedPrograms,
  source: Record<string, string | undefined> = process.env,
  extra: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED) if (source[name] !== undefined) env[name] = source[name]!;
  return {
    ...env,
    PATH: programs.searchPath,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    ...extra,
  };
}

/** `<git> -c <hardening> <args>` (never a shell, git by its absolute path) in `cwd`; rejects with git's stderr. */
export function runHardenedGit(
  programs: TrustedPrograms,
  cwd: string,
  args: readonly string[],
  options: HardenedGitOptions = {},
): Promise<string> {
  const argv = [...GIT_HARDENING.flatMap((pair) => ['-c', pair]), '--no-pager', ...args];
  return new Promise((resolve, reject) => {
    const child = execFile(
      programs.git,
      argv,
      { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: hardenedGitEnvironment(programs, options.source, options.env) },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args.join(' ')} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      },
    );
    // git may exit before reading its input (an error): that is reported through its exit, not EPIPE.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
  });
}
