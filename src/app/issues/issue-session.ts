import type { ConfigProblem } from '../../core/config/problems.js';
import { loadConfig } from '../../core/config/resolve-config.js';
import type { PlangateConfig } from '../../core/config/schema.js';
import { commentSealer, type CommentSealer } from '../../core/approval/comment-seal.js';
import type { CollaboratorPermission } from '../../core/approval/permissions.js';
import type { IssueComment } from '../../github/sticky-comment.js';
import type { AppOctokit } from '../github/app-octokit.js';
import type { AppIdentity } from '../github/get-app-identity.js';
import { getBranchHead } from '../github/get-branch-head.js';
import { getCollaboratorPermission } from '../github/get-collaborator-permission.js';
import { listIssueComments } from '../../github/list-issue-comments.js';
import { loadConfigSource, type ConfigSource } from '../pull-request/load-config-source.js';
import type { AppRuntime } from '../runtime/app-runtime.js';

/** The issue (or pull request) a delivery is about. */
export interface IssueTarget {
  owner: string;
  repo: string;
  installationId: number;
  number: number;
  defaultBranch: string;
  trigger: { event: string; action?: string; deliveryId: string };
}

/** What label-driven runs and commands read from the config (presets never set these, so no tree is needed). */
export type RunSettings = Pick<PlangateConfig, 'ralph' | 'approval'> & { plans: Pick<PlangateConfig['plans'], 'requireApproval'> };

export type SettingsResult =
  { ok: true; settings: RunSettings; configured: boolean } | { ok: false; problems: ConfigProblem[]; file: string };

export interface SessionLog {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

export interface SessionDeps {
  octokit: AppOctokit;
  identity: AppIdentity;
  runtime: AppRuntime;
  log: SessionLog;
}

/**
 * One delivery's view of an issue: its Octokit, the App's identity, and what is read at most
 * once per delivery (the default branch's commit, the config, permission lookups, the comment
 * listing until a write makes it stale). Memory of one delivery only — never state (ADR 0003).
 */
export class IssueSession {
  private defaultSha?: Promise<string>;
  private source?: Promise<ConfigSource>;
  private readonly permissions = new Map<string, Promise<CollaboratorPermission | undefined>>();
  private listed?: IssueComment[];

  constructor(
    readonly deps: SessionDeps,
    readonly target: IssueTarget,
  ) {}

  get octokit(): AppOctokit {
    return this.deps.octokit;
  }

  get botLogin(): string {
    return this.deps.identity.botLogin;
  }

  get log(): SessionLog {
    return this.deps.log;
  }

  /** `{ owner, repo, number }` for the GitHub calls. */
  get issue(): { owner: string; repo: string; number: number } {
    return { owner: this.target.owner, repo: this.target.repo, number: this.target.number };
  }

  defaultBranchSha(): Promise<string> {
    this.defaultSha ??= getBranchHead(this.octokit, {
      owner: this.target.owner,
      repo: this.target.repo,
      branch: this.target.defaultBranch,
    });
    return this.defaultSha;
  }

  /** The config text from the default branch (never from a PR or an issue's `Branch:`). */
  configSource(): Promise<ConfigSource> {
    this.source ??= this.defaultBranchSha().then((sha) =>
      loadConfigSource(this.octokit, {
        owner: this.target.owner,
        repo: this.target.repo,
        ref: sha,
        refLabel: `${this.target.defaultBranch} (${sha.slice(0, 7)})`,
      }),
    );
    return this.source;
  }

  async settings(): Promise<SettingsResult> {
    const source = await this.configSource();
    if (source.kind === 'problems') return { ok: false, problems: source.problems, file: source.file };
    const loaded = loadConfig(source.kind === 'text' ? source.text : undefined, source.file, { presets: [], skillRoots: [] });
    if (!loaded.ok) return { ok: false, problems: loaded.problems, file: source.file };
    const { ralph, approval, plans } = loaded.config;
    return {
      ok: true,
      settings: { ralph, approval, plans: { requireApproval: plans.requireApproval } },
      configured: source.kind === 'text',
    };
  }

  /**
   * Seals and checks the App's comment data on this thread (receipts); undefined when the App
   * holds no seal key — then it writes no receipt and counts none.
   */
  sealer(): CommentSealer | undefined {
    const keys = this.deps.runtime.sealKeys;
    return keys.length ? commentSealer(keys, { repo: `${this.target.owner}/${this.target.repo}`, issue: this.target.number }) : undefined;
  }

  /** A person's permission on the repository, looked up once per delivery. */
  permissionOf(login: string): Promise<CollaboratorPermission | undefined> {
    const key = login.toLowerCase();
    let found = this.permissions.get(key);
    if (!found) {
      found = getCollaboratorPermission(this.octokit, { owner: this.target.owner, repo: this.target.repo, username: login });
      this.permissions.set(key, found);
    }
    return found;
  }

  /** The thread's comments, oldest first; listed again after `invalidateComments` (a write happened). */
  async comments(): Promise<IssueComment[]> {
    this.listed ??= await listIssueComments(this.octokit, this.issue);
    return this.listed;
  }

  invalidateComments(): void {
    this.listed = undefined;
  }

  /** The same delivery about another issue (a workflow run names its issue only in its result). */
  forIssue(number: number): IssueSession {
    const other = new IssueSession(this.deps, { ...this.target, number });
    other.defaultSha = this.defaultSha;
    other.source = this.source;
    for (const [login, permission] of this.permissions) other.permissions.set(login, permission);
    return other;
  }
}
