import { execFileSync } from 'node:child_process';
import { ensureRepo, isoSeconds } from './create-state.js';
import type { FakeState, GitPerson, GitTreeMode, RepoState, TreeItem } from './types.js';

/**
 * A real git repository (typically the bare `origin` a test pushes to) whose branches the
 * fake serves: before each request for the repo, new or moved `refs/heads/*` are imported
 * object by object, so their SHAs are git's own.
 */
export interface GitMirror {
  owner: string;
  repo: string;
  gitDir: string;
}

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', args, { cwd: gitDir, maxBuffer: 64 * 1024 * 1024 });
}

export function syncGitMirror(state: FakeState, mirror: GitMirror): void {
  // One spawn per request (this runs before every request for the repo): `%(HEAD)` marks the
  // branch HEAD names; only an unborn HEAD needs a second command.
  const listing = git(mirror.gitDir, ['for-each-ref', '--format=%(HEAD) %(objectname) %(refname)', 'refs/heads']).toString('utf8');
  const rows = listing
    .split('\n')
    .filter(Boolean)
    .map((line) => [line[0] === '*', ...line.slice(2).split(' ', 2)] as [boolean, string, string]);
  const refs = rows.map(([, sha, ref]) => [sha, ref] as [string, string]);
  const current = rows.find(([isHead]) => isHead)?.[2] ?? symbolicHead(mirror.gitDir);
  const head = current.replace(/^refs\/heads\//, '');
  const repo = ensureRepo(state, mirror.owner, mirror.repo, head || 'main');
  for (const [sha, ref] of refs) {
    if (repo.refs[ref] === sha) continue;
    importCommits(repo, mirror.gitDir, sha);
    repo.refs[ref] = sha;
  }
}

function symbolicHead(gitDir: string): string {
  try {
    return git(gitDir, ['symbolic-ref', '--quiet', 'HEAD']).toString('utf8').trim();
  } catch {
    return '';
  }
}

function importCommits(repo: RepoState, gitDir: string, tip: string): void {
  const shas = git(gitDir, ['rev-list', tip]).toString('utf8').split('\n').filter(Boolean);
  for (const sha of shas) {
    if (repo.commits[sha]) continue;
    const raw = git(gitDir, ['cat-file', 'commit', sha]).toString('utf8');
    const split = raw.indexOf('\n\n');
    const headers = raw.slice(0, split).split('\n');
    const value = (name: string) => headers.filter((h) => h.startsWith(`${name} `)).map((h) => h.slice(name.length + 1));
    const tree = value('tree')[0]!;
    importTree(repo, gitDir, tree);
    repo.commits[sha] = {
      sha,
      tree,
      parents: value('parent'),
      message: raw.slice(split + 2),
      author: person(value('author')[0]!),
      committer: person(value('committer')[0]!),
    };
  }
}

function importTree(repo: RepoState, gitDir: string, root: string): void {
  const pending = [root];
  while (pending.length) {
    const treeSha = pending.pop()!;
    if (repo.trees[treeSha]) continue;
    const items: TreeItem[] = [];
    for (const entry of git(gitDir, ['ls-tree', '-z', treeSha]).toString('utf8').split('\0').filter(Boolean)) {
      const tab = entry.indexOf('\t');
      const [mode, type, sha] = entry.slice(0, tab).split(' ') as [GitTreeMode, TreeItem['type'], string];
      items.push({ name: entry.slice(tab + 1), mode, type, sha });
      if (type === 'tree') pending.push(sha);
      else if (type === 'blob' && !repo.blobs[sha]) repo.blobs[sha] = new Uint8Array(git(gitDir, ['cat-file', 'blob', sha]));
    }
    repo.trees[treeSha] = items;
  }
}

/** `Name <email> 1714564800 +0000` → GitPerson (the fake keeps UTC second precision). */
function person(line: string): GitPerson {
  const match = /^(.*) <([^>]*)> (\d+) [+-]\d{4}$/.exec(line);
  if (!match) return { name: line, email: '', date: isoSeconds(0) };
  return { name: match[1]!, email: match[2]!, date: isoSeconds(Number(match[3]) * 1000) };
}
