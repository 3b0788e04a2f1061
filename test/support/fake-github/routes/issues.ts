import { ensureUser, nextId, tick } from '../state/create-state.js';
import { commentJson, issueJson, labelJson } from '../state/github-json.js';
import type { CommentState, IssueState, LabelState, RepoState } from '../state/types.js';
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
  const comments = ctx.repo.comments.filter((c) => c.issueNumber === issue.number && (since === undefined || Date.parse(c.updatedAt) >= since));
  const page = paginate(ctx, comments);
  return json(200, page.items.map((c) => commentJson(ctx.state, ctx.baseUrl, ctx.repo, c)), page.headers);
}

function tooLong(body: string) {
  return body.length > MAX_BODY ? unprocessable('Validation Failed', [{ resource: 'IssueComment', code: 'custom', field: 'body', message: `body is too long (maximum is ${MAX_BODY} characters)` }]) : undefined;
}

/** Adds a comment as `login` (used by the route and by tests seeding human comments). */
export function addComment(ctx: Pick<RouteContext, 'state'>, repo: RepoState, issueNumber: number, body: string, login: string, viaApp?: string): CommentState {
  const at = tick(ctx.state);
  ensureUser(ctx.state, login);
  const comment: CommentState = { id: nextId(ctx.state), issueNumber, body, user: login, createdAt: at, updatedAt: at, ...(viaApp ? { viaApp } : {}) };
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
  return json(201, commentJson(ctx.state, ctx.baseUrl, ctx.repo, comment), { location: commentJson(ctx.state, ctx.baseUrl, ctx.repo, comment).url });
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

const issueLabels = (ctx: RouteContext, issue: IssueState) => issue.labels.map((n) => labelJson(ctx.baseUrl, ctx.repo, ctx.repo.labels[n]!));

function listLabels(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const page = paginate(ctx, issueLabels(ctx, issue));
  return json(200, page.items, page.headers);
}

/** Adds labels (creating missing repo labels, as GitHub does); answers with all labels of the issue. */
function addLabels(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const body = ctx.body as { labels?: (string | { name: string })[] } | string[] | undefined;
  const names = (Array.isArray(body) ? body : (body?.labels ?? [])).map((l) => (typeof l === 'string' ? l : l.name));
  for (const name of names) {
    const label = ensureLabel(ctx, ctx.repo, name);
    if (!issue.labels.includes(label.name)) issue.labels.push(label.name);
  }
  issue.updatedAt = tick(ctx.state);
  return json(200, issueLabels(ctx, issue));
}

function removeLabel(ctx: RouteContext) {
  const issue = issueOf(ctx);
  if (!issue) return notFound();
  const index = issue.labels.findIndex((n) => n.toLowerCase() === ctx.params.name!.toLowerCase());
  if (index < 0) return errorResult(404, 'Label does not exist');
  issue.labels.splice(index, 1);
  issue.updatedAt = tick(ctx.state);
  return json(200, issueLabels(ctx, issue));
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
];
