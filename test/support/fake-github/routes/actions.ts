import { parse } from 'yaml';
import { nextId, tick } from '../state/create-state.js';
import { lookupPath, resolveCommit } from '../state/git-objects.js';
import { workflowRunJson } from '../state/github-json.js';
import type { RepoState, WorkflowRunState, WorkflowState } from '../state/types.js';
import { paginate } from '../http/paginate.js';
import { errorResult, json, noContent, notFound, unprocessable } from '../http/responses.js';
import type { RouteContext, RouteDef } from '../http/route-types.js';

/** By numeric id, or by file name of a registered workflow or of a file in `.github/workflows/` on the default branch. */
export function findWorkflow(ctx: Pick<RouteContext, 'state'>, repo: RepoState, idOrFile: string): WorkflowState | undefined {
  const byId = /^\d+$/.test(idOrFile) ? repo.workflows.find((w) => w.id === Number(idOrFile)) : undefined;
  const byFile = repo.workflows.find((w) => w.path.split('/').pop() === idOrFile);
  if (byId || byFile) return byId ?? byFile;
  const head = resolveCommit(repo, repo.defaultBranch);
  const path = `.github/workflows/${idOrFile}`;
  if (!head || lookupPath(repo, head.tree, path)?.type !== 'blob') return undefined;
  const workflow: WorkflowState = { id: nextId(ctx.state), path, name: idOrFile.replace(/\.ya?ml$/, '') };
  repo.workflows.push(workflow);
  return workflow;
}

interface WorkflowDoc {
  'run-name'?: string;
  on?: { workflow_dispatch?: { inputs?: Record<string, { required?: boolean }> } | null };
}

/** The workflow file on the default branch, parsed (undefined when there is no file to read). */
function workflowDoc(repo: RepoState, workflow: WorkflowState): WorkflowDoc | undefined {
  const head = resolveCommit(repo, repo.defaultBranch);
  const item = head && lookupPath(repo, head.tree, workflow.path);
  const bytes = item?.type === 'blob' ? repo.blobs[item.sha] : undefined;
  if (!bytes) return undefined;
  return (parse(Buffer.from(bytes).toString('utf8')) as WorkflowDoc | null) ?? {};
}

/** GitHub's `display_title` of a dispatched run: the file's `run-name` with `inputs.*` expressions filled in, else the workflow's name. */
function displayTitle(doc: WorkflowDoc | undefined, workflow: WorkflowState, inputs: Record<string, unknown>): string {
  const template = doc?.['run-name'];
  if (!template) return workflow.name;
  return template.replace(/\$\{\{\s*(?:github\.event\.)?inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => String(inputs[name] ?? ''));
}

function dispatch(ctx: RouteContext) {
  const { repo, state } = ctx;
  const workflow = findWorkflow(ctx, repo, ctx.params.workflow_id!);
  if (!workflow) return notFound();
  const body = ctx.body as { ref: string; inputs?: Record<string, unknown>; return_run_details?: boolean };
  if (body.return_run_details !== undefined && state.returnRunDetails === 'rejected')
    return unprocessable('Invalid request.\n\n"return_run_details" is not a permitted key.');
  const commit = resolveCommit(repo, body.ref);
  if (!commit) return unprocessable(`No ref found for: ${body.ref}`);
  const inputs = body.inputs ?? {};
  const doc = workflowDoc(repo, workflow);
  const declared = doc ? (doc.on?.workflow_dispatch?.inputs ?? {}) : undefined;
  if (declared) {
    const unexpected = Object.keys(inputs).filter((k) => !(k in declared));
    if (unexpected.length) return unprocessable(`Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
    const missing = Object.entries(declared).find(([k, spec]) => spec?.required && inputs[k] === undefined);
    if (missing) return unprocessable(`Required input '${missing[0]}' not provided`);
  }
  const at = tick(state);
  const run: WorkflowRunState = {
    id: nextId(state),
    workflowId: workflow.id,
    runNumber: repo.workflowRuns.filter((r) => r.workflowId === workflow.id).length + 1,
    event: 'workflow_dispatch',
    headBranch: body.ref.replace(/^refs\/(heads|tags)\//, ''),
    headSha: commit.sha,
    status: 'queued',
    conclusion: null,
    actor: ctx.actor.login,
    createdAt: at,
    updatedAt: at,
    artifacts: [],
    displayTitle: displayTitle(doc, workflow, inputs),
  };
  repo.workflowRuns.push(run);
  repo.dispatches.push({
    workflowId: workflow.id,
    workflowPath: workflow.path,
    ref: body.ref,
    inputs,
    actor: ctx.actor.login,
    runId: run.id,
    at,
  });
  if (body.return_run_details && state.returnRunDetails === 'supported') {
    const runJson = workflowRunJson(state, ctx.baseUrl, repo, run);
    return json(200, { workflow_run_id: run.id, run_url: runJson.url, html_url: runJson.html_url });
  }
  return noContent();
}

const runOf = (ctx: RouteContext) => ctx.repo.workflowRuns.find((r) => r.id === Number(ctx.params.run_id));

function getRun(ctx: RouteContext) {
  const run = runOf(ctx);
  return run ? json(200, workflowRunJson(ctx.state, ctx.baseUrl, ctx.repo, run)) : notFound();
}

function listRuns(ctx: RouteContext) {
  let runs = ctx.repo.workflowRuns;
  if (ctx.params.workflow_id) {
    const workflow = findWorkflow(ctx, ctx.repo, ctx.params.workflow_id);
    if (!workflow) return notFound();
    runs = runs.filter((r) => r.workflowId === workflow.id);
  }
  const { event, branch, status, head_sha: headSha } = ctx.query;
  runs = runs.filter((r) => (!event || r.event === event) && (!branch || r.headBranch === branch) && (!headSha || r.headSha === headSha));
  if (status) runs = runs.filter((r) => r.status === status || r.conclusion === status);
  runs = [...runs].sort((a, b) => b.id - a.id);
  const page = paginate(ctx, runs);
  return json(
    200,
    { total_count: runs.length, workflow_runs: page.items.map((r) => workflowRunJson(ctx.state, ctx.baseUrl, ctx.repo, r)) },
    page.headers,
  );
}

function cancelRun(ctx: RouteContext) {
  const run = runOf(ctx);
  if (!run) return notFound();
  if (run.status === 'completed') return errorResult(409, 'Cannot cancel a workflow run that is completed.');
  run.status = 'completed';
  run.conclusion = 'cancelled';
  run.updatedAt = tick(ctx.state);
  return json(202, {});
}

function artifactJson(ctx: RouteContext, run: WorkflowRunState, artifact: WorkflowRunState['artifacts'][number]) {
  const base = `${ctx.baseUrl}/repos/${ctx.repo.owner}/${ctx.repo.name}/actions/artifacts/${artifact.id}`;
  const size = Object.values(artifact.files).reduce((n, c) => n + Buffer.byteLength(c), 0);
  return {
    id: artifact.id,
    node_id: `MDg_${artifact.id}`,
    name: artifact.name,
    size_in_bytes: size,
    url: base,
    archive_download_url: `${base}/zip`,
    expired: false,
    created_at: artifact.createdAt,
    updated_at: artifact.createdAt,
    expires_at: '2099-01-01T00:00:00Z',
    workflow_run: {
      id: run.id,
      repository_id: ctx.repo.id,
      head_repository_id: ctx.repo.id,
      head_branch: run.headBranch,
      head_sha: run.headSha,
    },
  };
}

function listArtifacts(ctx: RouteContext) {
  const run = runOf(ctx);
  if (!run) return notFound();
  const artifacts = run.artifacts.filter((a) => !ctx.query.name || a.name === ctx.query.name);
  const page = paginate(ctx, artifacts);
  return json(200, { total_count: artifacts.length, artifacts: page.items.map((a) => artifactJson(ctx, run, a)) }, page.headers);
}

/** Like GitHub: a redirect to a short-lived download URL (served by the fake outside the API). */
function downloadArtifact(ctx: RouteContext) {
  const found = ctx.repo.workflowRuns.flatMap((r) => r.artifacts).find((a) => a.id === Number(ctx.params.artifact_id));
  if (!found || ctx.params.archive_format !== 'zip') return notFound();
  return { status: 302, headers: { location: `${ctx.baseUrl}/_fake/artifacts/${found.id}.zip` } };
}

export const actionRoutes: RouteDef[] = [
  { method: 'POST', path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', handle: dispatch },
  { method: 'GET', path: '/repos/{owner}/{repo}/actions/runs/{run_id}', handle: getRun },
  { method: 'GET', path: '/repos/{owner}/{repo}/actions/runs', handle: listRuns },
  { method: 'GET', path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', handle: listRuns },
  { method: 'POST', path: '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel', handle: cancelRun },
  { method: 'GET', path: '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', handle: listArtifacts },
  { method: 'GET', path: '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', handle: downloadArtifact },
];
