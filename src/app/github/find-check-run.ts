import type { OctokitLike } from '../../github/octokit-like.js';

export interface ExistingCheckRun {
  id: number;
  status: string;
  conclusion: string | null;
  annotationsCount: number;
  summary: string | null;
}

interface CheckRunListing {
  check_runs: {
    id: number;
    status: string;
    conclusion: string | null;
    app?: { id?: number } | null;
    output?: { annotations_count?: number; summary?: string | null };
  }[];
}

/** The App's latest check run with this name on a commit, if one exists (another delivery or replica made it). */
export async function findCheckRun(
  octokit: OctokitLike,
  target: { owner: string; repo: string; headSha: string; name: string; appId: number },
): Promise<ExistingCheckRun | undefined> {
  const { data } = await octokit.request<CheckRunListing>('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
    owner: target.owner,
    repo: target.repo,
    ref: target.headSha,
    check_name: target.name,
    app_id: target.appId,
    filter: 'latest',
    per_page: 10,
  });
  const run = data.check_runs.filter((r) => r.app?.id === undefined || r.app.id === target.appId).sort((a, b) => b.id - a.id)[0];
  return (
    run && {
      id: run.id,
      status: run.status,
      conclusion: run.conclusion,
      annotationsCount: run.output?.annotations_count ?? 0,
      summary: run.output?.summary ?? null,
    }
  );
}
