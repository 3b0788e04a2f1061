import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue, type FaultSpec } from './http/faults.js';
import { handleRequest, type Pipeline } from './http/handle-request.js';
import { countRequests, type RecordedRequest, type RequestCounts, type ValidationFailure } from './http/request-log.js';
import type { RouteHandler } from './http/route-types.js';
import { loadOpenApi } from './openapi/load-openapi.js';
import { RouteIndex } from './openapi/route-index.js';
import { ALL_ROUTES } from './routes/all-routes.js';
import { addComment, applyLabel, removeAppliedLabel } from './routes/issues.js';
import { createState, ensureUser, findRepo, nextId, noActivity, tick } from './state/create-state.js';
import type { SeedFile } from './state/git-objects.js';
import { syncGitMirror, type GitMirror } from './state/mirror-git.js';
import { commitChanges, readDirectoryFiles, seedRepoFromFiles, type CommitOptions, type SeedOptions } from './state/seed.js';
import type { Actor, CommentState, FakeState, IssueState, Permission, RepoState, WorkflowRunState, WorkflowState } from './state/types.js';

export interface StartOptions {
  /** Delay before each answer, to let concurrent clients interleave. */
  latencyMs?: number;
}

let sharedIndex: RouteIndex | undefined;

/**
 * A stateful GitHub API on 127.0.0.1 for tests: REST checked against GitHub's OpenAPI
 * description, GraphQL against GitHub's schema, every request counted. See docs/dev/fake-github.md.
 */
export class FakeGitHub {
  readonly state: FakeState = createState();
  readonly requests: RecordedRequest[] = [];
  /** Must be empty at the end of every test: unknown routes, bad params, invalid GraphQL, unanswered operations. */
  readonly validationErrors: ValidationFailure[] = [];
  private readonly faults = new FaultQueue();
  private readonly mirrors: GitMirror[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(options: StartOptions = {}): Promise<FakeGitHub> {
    const doc = loadOpenApi();
    sharedIndex ??= new RouteIndex(doc);
    const index = sharedIndex;
    const handlers = new Map<string, RouteHandler>();
    for (const route of ALL_ROUTES) {
      if (!index.has(route.method, route.path))
        throw new Error(`fake-github: ${route.method} ${route.path} is not in GitHub's OpenAPI description`);
      handlers.set(`${route.method} ${route.path}`, route.handle);
    }
    const server = createServer();
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeGitHub(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const pipeline: Pipeline = {
      state: fake.state,
      doc,
      index,
      handlers,
      faults: fake.faults,
      requests: fake.requests,
      validationErrors: fake.validationErrors,
      baseUrl: fake.url,
      latencyMs: options.latencyMs ?? 0,
      beforeRepoRequest: (owner, repo) => fake.syncMirrors(owner, repo),
      rateLimitUsed: {},
    };
    server.on('request', (req, res) => void handleRequest(pipeline, req, res));
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  // ── seeding ────────────────────────────────────────────────────────────────

  /** Creates the repo if needed and commits exactly these files on `branch`; returns the commit SHA. */
  seedRepoFromFiles(owner: string, repo: string, files: Record<string, SeedFile>, options: SeedOptions = {}): string {
    return seedRepoFromFiles(this.state, owner, repo, files, options);
  }

  /** Same, from a directory on disk (skipping `.git` and `node_modules`, keeping symlinks and execute bits). */
  async seedRepoFromDirectory(owner: string, repo: string, dir: string, options: SeedOptions = {}): Promise<string> {
    return seedRepoFromFiles(this.state, owner, repo, await readDirectoryFiles(dir), options);
  }

  /** A follow-up commit on `branch` (created from `options.from` or the default branch); `null` deletes. */
  commit(owner: string, repo: string, branch: string, changes: Record<string, SeedFile | null>, options: CommitOptions = {}): string {
    return commitChanges(this.state, owner, repo, branch, changes, options);
  }

  /** A fork that shares the git objects (as forks on GitHub do) but has its own refs. */
  fork(owner: string, repo: string, forkOwner: string): RepoState {
    const source = this.repo(owner, repo);
    const key = `${forkOwner}/${repo}`.toLowerCase();
    ensureUser(this.state, forkOwner);
    const fork: RepoState = {
      ...source,
      id: nextId(this.state),
      owner: forkOwner,
      refs: { ...source.refs },
      ...noActivity(),
    };
    this.state.repos[key] = fork;
    return fork;
  }

  /**
   * Serve the branches of a real git repository as this repo's (e.g. the bare `origin` an
   * Action under test pushes to): new and moved branches are imported before every REST
   * request for the repo, with git's own SHAs. Creates the repo from the git HEAD branch.
   */
  mirrorGitRepository(owner: string, repo: string, gitDir: string): RepoState {
    const mirror = { owner, repo, gitDir };
    this.mirrors.push(mirror);
    syncGitMirror(this.state, mirror);
    return this.repo(owner, repo);
  }

  /**
   * A mirror whose directory is gone (a test removed its temp repository; a later test, or a
   * request still in flight, asks for the repo) keeps serving what was imported last.
   */
  private syncMirrors(owner: string, repo: string): void {
    for (const m of this.mirrors) {
      if (m.owner.toLowerCase() !== owner.toLowerCase() || m.repo.toLowerCase() !== repo.toLowerCase()) continue;
      if (!existsSync(m.gitDir)) continue;
      try {
        syncGitMirror(this.state, m);
      } catch (error) {
        // Removed while it was read.
        if (existsSync(m.gitDir)) throw error;
      }
    }
  }

  repo(owner: string, repo: string): RepoState {
    const found = findRepo(this.state, owner, repo);
    if (!found) throw new Error(`fake-github: no repo ${owner}/${repo}`);
    return found;
  }

  addIssue(
    owner: string,
    repo: string,
    issue: { title?: string; body?: string | null; user?: string; labels?: string[] } = {},
  ): IssueState {
    return this.addIssueState(this.repo(owner, repo), issue);
  }

  /** An open PR from `head` (a branch of this repo, or of `headRepo` = a fork's `owner/name`) into `base`. */
  addPull(
    owner: string,
    repo: string,
    pull: {
      head: string;
      base?: string;
      title?: string;
      body?: string | null;
      user?: string;
      labels?: string[];
      draft?: boolean;
      headRepo?: string;
    },
  ): IssueState {
    const state = this.repo(owner, repo);
    const issue = this.addIssueState(state, { ...pull, title: pull.title ?? pull.head });
    issue.pull = {
      headRef: pull.head,
      baseRef: pull.base ?? state.defaultBranch,
      draft: pull.draft ?? false,
      merged: false,
      ...(pull.headRepo ? { headRepo: pull.headRepo } : {}),
    };
    return issue;
  }

  /** A comment by anyone (a human approver, another bot), as if they had posted it. */
  addComment(owner: string, repo: string, issueNumber: number, body: string, user = 'octocat'): CommentState {
    return addComment(this, this.repo(owner, repo), issueNumber, body, user);
  }

  /** `actor` adds a label to an issue or PR (recorded as a `labeled` event, like GitHub's issue events). */
  label(owner: string, repo: string, issueNumber: number, name: string, actor = 'octocat'): void {
    applyLabel(this, this.repo(owner, repo), this.issue(owner, repo, issueNumber), name, actor);
  }

  /** `actor` removes a label (an `unlabeled` event). */
  unlabel(owner: string, repo: string, issueNumber: number, name: string, actor = 'octocat'): void {
    removeAppliedLabel(this, this.issue(owner, repo, issueNumber), name, actor);
  }

  /** Installs the App on another account: its repositories get their own installation id (and tokens). */
  addInstallation(owner: string): number {
    const id = nextId(this.state);
    this.state.app.installationsByOwner = { ...this.state.app.installationsByOwner, [owner.toLowerCase()]: id };
    return id;
  }

  /** The installation the App has on an account (the default one unless `addInstallation` made another). */
  installationOf(owner: string): number {
    return this.state.app.installationsByOwner?.[owner.toLowerCase()] ?? this.state.app.installationId;
  }

  setPermission(owner: string, repo: string, login: string, permission: Permission): void {
    ensureUser(this.state, login);
    this.repo(owner, repo).permissions[login] = permission;
  }

  /** Requests with this token act as `actor` (e.g. a human's PAT). */
  addToken(token: string, actor: Actor, options: { readOnly?: boolean } = {}): void {
    ensureUser(this.state, actor.login, actor.type);
    this.state.tokens[token] = { actor, readOnly: options.readOnly ?? false };
  }

  /** Writes with this token get 403 "Resource not accessible by integration" (fork PR GITHUB_TOKEN). */
  setTokenReadOnly(token: string): void {
    this.state.tokens[token] ??= { actor: this.state.defaultActor, readOnly: true };
    this.state.tokens[token]!.readOnly = true;
  }

  /** Recursive tree listings longer than `limit` entries are cut and flagged `truncated`. */
  setTreeEntryLimit(owner: string, repo: string, limit: number): void {
    this.repo(owner, repo).treeEntryLimit = limit;
  }

  addWorkflow(owner: string, repo: string, workflow: { path: string; name?: string }): WorkflowState {
    const created: WorkflowState = { id: nextId(this.state), path: workflow.path, name: workflow.name ?? workflow.path.split('/').pop()! };
    this.repo(owner, repo).workflows.push(created);
    return created;
  }

  /** Finishes a workflow run (as the runner would), optionally with artifacts the App can download. */
  completeRun(
    owner: string,
    repo: string,
    runId: number,
    result: { conclusion: string; artifacts?: { name: string; files: Record<string, string | Uint8Array> }[] },
  ): WorkflowRunState {
    const run = this.repo(owner, repo).workflowRuns.find((r) => r.id === runId);
    if (!run) throw new Error(`fake-github: no workflow run ${runId}`);
    const at = tick(this.state);
    Object.assign(run, { status: 'completed', conclusion: result.conclusion, updatedAt: at });
    for (const a of result.artifacts ?? []) run.artifacts.push({ id: nextId(this.state), name: a.name, files: a.files, createdAt: at });
    return run;
  }

  // ── faults and assertions ──────────────────────────────────────────────────

  /** The next matching request(s) fail: a status (500/502/403 + retry-after/404) or a connection reset. */
  failNext(spec: FaultSpec): void {
    this.faults.add(spec);
  }

  get pendingFaults(): number {
    return this.faults.pending;
  }

  /** Request counts: total, REST, GraphQL, and per `METHOD /template`. */
  counts(): RequestCounts {
    return countRequests(this.requests);
  }

  /** How many requests hit a route (`'GET /repos/{owner}/{repo}/git/blobs/{file_sha}'`, `'POST /graphql'`). */
  count(route: string): number {
    return this.requests.filter((r) => r.route === route).length;
  }

  /** Forget recorded requests (e.g. between a first and a second evaluation). */
  resetRequests(): void {
    this.requests.length = 0;
  }

  private issue(owner: string, repo: string, issueNumber: number): IssueState {
    const issue = this.repo(owner, repo).issues[issueNumber];
    if (!issue) throw new Error(`fake-github: no issue #${issueNumber} in ${owner}/${repo}`);
    return issue;
  }

  private addIssueState(repo: RepoState, issue: { title?: string; body?: string | null; user?: string; labels?: string[] }): IssueState {
    const at = tick(this.state);
    const user = issue.user ?? 'octocat';
    ensureUser(this.state, user);
    const created: IssueState = {
      id: nextId(this.state),
      number: repo.nextIssueNumber++,
      title: issue.title ?? 'issue',
      body: issue.body ?? null,
      user,
      state: 'open',
      labels: [],
      createdAt: at,
      updatedAt: at,
    };
    for (const name of issue.labels ?? []) applyLabel(this, repo, created, name, user);
    repo.issues[created.number] = created;
    return created;
  }
}
