import { lookupPath, resolveCommit } from '../state/git-objects.js';
import type { TreeItem } from '../state/types.js';
import { errorResult, json, notFound } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';
import { wrappedBase64 } from './git.js';

const KIND: Record<TreeItem['mode'], string> = {
  '100644': 'file',
  '100755': 'file',
  '120000': 'symlink',
  '160000': 'submodule',
  '040000': 'dir',
};

function entryJson(ctx: RouteContext, path: string, item: TreeItem, ref: string) {
  const full = `${ctx.repo.owner}/${ctx.repo.name}`;
  const url = `${ctx.baseUrl}/repos/${full}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = `${ctx.baseUrl}/repos/${full}/git/${item.type === 'tree' ? 'trees' : 'blobs'}/${item.sha}`;
  const htmlUrl = `https://github.com/${full}/${item.type === 'tree' ? 'tree' : 'blob'}/${ref}/${path}`;
  return {
    type: KIND[item.mode],
    size: item.type === 'blob' ? (ctx.repo.blobs[item.sha]?.length ?? 0) : 0,
    name: path.split('/').pop() ?? path,
    path,
    sha: item.sha,
    url,
    git_url: gitUrl,
    html_url: htmlUrl,
    download_url: item.type === 'blob' ? `https://raw.githubusercontent.com/${full}/${ref}/${path}` : null,
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
}

/** Files (JSON with base64 content, or the raw bytes for `application/vnd.github.raw`), directories, 404. */
function getContent(ctx: RouteContext) {
  const ref = ctx.query.ref ?? ctx.repo.defaultBranch;
  const commit = resolveCommit(ctx.repo, ref);
  if (!commit) return errorResult(404, `No commit found for the ref ${ref}`);
  const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const item = lookupPath(ctx.repo, commit.tree, path);
  if (!item) return notFound();
  if (item.type === 'tree') {
    const items = ctx.repo.trees[item.sha] ?? [];
    return json(
      200,
      items.map((child) => entryJson(ctx, path ? `${path}/${child.name}` : child.name, child, ref)),
    );
  }
  const bytes = ctx.repo.blobs[item.sha] ?? new Uint8Array();
  if (item.type === 'blob' && /\.raw\b/.test(String(ctx.headers.accept ?? ''))) {
    return { status: 200, raw: bytes, headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' } };
  }
  const entry = entryJson(ctx, path, item, ref);
  if (item.mode === '120000') return json(200, { ...entry, target: Buffer.from(bytes).toString('utf8') });
  if (item.type !== 'blob') return json(200, entry);
  return json(200, { ...entry, content: wrappedBase64(bytes), encoding: 'base64' });
}

export const contentRoutes: RouteDef[] = [{ method: 'GET', path: '/repos/{owner}/{repo}/contents/{path}', handle: getContent }];
