import type { OctokitLike } from '../../github/octokit-like.js';

export interface CheckRunAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

export interface CheckRunOutput {
  title: string;
  summary: string;
  text?: string;
  /** At most 50 per request; GitHub appends them to the run's existing annotations. */
  annotations?: CheckRunAnnotation[];
}

/** PATCHes a check run: status, conclusion (which completes it) and output. */
export async function updateCheckRun(
  octokit: OctokitLike,
  target: { owner: string; repo: string; checkRunId: number },
  fields: { status?: 'in_progress'; conclusion?: string; output?: CheckRunOutput },
): Promise<void> {
  await octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
    owner: target.owner,
    repo: target.repo,
    check_run_id: target.checkRunId,
    ...(fields.conclusion ? { status: 'completed', conclusion: fields.conclusion, completed_at: new Date().toISOString() } : {}),
    ...(fields.status && !fields.conclusion ? { status: fields.status } : {}),
    ...(fields.output ? { output: fields.output } : {}),
  });
}
