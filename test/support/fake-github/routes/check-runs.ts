import { nextId, tick } from '../state/create-state.js';
import { resolveCommit } from '../state/git-objects.js';
import { checkRunJson } from '../state/github-json.js';
import type { AnnotationState, CheckRunState } from '../state/types.js';
import { paginate } from '../http/paginate.js';
import { json, notFound, unprocessable } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';

interface CheckRunBody {
  name?: string;
  head_sha?: string;
  status?: CheckRunState['status'];
  conclusion?: string;
  started_at?: string;
  completed_at?: string;
  details_url?: string;
  external_id?: string;
  output?: { title?: string; summary?: string; text?: string; annotations?: AnnotationState[] };
}

/** GitHub's rules: a conclusion completes the run; `completed` needs a conclusion; annotations append. */
function apply(ctx: RouteContext, run: CheckRunState, body: CheckRunBody): string | undefined {
  const status = body.conclusion ? 'completed' : (body.status ?? run.status);
  const conclusion = body.conclusion ?? run.conclusion;
  if (status === 'completed' && !conclusion) return 'Conclusion is required when status is completed';
  if (body.name !== undefined) run.name = body.name;
  if (body.details_url !== undefined) run.detailsUrl = body.details_url;
  if (body.external_id !== undefined) run.externalId = body.external_id;
  if (body.started_at !== undefined) run.startedAt = body.started_at;
  run.status = status;
  run.conclusion = conclusion;
  if (status === 'completed') run.completedAt = body.completed_at ?? run.completedAt ?? tick(ctx.state);
  if (body.output) {
    const { annotations, ...text } = body.output;
    run.output = { ...run.output, ...text };
    if (annotations) run.annotations.push(...annotations);
  }
  return undefined;
}

function createCheckRun(ctx: RouteContext) {
  const body = ctx.body as CheckRunBody & { name: string; head_sha: string };
  if (!ctx.repo.commits[body.head_sha]) return unprocessable(`No commit found for SHA: ${body.head_sha}`);
  const at = tick(ctx.state);
  const run: CheckRunState = {
    id: nextId(ctx.state),
    name: body.name,
    headSha: body.head_sha,
    status: 'queued',
    conclusion: null,
    startedAt: at,
    completedAt: null,
    detailsUrl: null,
    externalId: null,
    output: { title: null, summary: null, text: null },
    annotations: [],
    app: ctx.token?.app ?? 'github-actions',
    createdAt: at,
  };
  const problem = apply(ctx, run, body);
  if (problem) return unprocessable(problem);
  ctx.repo.checkRuns.push(run);
  return json(201, checkRunJson(ctx.state, ctx.baseUrl, ctx.repo, run));
}

const runOf = (ctx: RouteContext) => ctx.repo.checkRuns.find((r) => r.id === Number(ctx.params.check_run_id));

function updateCheckRun(ctx: RouteContext) {
  const run = runOf(ctx);
  if (!run) return notFound();
  const problem = apply(ctx, run, ctx.body as CheckRunBody);
  return problem ? unprocessable(problem) : json(200, checkRunJson(ctx.state, ctx.baseUrl, ctx.repo, run));
}

function getCheckRun(ctx: RouteContext) {
  const run = runOf(ctx);
  return run ? json(200, checkRunJson(ctx.state, ctx.baseUrl, ctx.repo, run)) : notFound();
}

function listAnnotations(ctx: RouteContext) {
  const run = runOf(ctx);
  if (!run) return notFound();
  const page = paginate(
    ctx,
    run.annotations.map((a) => ({
      ...a,
      blob_href: '',
      start_column: a.start_column ?? null,
      end_column: a.end_column ?? null,
      title: a.title ?? null,
      raw_details: a.raw_details ?? null,
    })),
  );
  return json(200, page.items, page.headers);
}

/** `filter=latest` (the default) keeps the newest run per name, like GitHub. */
function listForRef(ctx: RouteContext) {
  const commit = resolveCommit(ctx.repo, ctx.params.ref!);
  if (!commit) return unprocessable(`No commit found for SHA: ${ctx.params.ref}`);
  let runs = ctx.repo.checkRuns.filter((r) => r.headSha === commit.sha);
  if (ctx.query.check_name) runs = runs.filter((r) => r.name === ctx.query.check_name);
  if (ctx.query.status) runs = runs.filter((r) => r.status === ctx.query.status);
  // Runs made with an installation token belong to the App; the others to GitHub Actions.
  if (ctx.query.app_id) runs = runs.filter((r) => (r.app === ctx.state.app.slug ? ctx.state.app.id : 15368) === Number(ctx.query.app_id));
  if ((ctx.query.filter ?? 'latest') === 'latest') runs = runs.filter((r) => !runs.some((o) => o.name === r.name && o.id > r.id));
  runs = [...runs].sort((a, b) => b.id - a.id);
  const page = paginate(ctx, runs);
  return json(
    200,
    { total_count: runs.length, check_runs: page.items.map((r) => checkRunJson(ctx.state, ctx.baseUrl, ctx.repo, r)) },
    page.headers,
  );
}

export const checkRunRoutes: RouteDef[] = [
  { method: 'POST', path: '/repos/{owner}/{repo}/check-runs', handle: createCheckRun },
  { method: 'PATCH', path: '/repos/{owner}/{repo}/check-runs/{check_run_id}', handle: updateCheckRun },
  { method: 'GET', path: '/repos/{owner}/{repo}/check-runs/{check_run_id}', handle: getCheckRun },
  { method: 'GET', path: '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', handle: listAnnotations },
  { method: 'GET', path: '/repos/{owner}/{repo}/commits/{ref}/check-runs', handle: listForRef },
];
