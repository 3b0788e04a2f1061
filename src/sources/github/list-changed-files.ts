import type { OctokitLike } from '../../github/octokit-like.js';
import { pushAll } from '../../core/push-all.js';

export interface ChangedFile {
  filename: string;
  status: string;
  previousFilename?: string;
  /** Unified diff hunks; absent for binary or very large changes. */
  patch?: string;
  additions: number;
  deletions: number;
}

export interface ChangedFiles {
  files: ChangedFile[];
  /** Every path the change touches (renames count twice: old and new name), sorted. */
  paths: string[];
  /** False when GitHub's cap was reached (3,000 PR files; 300 compare files): treat the list as partial. */
  complete: boolean;
  /** For a `base...head` range: the commit the range is compared from (what GitHub calls the merge base). */
  mergeBase?: string;
}

type ChangeTarget = { octokit: OctokitLike; owner: string; repo: string } & ({ pullNumber: number } | { base: string; head: string });

interface DiffEntry {
  filename: string;
  status: string;
  previous_filename?: string;
  patch?: string;
  additions: number;
  deletions: number;
}

const PR_FILES_CAP = 3000;
const COMPARE_FILES_CAP = 300;
const PER_PAGE = 100;

/** The files a PR (PR files API, paginated) or a `base...head` range (compare API, one call) changes. */
export async function listChangedFiles(target: ChangeTarget): Promise<ChangedFiles> {
  const { octokit, owner, repo } = target;
  const raw: DiffEntry[] = [];
  let complete: boolean;
  let mergeBase: string | undefined;
  if ('pullNumber' in target) {
    for (let page = 1; ; page++) {
      const response = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
        owner,
        repo,
        pull_number: target.pullNumber,
        per_page: PER_PAGE,
        page,
      });
      const items = response.data as DiffEntry[];
      pushAll(raw, items);
      const next = String(response.headers.link ?? '').includes('rel="next"');
      if (!next || items.length < PER_PAGE || raw.length >= PR_FILES_CAP) break;
    }
    complete = raw.length < PR_FILES_CAP;
  } else {
    // per_page counts commits, not files; files come whole (≤ 300) on the first page.
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
      owner,
      repo,
      basehead: `${target.base}...${target.head}`,
      per_page: 1,
    });
    const compare = data as { files?: DiffEntry[]; merge_base_commit: { sha: string } };
    pushAll(raw, compare.files ?? []);
    complete = raw.length < COMPARE_FILES_CAP;
    mergeBase = compare.merge_base_commit.sha;
  }
  const files = raw.map((f) => ({
    filename: f.filename,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    ...(f.previous_filename ? { previousFilename: f.previous_filename } : {}),
    ...(f.patch !== undefined ? { patch: f.patch } : {}),
  }));
  const paths = [...new Set(files.flatMap((f) => (f.previousFilename ? [f.filename, f.previousFilename] : [f.filename])))].sort();
  return { files, paths, complete, ...(mergeBase ? { mergeBase } : {}) };
}
