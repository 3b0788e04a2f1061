import { ensureUser, nextId, tick } from '../state/create-state.js';
import { commentJson, issueJson, labelJson, userJson } from '../state/github-json.js';
import type { CommentState, FakeState, IssueState, LabelState, RepoState } from '../state/types.js';
import { paginate } from '../http/paginate.js';
import { errorResult, json, noContent, notFound, unprocessable } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';

/** GitHub rejects comment bodies over 65,536 characters. */
const MAX_BODY = 65_536;

const issueOf = (ctx: RouteContext): IssueState | undefined => ctx.repo.issues[Number(ctx.params.issue_number)];

function getIssue(ctx: RouteContext) {
  const issue = issueOf(ctx);
  return issue ? json(200, issueJson(ctx.state, ctx.baseUrl, ctx.repo, issue)) : notFound();
}

/** Sorted by id (= creation order), with `since` on updated_at, paginated. */
function listComments(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const since = ctx.query.since ? Date.parse(ctx.query.since) : undefined;
  const comments = ctx.repo.comments.filter(
    (c) => c.issueNumber === issue.number && (since === undefined || Date.parse(c.updatedAt) >= since),
  );
  const page = paginate(ctx, comments);
  return json(
    200,
    page.items.map((c) => commentJson(ctx.state, ctx.baseUrl, ctx.repo, c)),
    page.headers,
  );
}

function tooLong(body: string) {
  return body.length > MAX_BODY
    ? unprocessable('Validation Failed', [
        { resource: 'IssueComment', code: 'custom', field: 'body', message: `body is too long (maximum is ${MAX_BODY} characters)` },
      ])
    : undefined;
}

/** Adds a comment as `login` (used by the route and by tests seeding human comments). */
export function addComment(
  ctx: Pick<RouteContext, 'state'>,
  repo: RepoState,
  issueNumber: number,
  body: string,
  login: string,
  viaApp?: string,
): CommentState {
  const at = tick(ctx.state);
  ensureUser(ctx.state, login);
  const comment: CommentState = {
    id: nextId(ctx.state),
    issueNumber,
    body,
    user: login,
    createdAt: at,
    updatedAt: at,
    ...(viaApp ? { viaApp } : {}),
  };
  repo.comments.push(comment);
  return comment;
}

function createComment(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const { body } = ctx.body as { body: string };
  const rejected = tooLong(body);
  if (rejected) return rejected;
  const comment = addComment(ctx, ctx.repo, issue.number, body, ctx.actor.login, ctx.token?.app);
  return json(201, commentJson(ctx.state, ctx.baseUrl, ctx.repo, comment), {
    location: commentJson(ctx.state, ctx.baseUrl, ctx.repo, comment).url,
  });
}

const commentOf = (ctx: RouteContext) => ctx.repo.comments.find((c) => c.id === Number(ctx.params.comment_id));

function getComment(ctx: RouteContext) {
  const comment = commentOf(ctx);
  return comment ? json(200, commentJson(ctx.state, ctx.baseUrl, ctx.repo, comment)) : notFound();
}

function updateComment(ctx: RouteContext) {
  const comment = commentOf(ctx);
  if (!comment) return notFound();
  const { body } = ctx.body as { body: string };
  const rejected = tooLong(body);
  if (rejected) return rejected;
  comment.body = body;
  comment.updatedAt = tick(ctx.state);
  return json(200, commentJson(ctx.state, ctx.baseUrl, ctx.repo, comment));
}

function deleteComment(ctx: RouteContext) {
  const index = ctx.repo.comments.findIndex((c) => c.id === Number(ctx.params.comment_id));
  if (index < 0) return notFound();
  ctx.repo.comments.splice(index, 1);
  return noContent();
}

export function ensureLabel(ctx: Pick<RouteContext, 'state'>, repo: RepoState, name: string): LabelState {
  const existing = Object.values(repo.labels).find((l) => l.name.toLowerCase() === name.toLowerCase());
  if (existing) return existing;
  const label: LabelState = { id: nextId(ctx.state), name, color: 'ededed', description: null };
  repo.labels[name] = label;
  return label;
}

const issueLabels = (ctx: RouteContext, issue: IssueState) =>
  issue.labels.map((n) => labelJson(ctx.baseUrl, ctx.repo, ctx.repo.labels[n]!));

function listLabels(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const page = paginate(ctx, issueLabels(ctx, issue));
  return json(200, page.items, page.headers);
}

/** Adds a label as `actor` and records the `labeled` event (used by the route and by test helpers). */
export function applyLabel(ctx: Pick<RouteContext, 'state'>, repo: RepoState, issue: IssueState, name: string, actor: string): void {
  const label = ensureLabel(ctx, repo, name);
  if (issue.labels.includes(label.name)) return;
  issue.labels.push(label.name);
  recordLabelEvent(ctx.state, issue, 'labeled', label.name, actor);
}

/** Removes a label as `actor` and records the `unlabeled` event; false when the issue does not have it. */
export function removeAppliedLabel(ctx: Pick<RouteContext, 'state'>, issue: IssueState, name: string, actor: string): boolean {
  const index = issue.labels.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  if (index < 0) return false;
  const [removed] = issue.labels.splice(index, 1);
  recordLabelEvent(ctx.state, issue, 'unlabeled', removed!, actor);
  return true;
}

function recordLabelEvent(state: FakeState, issue: IssueState, event: 'labeled' | 'unlabeled', label: string, actor: string): void {
  ensureUser(state, actor);
  const at = tick(state);
  (issue.labelEvents ??= []).push({ id: nextId(state), event, label, actor, createdAt: at });
  // As on GitHub, a label change updates the issue (webhook payloads carry that time).
  issue.updatedAt = at;
}

/** Adds labels (creating missing repo labels, as GitHub does); answers with all labels of the issue. */
function addLabels(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const body = ctx.body as { labels?: (string | { name: string })[] } | string[] | undefined;
  const names = (Array.isArray(body) ? body : (body?.labels ?? [])).map((l) => (typeof l === 'string' ? l : l.name));
  for (const name of names) applyLabel(ctx, ctx.repo, issue, name, ctx.actor.login);
  issue.updatedAt = tick(ctx.state);
  return json(200, issueLabels(ctx, issue));
}

function removeLabel(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  if (!removeAppliedLabel(ctx, issue, ctx.params.name!, ctx.actor.login)) return errorResult(404, 'Label does not exist');
  issue.updatedAt = tick(ctx.state);
  return json(200, issueLabels(ctx, issue));
}

/** The issue's events; the fake keeps label events only (what plangate reads: who applied a label). */
function listEvents(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const events = (issue.labelEvents ?? []).map((e) => ({
    id: e.id,
    node_id: `LE_${Buffer.from(String(e.id)).toString('base64url')}`,
    url: `${ctx.baseUrl}/repos/${ctx.repo.owner}/${ctx.repo.name}/issues/events/${e.id}`,
    actor: userJson(ctx.state, ctx.baseUrl, e.actor),
    event: e.event,
    commit_id: null,
    commit_url: null,
    created_at: e.createdAt,
    performed_via_github_app: null,
    label: { name: e.label, color: ctx.repo.labels[e.label]?.color ?? 'ededed' },
  }));
  const page = paginate(ctx, events);
  return json(200, page.items, page.headers);
}

export const issueRoutes: RouteDef[] = [
  { method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}', handle: getIssue },
  { method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments', handle: listComments },
  { method: 'POST', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments', handle: createComment },
  { method: 'GET', path: '/repos/{owner}/{repo}/issues/comments/{comment_id}', handle: getComment },
  { method: 'PATCH', path: '/repos/{owner}/{repo}/issues/comments/{comment_id}', handle: updateComment },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/issues/comments/{comment_id}', handle: deleteComment },
  { method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}/labels', handle: listLabels },
  { method: 'POST', path: '/repos/{owner}/{repo}/issues/{issue_number}/labels', handle: addLabels },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', handle: removeLabel },
  { method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}/events', handle: listEvents },
];
