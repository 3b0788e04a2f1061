import { ensureUser } from './create-state.js';
import type { CheckRunState, CommentState, FakeState, IssueState, LabelState, Permission, RepoState, WorkflowRunState } from './types.js';

/** Response shapes, trimmed to the fields GitHub always sends and plangate (or Octokit) reads. */
const nodeId = (prefix: string, id: number) => `${prefix}_${Buffer.from(String(id)).toString('base64url')}`;

export function userJson(state: FakeState, baseUrl: string, login: string) {
  const user = ensureUser(state, login);
  const appSlug = login.endsWith('[bot]') ? login.slice(0, -5) : undefined;
  return {
    login,
    id: user.id,
    node_id: nodeId(user.type === 'Bot' ? 'BOT' : 'U', user.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    gravatar_id: '',
    url: `${baseUrl}/users/${encodeURIComponent(login)}`,
    html_url: appSlug ? `https://github.com/apps/${appSlug}` : `https://github.com/${login}`,
    type: user.type,
    site_admin: false,
  };
}

export function appJson(state: FakeState, baseUrl: string) {
  const { app } = state;
  return {
    id: app.id,
    slug: app.slug,
    node_id: nodeId('A', app.id),
    name: app.slug,
    owner: userJson(state, baseUrl, 'plangate-org'),
    description: 'plangate (fake)',
    external_url: 'https://example.com/plangate',
    html_url: `https://github.com/apps/${app.slug}`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    permissions: { checks: 'write', contents: 'read', issues: 'write', metadata: 'read', pull_requests: 'write', actions: 'write' },
    events: ['pull_request', 'issues', 'issue_comment', 'check_run', 'check_suite', 'workflow_run'],
  };
}

export function repoJson(state: FakeState, baseUrl: string, repo: RepoState) {
  const full = `${repo.owner}/${repo.name}`;
  return {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: full,
    private: repo.private,
    owner: userJson(state, baseUrl, repo.owner),
    html_url: `https://github.com/${full}`,
    url: `${baseUrl}/repos/${full}`,
    fork: false,
    default_branch: repo.defaultBranch,
    visibility: repo.private ? 'private' : 'public',
    archived: false,
    disabled: false,
  };
}

/** GitHub's author_association from the repo role (OWNER, COLLABORATOR, NONE). */
export function authorAssociation(repo: RepoState, login: string): string {
  if (login.toLowerCase() === repo.owner.toLowerCase()) return 'OWNER';
  const permission: Permission = repo.permissions[login] ?? 'none';
  return permission === 'none' ? 'NONE' : 'COLLABORATOR';
}

export function labelJson(baseUrl: string, repo: RepoState, label: LabelState) {
  return {
    id: label.id,
    node_id: nodeId('LA', label.id),
    url: `${baseUrl}/repos/${repo.owner}/${repo.name}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    default: false,
    description: label.description,
  };
}

export function issueJson(state: FakeState, baseUrl: string, repo: RepoState, issue: IssueState) {
  const full = `${repo.owner}/${repo.name}`;
  const kind = issue.pull ? 'pull' : 'issues';
  return {
    id: issue.id,
    node_id: nodeId(issue.pull ? 'PR' : 'I', issue.id),
    url: `${baseUrl}/repos/${full}/issues/${issue.number}`,
    repository_url: `${baseUrl}/repos/${full}`,
    html_url: `https://github.com/${full}/${kind}/${issue.number}`,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    user: userJson(state, baseUrl, issue.user),
    labels: issue.labels.map((name) => labelJson(baseUrl, repo, repo.labels[name]!)),
    state: issue.state,
    locked: false,
    comments: repo.comments.filter((c) => c.issueNumber === issue.number).length,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: null,
    author_association: authorAssociation(repo, issue.user),
    ...(issue.pull
      ? {
          pull_request: {
            url: `${baseUrl}/repos/${full}/pulls/${issue.number}`,
            html_url: `https://github.com/${full}/pull/${issue.number}`,
          },
        }
      : {}),
  };
}

export function commentJson(state: FakeState, baseUrl: string, repo: RepoState, comment: CommentState) {
  const full = `${repo.owner}/${repo.name}`;
  const kind = repo.issues[comment.issueNumber]?.pull ? 'pull' : 'issues';
  return {
    id: comment.id,
    node_id: nodeId('IC', comment.id),
    url: `${baseUrl}/repos/${full}/issues/comments/${comment.id}`,
    html_url: `https://github.com/${full}/${kind}/${comment.issueNumber}#issuecomment-${comment.id}`,
    issue_url: `${baseUrl}/repos/${full}/issues/${comment.issueNumber}`,
    body: comment.body,
    user: userJson(state, baseUrl, comment.user),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    author_association: authorAssociation(repo, comment.user),
    performed_via_github_app: comment.viaApp ? appJson(state, baseUrl) : null,
  };
}

export function checkRunJson(state: FakeState, baseUrl: string, repo: RepoState, run: CheckRunState) {
  const full = `${repo.owner}/${repo.name}`;
  return {
    id: run.id,
    node_id: nodeId('CR', run.id),
    head_sha: run.headSha,
    external_id: run.externalId,
    url: `${baseUrl}/repos/${full}/check-runs/${run.id}`,
    html_url: `https://github.com/${full}/runs/${run.id}`,
    details_url: run.detailsUrl,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      ...run.output,
      annotations_count: run.annotations.length,
      annotations_url: `${baseUrl}/repos/${full}/check-runs/${run.id}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.id + 1_000_000 },
    // Runs not made by the App's installation token belong to GitHub Actions (app id 15368 on github.com).
    app:
      run.app === state.app.slug
        ? appJson(state, baseUrl)
        : { ...appJson(state, baseUrl), id: 15368, slug: run.app, name: 'GitHub Actions' },
    pull_requests: [],
  };
}

export function workflowRunJson(state: FakeState, baseUrl: string, repo: RepoState, run: WorkflowRunState) {
  const full = `${repo.owner}/${repo.name}`;
  const workflow = repo.workflows.find((w) => w.id === run.workflowId);
  return {
    id: run.id,
    node_id: nodeId('WFR', run.id),
    name: workflow?.name ?? null,
    display_title: run.displayTitle ?? workflow?.name ?? '',
    path: workflow?.path ?? '',
    workflow_id: run.workflowId,
    run_number: run.runNumber,
    run_attempt: 1,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    head_branch: run.headBranch,
    head_sha: run.headSha,
    url: `${baseUrl}/repos/${full}/actions/runs/${run.id}`,
    html_url: `https://github.com/${full}/actions/runs/${run.id}`,
    artifacts_url: `${baseUrl}/repos/${full}/actions/runs/${run.id}/artifacts`,
    cancel_url: `${baseUrl}/repos/${full}/actions/runs/${run.id}/cancel`,
    actor: userJson(state, baseUrl, run.actor),
    triggering_actor: userJson(state, baseUrl, run.actor),
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    run_started_at: run.createdAt,
    repository: repoJson(state, baseUrl, repo),
  };
}
