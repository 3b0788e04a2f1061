import { ensureUser, findRepo, nextId, tick } from '../state/create-state.js';
import { ancestors, mergeBase } from '../state/commit-graph.js';
import { diffCommits } from '../state/diff-files.js';
import { resolveCommit } from '../state/git-objects.js';
import { issueJson, repoJson, userJson } from '../state/github-json.js';
import type { CommitObject, FakeState, IssueState, RepoState } from '../state/types.js';
import { paginate } from '../http/paginate.js';
import { errorResult, json, notFound, unprocessable } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';

/** The repo that holds a PR's head branch (a fork when `headRepo` is set). */
function headRepoOf(state: FakeState, repo: RepoState, issue: IssueState): RepoState {
  const [owner, name] = (issue.pull?.headRepo ?? '').split('/');
  return (owner && name && findRepo(state, owner, name)) || repo;
}

export function pullHeadSha(state: FakeState, repo: RepoState, issue: IssueState): string | undefined {
  return headRepoOf(state, repo, issue).refs[`refs/heads/${issue.pull!.headRef}`];
}

function pullJson(ctx: RouteContext, issue: IssueState) {
  const { repo, state, baseUrl } = ctx;
  const pull = issue.pull!;
  const head = headRepoOf(state, repo, issue);
  const base = issueJson(state, baseUrl, repo, issue);
  const side = (r: RepoState, ref: string) => ({
    label: `${r.owner}:${ref}`,
    ref,
    sha: r.refs[`refs/heads/${ref}`] ?? null,
    user: userJson(state, baseUrl, r.owner),
    repo: { ...repoJson(state, baseUrl, r), fork: r !== repo },
  });
  return {
    ...base,
    url: `${baseUrl}/repos/${repo.owner}/${repo.name}/pulls/${issue.number}`,
    issue_url: base.url,
    diff_url: `${base.html_url}.diff`,
    patch_url: `${base.html_url}.patch`,
    draft: pull.draft,
    merged: pull.merged,
    merged_at: null,
    merge_commit_sha: null,
    mergeable: null,
    maintainer_can_modify: false,
    head: side(head, pull.headRef),
    base: side(repo, pull.baseRef),
  };
}

function getPull(ctx: RouteContext) {
  const issue = ctx.repo.issues[Number(ctx.params.pull_number)];
  return issue?.pull ? json(200, pullJson(ctx, issue)) : notFound();
}

function listPulls(ctx: RouteContext) {
  const { state = 'open', head, base } = ctx.query;
  const pulls = Object.values(ctx.repo.issues)
    .filter((i) => i.pull && (state === 'all' || i.state === state))
    .filter((i) => !head || `${headRepoOf(ctx.state, ctx.repo, i).owner}:${i.pull!.headRef}` === head)
    .filter((i) => !base || i.pull!.baseRef === base)
    .sort((a, b) => b.number - a.number);
  const page = paginate(ctx, pulls);
  return json(
    200,
    page.items.map((i) => pullJson(ctx, i)),
    page.headers,
  );
}

function createPull(ctx: RouteContext) {
  const body = ctx.body as { title?: string; head: string; base: string; body?: string; draft?: boolean };
  const [headOwner, headRef] = body.head.includes(':') ? body.head.split(':', 2) : [ctx.repo.owner, body.head];
  const headRepo =
    headOwner!.toLowerCase() === ctx.repo.owner.toLowerCase()
      ? ctx.repo
      : Object.values(ctx.state.repos).find((r) => r.owner === headOwner && r.name === ctx.repo.name);
  const headSha = headRepo?.refs[`refs/heads/${headRef}`];
  const baseSha = ctx.repo.refs[`refs/heads/${body.base}`];
  if (!headSha) return unprocessable('Validation Failed', [{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
  if (!baseSha) return unprocessable('Validation Failed', [{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
  if (ancestors(ctx.repo, baseSha).has(headSha))
    return unprocessable('Validation Failed', [
      { resource: 'PullRequest', code: 'custom', message: `No commits between ${body.base} and ${body.head}` },
    ]);
  const existing = Object.values(ctx.repo.issues).find(
    (i) => i.state === 'open' && i.pull?.headRef === headRef && i.pull?.baseRef === body.base,
  );
  if (existing)
    return unprocessable('Validation Failed', [
      { resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${headOwner}:${headRef}.` },
    ]);
  const at = tick(ctx.state);
  const issue: IssueState = {
    id: nextId(ctx.state),
    number: ctx.repo.nextIssueNumber++,
    title: body.title ?? headRef!,
    body: body.body ?? null,
    user: ctx.actor.login,
    state: 'open',
    labels: [],
    createdAt: at,
    updatedAt: at,
    pull: {
      headRef: headRef!,
      baseRef: body.base,
      draft: body.draft ?? false,
      merged: false,
      ...(headRepo !== ctx.repo ? { headRepo: `${headRepo!.owner}/${headRepo!.name}` } : {}),
    },
  };
  ensureUser(ctx.state, ctx.actor.login, ctx.actor.type);
  ctx.repo.issues[issue.number] = issue;
  return json(201, pullJson(ctx, issue));
}

function listPullFiles(ctx: RouteContext) {
  const issue = ctx.repo.issues[Number(ctx.params.pull_number)];
  if (!issue?.pull) return notFound();
  const head = pullHeadSha(ctx.state, ctx.repo, issue);
  const base = ctx.repo.refs[`refs/heads/${issue.pull.baseRef}`];
  const from = head && base ? mergeBase(ctx.repo, base, head) : undefined;
  const files = from && head ? diffCommits(ctx.repo, from, head).slice(0, 3000) : [];
  const page = paginate(ctx, files);
  return json(200, page.items, page.headers);
}

function commitJson(ctx: RouteContext, commit: CommitObject) {
  const full = `${ctx.repo.owner}/${ctx.repo.name}`;
  return {
    sha: commit.sha,
    node_id: `C_${commit.sha}`,
    url: `${ctx.baseUrl}/repos/${full}/commits/${commit.sha}`,
    html_url: `https://github.com/${full}/commit/${commit.sha}`,
    comments_url: `${ctx.baseUrl}/repos/${full}/commits/${commit.sha}/comments`,
    commit: {
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      tree: { sha: commit.tree, url: `${ctx.baseUrl}/repos/${full}/git/trees/${commit.tree}` },
      url: `${ctx.baseUrl}/repos/${full}/git/commits/${commit.sha}`,
      comment_count: 0,
    },
    author: null,
    committer: null,
    parents: commit.parents.map((sha) => ({ sha, url: `${ctx.baseUrl}/repos/${full}/commits/${sha}` })),
  };
}

/** `base...head`: the files and commits of head since the merge base (files only on the first page, ≤ 300). */
function compare(ctx: RouteContext) {
  const spec = ctx.params.basehead ?? `${ctx.params.base}...${ctx.params.head}`;
  const [baseRev, headRev] = spec.split(/\.\.\.?/).map((s) => s.replace(/^[^:]+:/, ''));
  const base = baseRev && resolveCommit(ctx.repo, baseRev);
  const head = headRev && resolveCommit(ctx.repo, headRev);
  if (!base || !head) return notFound();
  const mb = mergeBase(ctx.repo, base.sha, head.sha);
  if (!mb) return errorResult(404, `No common ancestor between ${baseRev} and ${headRev}.`);
  const fromBase = ancestors(ctx.repo, base.sha);
  const fromHead = ancestors(ctx.repo, head.sha);
  const ahead = [...fromHead].filter((sha) => !fromBase.has(sha));
  const behind = [...fromBase].filter((sha) => !fromHead.has(sha)).length;
  const status = ahead.length && behind ? 'diverged' : ahead.length ? 'ahead' : behind ? 'behind' : 'identical';
  const commits = ahead.reverse().map((sha) => commitJson(ctx, ctx.repo.commits[sha]!));
  const page = paginate(ctx, commits, { defaultPerPage: 250, maxPerPage: 250 });
  const full = `https://github.com/${ctx.repo.owner}/${ctx.repo.name}/compare/${spec}`;
  return json(
    200,
    {
      url: `${ctx.baseUrl}${ctx.url.pathname}`,
      html_url: full,
      permalink_url: full,
      diff_url: `${full}.diff`,
      patch_url: `${full}.patch`,
      base_commit: commitJson(ctx, base),
      merge_base_commit: commitJson(ctx, ctx.repo.commits[mb]!),
      status,
      ahead_by: ahead.length,
      behind_by: behind,
      total_commits: ahead.length,
      commits: page.items,
      files: Number(ctx.query.page ?? 1) === 1 ? diffCommits(ctx.repo, mb, head.sha).slice(0, 300) : [],
    },
    page.headers,
  );
}

export const pullRoutes: RouteDef[] = [
  { method: 'GET', path: '/repos/{owner}/{repo}/pulls/{pull_number}', handle: getPull },
  { method: 'GET', path: '/repos/{owner}/{repo}/pulls', handle: listPulls },
  { method: 'POST', path: '/repos/{owner}/{repo}/pulls', handle: createPull },
  { method: 'GET', path: '/repos/{owner}/{repo}/pulls/{pull_number}/files', handle: listPullFiles },
  { method: 'GET', path: '/repos/{owner}/{repo}/compare/{basehead}', handle: compare },
  { method: 'GET', path: '/repos/{owner}/{repo}/compare/{base}...{head}', handle: compare },
];
