import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { CheckContext } from '../core/check-context.js';
import type { ConfigProblem } from '../core/config/problems.js';
import type { RepoSnapshot } from '../core/snapshot.js';
import { resolveConfigExtends } from '../sources/config/resolve-config-extends.js';
import { GitCommitSnapshot } from '../sources/git-commit-snapshot.js';
import { listChangedFilesFromGit, listChangedLinesFromGit } from '../sources/git-changes.js';
import { headCommitTimeOnDemand, isGitRepository, resolveCommit } from '../sources/git.js';
import { LocalDirSnapshot } from '../sources/local-dir-snapshot.js';
import { UsageError } from './cli-io.js';
import { gitHubAccess } from './github-access.js';

export const DEFAULT_CONFIG_PATH = '.github/plangate.yml';

export interface LocalEvaluationOptions {
  dir: string;
  config?: string;
  base?: string;
  rev?: string;
  changed?: string[];
  prBody?: string;
}

export interface LocalEvaluation {
  /** The directory checked, absolute. */
  dir: string;
  snapshot: RepoSnapshot;
  /** The config to evaluate, `_extends` already followed. */
  configText?: string;
  configFile: string;
  /** Where the config came from, for people ("working tree", "commit abc1234 (--base)"). */
  configWhere: string;
  /** Problems reading the config or its `_extends` chain (exit 2). */
  configProblems: ConfigProblem[];
  context: CheckContext;
  dispose: () => void;
}

/**
 * What `plangate check` evaluates: the working tree (or `--rev`), with config from the
 * working tree — or, with `--base`, config and suppressions from that commit and the
 * changed files diffed against it, the way the PR gate does it. `_extends` is followed from
 * the same tree the config came from.
 */
export async function loadLocalEvaluation(
  options: LocalEvaluationOptions,
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<LocalEvaluation> {
  const dir = resolve(cwd, options.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`not a directory: ${options.dir}`);
  if ((options.base || options.rev) && !(await isGitRepository(dir)))
    throw new UsageError(`--base and --rev need a git repository; ${options.dir} is not one`);
  const closers: (() => void)[] = [];

  let snapshot: RepoSnapshot;
  if (options.rev) {
    const head = await GitCommitSnapshot.open(dir, options.rev).catch((e: Error) => {
      throw new UsageError(e.message);
    });
    closers.push(() => head.close());
    snapshot = head;
  } else {
    snapshot = await LocalDirSnapshot.open(dir);
  }

  const configFile = options.config ? toRepoPath(dir, resolve(cwd, options.config)) : DEFAULT_CONFIG_PATH;
  const context: CheckContext = {};
  let configText: string | undefined;
  let configTree = snapshot;
  let configWhere = options.rev ? `commit ${options.rev}` : 'the working tree';

  if (options.base) {
    const baseSha = await resolveCommit(dir, options.base);
    if (!baseSha) throw new UsageError(`--base ${options.base} is not a commit in ${options.dir}`);
    const base = await GitCommitSnapshot.open(dir, baseSha);
    closers.push(() => base.close());
    context.base = base;
    configTree = base;
    configWhere = `the base commit ${baseSha.slice(0, 7)} (--base)`;
    configText = await readText(base, configFile);
    const headRev = options.rev ? await resolveCommit(dir, options.rev) : undefined;
    context.changedFiles = await listChangedFilesFromGit(dir, baseSha, headRev);
    context.changedLines = await listChangedLinesFromGit(dir, baseSha, headRev);
  } else {
    configText = await readConfigFromHead(snapshot, configFile, options.config ? resolve(cwd, options.config) : undefined);
  }
  if (options.changed?.length) context.changedFiles = options.changed;
  if (options.prBody !== undefined) context.prBody = options.prBody;
  // HEAD's time is the reproducible "now" (outside a repository, the wall clock): one git process,
  // started only when a check has a claim to judge as stale.
  if (!snapshot.commitTime) context.now = headCommitTimeOnDemand(dir);

  const access = configText !== undefined && /^_extends\s*:/m.test(configText) ? await gitHubAccess(env, dir) : undefined;
  const extended = await resolveConfigExtends({
    text: configText,
    file: configFile,
    tree: configTree,
    ...(access?.requester ? { github: { requester: access.requester, owner: access.owner } } : {}),
    noGitHub: access?.noGitHub ?? '',
  });
  const configProblems = extended.ok ? [] : extended.problems;
  const resolvedFile = extended.ok ? extended.file : configFile;
  if (extended.ok) configText = extended.text;

  return {
    dir,
    snapshot,
    configText,
    configFile: resolvedFile,
    configWhere,
    configProblems,
    context,
    dispose: () => closers.forEach((c) => c()),
  };
}

async function readText(tree: RepoSnapshot, path: string): Promise<string | undefined> {
  const bytes = await tree.readBytes(path);
  return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
}

async function readConfigFromHead(snapshot: RepoSnapshot, configFile: string, explicitPath?: string): Promise<string | undefined> {
  if (explicitPath && configFile.startsWith('..')) {
    if (!existsSync(explicitPath)) throw new UsageError(`config file not found: ${explicitPath}`);
    return readFileSync(explicitPath, 'utf8');
  }
  const text = await readText(snapshot, configFile);
  if (text === undefined && explicitPath) throw new UsageError(`config file not found: ${explicitPath}`);
  return text;
}

function toRepoPath(dir: string, absolute: string): string {
  const rel = relative(dir, absolute).split('\\').join('/');
  return isAbsolute(rel) ? absolute : rel;
}
