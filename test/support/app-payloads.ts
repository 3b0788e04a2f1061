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
  const payload = pullRequestPayload({ owner, repo, number, baseSha, headSha, headRef: issue.pull.headRef, body: issue.body ?? '', labels: issue.labels, action: exampleAction, ...(forkOwner ? { forkOwner } : {}) });
  payload.action = options.action ?? 'opened';
  payload.pull_request.base.ref = issue.pull.baseRef;
  payload.pull_request.title = issue.title;
  if (options.label) payload.label = { id: 1, name: options.label, color: 'ededed', default: false };
  payload.sender = { ...payload.sender, login: options.sender ?? issue.user };
  if (options.action === 'edited') payload.changes = options.bodyBefore === undefined ? { title: { from: 'old title' } } : { body: { from: options.bodyBefore } };
  return forApp(fake, payload, owner, repo);
}

/** `check_run.rerequested` for a check run the fake holds, listing the PR (as GitHub does for same-repo PRs). */
export function checkRunRerequestedEvent(fake: FakeGitHub, owner: string, repo: string, checkRunId: number, pullNumbers: number[]): Json {
  const state = fake.repo(owner, repo);
  const run = state.checkRuns.find((r) => r.id === checkRunId);
  if (!run) throw new Error(`no check run ${checkRunId}`);
  const payload = webhookExample('check_run', 'rerequested') as Json;
  payload.check_run = { ...payload.check_run, id: run.id, name: run.name, head_sha: run.headSha, status: run.status, conclusion: run.conclusion, pull_requests: pullNumbers.map((n) => pullRef(fake, owner, repo, n)) };
  return forApp(fake, payload, owner, repo);
}

/** `check_suite.rerequested` for a commit and the PRs GitHub lists with it. */
export function checkSuiteRerequestedEvent(fake: FakeGitHub, owner: string, repo: string, headSha: string, pullNumbers: number[]): Json {
  const payload = webhookExample('check_suite', 'rerequested') as Json;
  payload.check_suite = { ...payload.check_suite, head_sha: headSha, after: headSha, pull_requests: pullNumbers.map((n) => pullRef(fake, owner, repo, n)) };
  return forApp(fake, payload, owner, repo);
}

function pullRef(fake: FakeGitHub, owner: string, repo: string, number: number): Json {
  const state = fake.repo(owner, repo);
  const pull = state.issues[number]!.pull!;
  const side = (ref: string) => ({ ref, sha: state.refs[`refs/heads/${ref}`], repo: { id: state.id, url: `${fake.url}/repos/${owner}/${repo}`, name: repo } });
  return { url: `${fake.url}/repos/${owner}/${repo}/pulls/${number}`, id: number, number, head: side(pull.headRef), base: side(pull.baseRef) };
}
