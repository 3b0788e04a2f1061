import type { FakeGitHub } from './fake-github/index.js';
import { pullRequestPayload, webhookExample } from './webhook-payloads.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- payloads are deep JSON adjusted in tests

/** What an App delivery always carries for the fake: its installation, the repo's default branch. */
function forApp(fake: FakeGitHub, payload: Json, owner: string, repo: string): Json {
  payload.installation = { id: fake.state.app.installationId, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  payload.repository.name = repo;
  payload.repository.full_name = `${owner}/${repo}`;
  payload.repository.owner.login = owner;
  payload.repository.default_branch = fake.repo(owner, repo).defaultBranch;
  payload.repository.html_url = `https://github.com/${owner}/${repo}`;
  return payload;
}

export interface PullEventOptions {
  action?: 'opened' | 'synchronize' | 'reopened' | 'ready_for_review' | 'edited' | 'labeled' | 'unlabeled';
  /** The label a labeled/unlabeled event names. */
  label?: string;
  /** Who sent the event (for labeled: who applied the label). */
  sender?: string;
  /** For edited: the body before the edit. */
  bodyBefore?: string;
  /** For edited: the base branch before a retarget (GitHub's `changes.base`). */
  baseBefore?: { ref: string; sha: string };
}

/**
 * A `pull_request` delivery (the @octokit/webhooks-examples shape) for a PR the fake holds:
 * its current head and base SHAs, body and labels, as GitHub would send them right now.
 */
export function pullRequestEvent(fake: FakeGitHub, owner: string, repo: string, number: number, options: PullEventOptions = {}): Json {
  const state = fake.repo(owner, repo);
  const issue = state.issues[number];
  if (!issue?.pull) throw new Error(`no PR #${number} in ${owner}/${repo}`);
  const [forkOwner, forkName] = issue.pull.headRepo?.split('/') ?? [];
  const headState = forkOwner && forkName ? fake.repo(forkOwner, forkName) : state;
  const headSha = headState.refs[`refs/heads/${issue.pull.headRef}`];
  const baseSha = state.refs[`refs/heads/${issue.pull.baseRef}`];
  if (!headSha || !baseSha) throw new Error(`PR #${number}: head or base branch is missing`);
  const exampleAction = options.action === 'edited' ? 'opened' : (options.action ?? 'opened');
  const payload = pullRequestPayload({
    owner,
    repo,
    number,
    baseSha,
    headSha,
    headRef: issue.pull.headRef,
    body: issue.body ?? '',
    labels: issue.labels,
    action: exampleAction,
    ...(forkOwner ? { forkOwner } : {}),
  });
  payload.action = options.action ?? 'opened';
  payload.pull_request.base.ref = issue.pull.baseRef;
  payload.pull_request.title = issue.title;
  if (options.label) payload.label = { id: 1, name: options.label, color: 'ededed', default: false };
  payload.sender = { ...payload.sender, login: options.sender ?? issue.user };
  if (options.action === 'edited')
    payload.changes = options.baseBefore
      ? { base: { ref: { from: options.baseBefore.ref }, sha: { from: options.baseBefore.sha } } }
      : options.bodyBefore === undefined
        ? { title: { from: 'old title' } }
        : { body: { from: options.bodyBefore } };
  return forApp(fake, payload, owner, repo);
}

/** `check_run.rerequested` for a check run the fake holds, listing the PR (as GitHub does for same-repo PRs). */
export function checkRunRerequestedEvent(fake: FakeGitHub, owner: string, repo: string, checkRunId: number, pullNumbers: number[]): Json {
  const state = fake.repo(owner, repo);
  const run = state.checkRuns.find((r) => r.id === checkRunId);
  if (!run) throw new Error(`no check run ${checkRunId}`);
  const payload = webhookExample('check_run', 'rerequested') as Json;
  payload.check_run = {
    ...payload.check_run,
    id: run.id,
    name: run.name,
    head_sha: run.headSha,
    status: run.status,
    conclusion: run.conclusion,
    pull_requests: pullNumbers.map((n) => pullRef(fake, owner, repo, n)),
  };
  return forApp(fake, payload, owner, repo);
}

/** `check_suite.rerequested` for a commit and the PRs GitHub lists with it. */
export function checkSuiteRerequestedEvent(fake: FakeGitHub, owner: string, repo: string, headSha: string, pullNumbers: number[]): Json {
  const payload = webhookExample('check_suite', 'rerequested') as Json;
  payload.check_suite = {
    ...payload.check_suite,
    head_sha: headSha,
    after: headSha,
    pull_requests: pullNumbers.map((n) => pullRef(fake, owner, repo, n)),
  };
  return forApp(fake, payload, owner, repo);
}

function pullRef(fake: FakeGitHub, owner: string, repo: string, number: number): Json {
  const state = fake.repo(owner, repo);
  const pull = state.issues[number]!.pull!;
  const side = (ref: string) => ({
    ref,
    sha: state.refs[`refs/heads/${ref}`],
    repo: { id: state.id, url: `${fake.url}/repos/${owner}/${repo}`, name: repo },
  });
  return {
    url: `${fake.url}/repos/${owner}/${repo}/pulls/${number}`,
    id: number,
    number,
    head: side(pull.headRef),
    base: side(pull.baseRef),
  };
}

/** GitHub's webhook `user` object for a login the fake knows (type Bot for `*[bot]` and seeded bots). */
function userOf(fake: FakeGitHub, template: Json, login: string): Json {
  const type = fake.state.users[login]?.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User');
  return { ...template, login, id: fake.state.users[login]?.id ?? 1, type };
}

/** The issue (or PR) object of issue events, as the fake holds it now. */
function issueObject(fake: FakeGitHub, owner: string, repo: string, number: number, template: Json): Json {
  const issue = fake.repo(owner, repo).issues[number];
  if (!issue) throw new Error(`no issue #${number} in ${owner}/${repo}`);
  const out: Json = {
    ...template,
    number,
    id: issue.id,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    labels: issue.labels.map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false })),
    user: userOf(fake, template.user, issue.user),
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    html_url: `https://github.com/${owner}/${repo}/${issue.pull ? 'pull' : 'issues'}/${number}`,
  };
  delete out.pull_request;
  if (issue.pull)
    out.pull_request = {
      url: `${fake.url}/repos/${owner}/${repo}/pulls/${number}`,
      html_url: `https://github.com/${owner}/${repo}/pull/${number}`,
    };
  return out;
}

/** `issues.labeled` (the @octokit/webhooks-examples shape): `sender` added `label` to the issue — apply it with `fake.label` first. */
export function issueLabeledEvent(fake: FakeGitHub, owner: string, repo: string, number: number, label: string, sender: string): Json {
  const payload = webhookExample('issues', 'labeled') as Json;
  payload.issue = issueObject(fake, owner, repo, number, payload.issue);
  payload.label = { ...payload.label, name: label, url: `${fake.url}/repos/${owner}/${repo}/labels/${encodeURIComponent(label)}` };
  payload.sender = userOf(fake, payload.sender, sender);
  return forApp(fake, payload, owner, repo);
}

/** `issue_comment.created` for a comment the fake holds (add it with `fake.addComment` first). */
export function issueCommentEvent(fake: FakeGitHub, owner: string, repo: string, commentId: number): Json {
  const comment = fake.repo(owner, repo).comments.find((c) => c.id === commentId);
  if (!comment) throw new Error(`no comment ${commentId}`);
  const payload = webhookExample('issue_comment', 'created') as Json;
  payload.issue = issueObject(fake, owner, repo, comment.issueNumber, payload.issue);
  const user = userOf(fake, payload.comment.user, comment.user);
  payload.comment = {
    ...payload.comment,
    id: comment.id,
    body: comment.body,
    user,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: `${payload.issue.html_url}#issuecomment-${comment.id}`,
  };
  payload.sender = user;
  return forApp(fake, payload, owner, repo);
}

/** `workflow_run.completed` for a run the fake holds (finish it with `fake.completeRun` first). */
export function workflowRunCompletedEvent(fake: FakeGitHub, owner: string, repo: string, runId: number): Json {
  const state = fake.repo(owner, repo);
  const run = state.workflowRuns.find((r) => r.id === runId);
  if (!run) throw new Error(`no workflow run ${runId}`);
  const workflow = state.workflows.find((w) => w.id === run.workflowId);
  const payload = webhookExample('workflow_run', 'completed') as Json;
  delete payload.organization;
  payload.workflow_run = {
    ...payload.workflow_run,
    id: run.id,
    name: workflow?.name ?? null,
    display_title: run.displayTitle ?? workflow?.name ?? '',
    path: workflow?.path ?? '',
    workflow_id: run.workflowId,
    run_number: run.runNumber,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    head_branch: run.headBranch,
    head_sha: run.headSha,
    html_url: `https://github.com/${owner}/${repo}/actions/runs/${run.id}`,
    url: `${fake.url}/repos/${owner}/${repo}/actions/runs/${run.id}`,
    actor: userOf(fake, payload.workflow_run.actor, run.actor),
  };
  payload.workflow = { ...payload.workflow, id: run.workflowId, name: workflow?.name ?? '', path: workflow?.path ?? '' };
  payload.sender = userOf(fake, payload.sender, run.actor);
  return forApp(fake, payload, owner, repo);
}
