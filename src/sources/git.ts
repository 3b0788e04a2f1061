export interface GitOptions {
  maxBuffer?: number;
  /** Added to the inherited environment of this one git process. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs git with arguments (never a shell) and returns stdout as a Buffer. */
export async function git(cwd: string, args: string[], options: GitOptions = {}): Promise<Buffer> {
  // Loaded on the first git call: a check that needs no git (most runs of `plangate check`) never pays for child_process.
  const { execFile } = await import('./child-process.js');
  return new Promise((resolve, reject) => {
    const env = options.env ? { ...process.env, ...options.env } : undefined;
    execFile(
      'git',
      args,
      { cwd, env, encoding: 'buffer', maxBuffer: options.maxBuffer ?? 512 * 1024 * 1024, timeout: options.timeoutMs },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args.join(' ')} failed: ${stderr.toString().trim() || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

export async function gitText(cwd: string, args: string[]): Promise<string> {
  return (await git(cwd, args)).toString('utf8').trim();
}

/** The full commit SHA of a revision, or undefined when it does not name a commit here. */
export async function resolveCommit(cwd: string, rev: string): Promise<string | undefined> {
  try {
    return await gitText(cwd, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  } catch {
    return undefined;
  }
}

export async function isGitRepository(cwd: string): Promise<boolean> {
  try {
    return (await gitText(cwd, ['rev-parse', '--is-inside-work-tree'])) === 'true';
  } catch {
    return false;
  }
}

/** Commit time of HEAD (the reproducible "now" for staleness), or the wall clock outside a repository. */
export async function headCommitTime(cwd: string): Promise<Date> {
  try {
    return new Date(Number(await gitText(cwd, ['show', '-s', '--format=%ct', 'HEAD'])) * 1000);
  } catch {
    return new Date();
  }
}

/** headCommitTime, asked of git on the first call only (and not at all when nothing calls it). */
export function headCommitTimeOnDemand(cwd: string): () => Promise<Date> {
  let time: Promise<Date> | undefined;
  return () => (time ??= headCommitTime(cwd));
}
