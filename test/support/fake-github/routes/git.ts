import { isAncestor } from '../state/commit-graph.js';
import { flattenTree, resolveCommit } from '../state/git-objects.js';
import { userJson } from '../state/github-json.js';
import type { RepoState } from '../state/types.js';
import { errorResult, json, noContent, notFound, unprocessable } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';

const apiBase = (ctx: RouteContext) => `${ctx.baseUrl}/repos/${ctx.repo.owner}/${ctx.repo.name}`;

/** GitHub's base64: wrapped at 60 characters with `\n`, like the real blob and contents APIs. */
export function wrappedBase64(bytes: Uint8Array): string {
  return (
    (
      Buffer.from(bytes)
        .toString('base64')
        .match(/.{1,60}/g) ?? ['']
    ).join('\n') + '\n'
  );
}

const wantsRaw = (ctx: RouteContext) => /\.raw\b/.test(String(ctx.headers.accept ?? ''));

function getTree(ctx: RouteContext) {
  const { repo } = ctx;
  const rev = ctx.params.tree_sha!;
  const treeSha = repo.trees[rev] ? rev : resolveCommit(repo, rev)?.tree;
  if (!treeSha) return notFound();
  const recursive = ctx.query.recursive !== undefined;
  const all = recursive ? flattenTree(repo, treeSha) : (repo.trees[treeSha] ?? []).map((item) => ({ path: item.name, item }));
  // GitHub documents the cut (100,000 entries / 7 MB) for recursive listings; one huge directory is cut as well.
  const limit = recursive ? repo.treeEntryLimit : (repo.directoryEntryLimit ?? 100_000);
  const truncated = all.length > limit;
  const tree = (truncated ? all.slice(0, limit) : all).map(({ path, item }) => ({
    path,
    mode: item.mode,
    type: item.type,
    sha: item.sha,
    ...(item.type === 'blob' ? { size: repo.blobs[item.sha]?.length ?? 0 } : {}),
    url: `${apiBase(ctx)}/git/${item.type === 'tree' ? 'trees' : 'blobs'}/${item.sha}`,
  }));
  return json(200, { sha: treeSha, url: `${apiBase(ctx)}/git/trees/${treeSha}`, tree, truncated });
}

function getBlob(ctx: RouteContext) {
  const sha = ctx.params.file_sha!;
  const bytes = ctx.repo.blobs[sha];
  if (!bytes) return notFound();
  if (wantsRaw(ctx)) return { status: 200, raw: bytes, headers: { 'content-type': 'application/vnd.github.raw' } };
  return json(200, {
    sha,
    node_id: `B_${sha}`,
    size: bytes.length,
    url: `${apiBase(ctx)}/git/blobs/${sha}`,
    content: wrappedBase64(bytes),
    encoding: 'base64',
  });
}

function getCommit(ctx: RouteContext) {
  const commit = ctx.repo.commits[ctx.params.commit_sha!];
  if (!commit) return notFound();
  const base = apiBase(ctx);
  return json(200, {
    sha: commit.sha,
    node_id: `C_${commit.sha}`,
    url: `${base}/git/commits/${commit.sha}`,
    html_url: `https://github.com/${ctx.repo.owner}/${ctx.repo.name}/commit/${commit.sha}`,
    author: commit.author,
    committer: commit.committer,
    message: commit.message,
    tree: { sha: commit.tree, url: `${base}/git/trees/${commit.tree}` },
    parents: commit.parents.map((p) => ({
      sha: p,
      url: `${base}/git/commits/${p}`,
      html_url: `https://github.com/${ctx.repo.owner}/${ctx.repo.name}/commit/${p}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  });
}

function refJson(ctx: RouteContext, name: string, sha: string) {
  return {
    ref: name,
    node_id: `REF_${Buffer.from(name).toString('base64url')}`,
    url: `${apiBase(ctx)}/git/${name}`,
    object: { sha, type: 'commit', url: `${apiBase(ctx)}/git/commits/${sha}` },
  };
}

function getRef(ctx: RouteContext) {
  const name = `refs/${ctx.params.ref}`;
  const sha = ctx.repo.refs[name];
  return sha ? json(200, refJson(ctx, name, sha)) : notFound();
}

function matchingRefs(ctx: RouteContext) {
  const prefix = `refs/${ctx.params.ref}`;
  const names = Object.keys(ctx.repo.refs)
    .filter((n) => n.startsWith(prefix))
    .sort();
  return json(
    200,
    names.map((n) => refJson(ctx, n, ctx.repo.refs[n]!)),
  );
}

function createRef(ctx: RouteContext) {
  const { ref, sha } = ctx.body as { ref: string; sha: string };
  if (!ref.startsWith('refs/') || ref.split('/').length < 3)
    return unprocessable("Reference name must start with 'refs/' and have at least two slashes.");
  if (ctx.repo.refs[ref]) return unprocessable('Reference already exists');
  if (!ctx.repo.commits[sha]) return unprocessable('Object does not exist');
  ctx.repo.refs[ref] = sha;
  return json(201, refJson(ctx, ref, sha));
}

function updateRef(ctx: RouteContext) {
  const name = `refs/${ctx.params.ref}`;
  const { sha, force } = ctx.body as { sha: string; force?: boolean };
  const current = ctx.repo.refs[name];
  if (!current) return unprocessable('Reference does not exist');
  if (!ctx.repo.commits[sha]) return unprocessable('Object does not exist');
  if (!force && !isAncestor(ctx.repo, current, sha)) return unprocessable('Update is not a fast forward');
  ctx.repo.refs[name] = sha;
  return json(200, refJson(ctx, name, sha));
}

function deleteRef(ctx: RouteContext) {
  const name = `refs/${ctx.params.ref}`;
  if (!ctx.repo.refs[name]) return unprocessable('Reference does not exist');
  delete ctx.repo.refs[name];
  return noContent();
}

/** `GET /repos/{owner}/{repo}/branches/{branch}`, for adapters that look a branch up by name. */
function getBranch(ctx: RouteContext) {
  const repo: RepoState = ctx.repo;
  const sha = repo.refs[`refs/heads/${ctx.params.branch}`];
  if (!sha) return errorResult(404, 'Branch not found');
  const commit = repo.commits[sha]!;
  return json(200, {
    name: ctx.params.branch,
    commit: {
      sha,
      url: `${apiBase(ctx)}/commits/${sha}`,
      commit: { author: commit.author, committer: commit.committer, message: commit.message, tree: { sha: commit.tree } },
      author: userJson(ctx.state, ctx.baseUrl, repo.owner),
    },
    protected: false,
  });
}

export const gitRoutes: RouteDef[] = [
  { method: 'GET', path: '/repos/{owner}/{repo}/git/trees/{tree_sha}', handle: getTree },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/blobs/{file_sha}', handle: getBlob },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/commits/{commit_sha}', handle: getCommit },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/ref/{ref}', handle: getRef },
  { method: 'GET', path: '/repos/{owner}/{repo}/git/matching-refs/{ref}', handle: matchingRefs },
  { method: 'POST', path: '/repos/{owner}/{repo}/git/refs', handle: createRef },
  { method: 'PATCH', path: '/repos/{owner}/{repo}/git/refs/{ref}', handle: updateRef },
  { method: 'DELETE', path: '/repos/{owner}/{repo}/git/refs/{ref}', handle: deleteRef },
  { method: 'GET', path: '/repos/{owner}/{repo}/branches/{branch}', handle: getBranch },
];
