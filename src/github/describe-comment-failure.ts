import { statusOf } from './octokit-like.js';

/** The workflow permission that lets a GITHUB_TOKEN write comments on each kind of thread. */
const WRITE_PERMISSION = { 'pull request': 'pull-requests: write', issue: 'issues: write' } as const;

/**
 * Why a comment could not be written, as one sentence for a warning: what GitHub answered and,
 * when it is the token's rights, the permission to add to the workflow (`permissions:`).
 */
export function describeCommentFailure(error: unknown, thread: keyof typeof WRITE_PERMISSION): string {
  // Octokit reports a request that got no answer (a reset, a refused connection) as a 500 without a response.
  const answered = (error as { response?: unknown } | undefined)?.response !== undefined;
  const status = answered ? statusOf(error) : undefined;
  const said = errorText(error);
  const permission = `\`permissions: ${WRITE_PERMISSION[thread]}\``;
  if (status === 403 && /rate limit/i.test(said)) return `GitHub's rate limit stopped it (403: ${said})`;
  if (status === 403)
    return `the token may not write to this ${thread} (403: ${said}); give the job ${permission}, or pass a github-token that may`;
  if (status === 404)
    return `GitHub answered 404 (${said}): the token cannot see this ${thread}, which is how GitHub answers a token without access; give the job ${permission}, or pass a github-token with access to the repository`;
  if (status === 401) return `GitHub refused the token (401: ${said}); pass a valid github-token`;
  if (status !== undefined) return `GitHub answered ${status} (${said})`;
  return `GitHub could not be reached or did not answer (${said})`;
}

/** The error's first line, clipped, without the documentation URL Octokit appends. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]!.replace(/ - https:\/\/docs\.github\.com\S*$/, '');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
