import { randomBytes } from 'node:crypto';
import { isoSeconds } from '../state/create-state.js';
import { appJson, repoJson, userJson } from '../state/github-json.js';
import type { Permission } from '../state/types.js';
import { errorResult, json, notFound } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';

/** GitHub's `permission` field folds maintain into write and triage into read; `role_name` keeps the role. */
const LEGACY: Record<Permission, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};
const RANK: Permission[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin'];

const getRepo = (ctx: RouteContext) => json(200, repoJson(ctx.state, ctx.baseUrl, ctx.repo));

function collaboratorPermission(ctx: RouteContext) {
  const login = ctx.params.username!;
  // Public repos grant read to everyone; private ones nothing.
  const role: Permission =
    ctx.repo.permissions[login] ?? (login.toLowerCase() === ctx.repo.owner.toLowerCase() ? 'admin' : ctx.repo.private ? 'none' : 'read');
  const rank = RANK.indexOf(role);
  const permissions = { admin: rank >= 5, maintain: rank >= 4, push: rank >= 3, triage: rank >= 2, pull: rank >= 1 };
  return json(200, {
    permission: LEGACY[role],
    role_name: role,
    user: { ...userJson(ctx.state, ctx.baseUrl, login), permissions, role_name: role },
  });
}

function repoInstallation(ctx: RouteContext) {
  const { app } = ctx.state;
  const installationId = app.installationsByOwner?.[ctx.repo.owner.toLowerCase()] ?? app.installationId;
  return json(200, {
    id: installationId,
    account: userJson(ctx.state, ctx.baseUrl, ctx.repo.owner),
    app_id: app.id,
    app_slug: app.slug,
    target_id: ctx.state.users[ctx.repo.owner]?.id ?? 0,
    target_type: 'Organization',
    repository_selection: 'all',
    access_tokens_url: `${ctx.baseUrl}/app/installations/${installationId}/access_tokens`,
    repositories_url: `${ctx.baseUrl}/installation/repositories`,
    html_url: `https://github.com/settings/installations/${installationId}`,
    permissions: appJson(ctx.state, ctx.baseUrl).permissions,
    events: appJson(ctx.state, ctx.baseUrl).events,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    single_file_name: null,
  });
}

const isJwt = (ctx: RouteContext) => /^bearer\s+[\w-]+\.[\w-]+\.[\w-]+$/i.test(String(ctx.headers.authorization ?? ''));

function getApp(ctx: RouteContext) {
  return isJwt(ctx) ? json(200, appJson(ctx.state, ctx.baseUrl)) : errorResult(401, 'A JSON web token could not be decoded');
}

/** Mints an installation token that acts as `<slug>[bot]` (Probot's auth flow). */
function createInstallationToken(ctx: RouteContext) {
  if (!isJwt(ctx)) return errorResult(401, 'A JSON web token could not be decoded');
  const { app } = ctx.state;
  const installationId = Number(ctx.params.installation_id);
  if (installationId !== app.installationId && !Object.values(app.installationsByOwner ?? {}).includes(installationId)) return notFound();
  const token = `ghs_${randomBytes(18).toString('base64url')}`;
  ctx.state.tokens[token] = { actor: { login: `${app.slug}[bot]`, type: 'Bot' }, readOnly: false, app: app.slug, installationId };
  return json(201, {
    token,
    expires_at: isoSeconds(Date.now() + 3_600_000),
    permissions: appJson(ctx.state, ctx.baseUrl).permissions,
    repository_selection: 'all',
  });
}

export const repoRoutes: RouteDef[] = [
  { method: 'GET', path: '/repos/{owner}/{repo}', handle: getRepo },
  { method: 'GET', path: '/repos/{owner}/{repo}/collaborators/{username}/permission', handle: collaboratorPermission },
  { method: 'GET', path: '/repos/{owner}/{repo}/installation', handle: repoInstallation },
  { method: 'GET', path: '/app', handle: getApp },
  { method: 'POST', path: '/app/installations/{installation_id}/access_tokens', handle: createInstallationToken },
];
