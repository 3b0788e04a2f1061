/**
 * The fake's state: plain objects, so a test can seed or inspect anything directly
 * (`fake.state.repos['o/r'].comments`). Helpers on FakeGitHub keep the invariants
 * (ids increase, SHAs are real git SHAs) for the common cases.
 */
export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';
export type FileMode = 'file' | 'executable' | 'symlink' | 'submodule';

/** Git modes as the REST API spells them. */
export type GitTreeMode = '100644' | '100755' | '120000' | '160000' | '040000';

export interface TreeItem {
  name: string;
  mode: GitTreeMode;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
}

export interface GitPerson {
  name: string;
  email: string;
  /** ISO time, second precision (`2026-01-01T00:00:00Z`). */
  date: string;
}

export interface CommitObject {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  author: GitPerson;
  committer: GitPerson;
}

export interface Actor {
  login: string;
  type: 'User' | 'Bot';
}

export interface IssueState {
  id: number;
  number: number;
  title: string;
  body: string | null;
  user: string;
  state: 'open' | 'closed';
  labels: string[];
  createdAt: string;
  updatedAt: string;
  /** Set when the issue is a pull request. */
  pull?: PullState;
  /** `labeled` / `unlabeled` events, oldest first (the issue events API lists them with the actor). */
  labelEvents?: LabelEventState[];
}

export interface LabelEventState {
  id: number;
  event: 'labeled' | 'unlabeled';
  label: string;
  actor: string;
  createdAt: string;
}

export interface PullState {
  headRef: string;
  baseRef: string;
  /** `owner/name` of the head repository when it is a fork. */
  headRepo?: string;
  draft: boolean;
  merged: boolean;
}

export interface CommentState {
  id: number;
  issueNumber: number;
  body: string;
  user: string;
  createdAt: string;
  updatedAt: string;
  /** App slug when an installation token wrote it. */
  viaApp?: string;
}

export interface LabelState {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

export interface AnnotationState {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

export interface CheckRunState {
  id: number;
  name: string;
  headSha: string;
  status: 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
  conclusion: string | null;
  startedAt: string | null;
  completedAt: string | null;
  detailsUrl: string | null;
  externalId: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  annotations: AnnotationState[];
  /** App slug of the creator. */
  app: string;
  createdAt: string;
}

export interface WorkflowState {
  id: number;
  /** `.github/workflows/ralph.yml` */
  path: string;
  name: string;
}

export interface ArtifactState {
  id: number;
  name: string;
  /** File name → content; served as a zip by the download route. */
  files: Record<string, string | Uint8Array>;
  createdAt: string;
}

export interface WorkflowRunState {
  id: number;
  workflowId: number;
  runNumber: number;
  event: string;
  headBranch: string;
  headSha: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  actor: string;
  createdAt: string;
  updatedAt: string;
  artifacts: ArtifactState[];
  /** GitHub's `display_title` (a dispatched run: the workflow's `run-name`, else its name). */
  displayTitle?: string;
}

export interface DispatchRecord {
  workflowId: number;
  workflowPath: string;
  ref: string;
  inputs: Record<string, unknown>;
  actor: string;
  runId: number;
  at: string;
}

export interface RepoState {
  id: number;
  owner: string;
  name: string;
  defaultBranch: string;
  private: boolean;
  /** Git objects by SHA. Blobs hold raw bytes. */
  blobs: Record<string, Uint8Array>;
  trees: Record<string, TreeItem[]>;
  commits: Record<string, CommitObject>;
  /** Full ref name (`refs/heads/main`) → commit SHA. */
  refs: Record<string, string>;
  issues: Record<number, IssueState>;
  nextIssueNumber: number;
  /** Issue comments of every issue and PR, in id order. */
  comments: CommentState[];
  labels: Record<string, LabelState>;
  checkRuns: CheckRunState[];
  workflows: WorkflowState[];
  workflowRuns: WorkflowRunState[];
  dispatches: DispatchRecord[];
  permissions: Record<string, Permission>;
  /** A recursive tree listing longer than this is cut and flagged `truncated` (GitHub: 100,000). */
  treeEntryLimit: number;
  /** A non-recursive listing (one directory) longer than this is cut too (default 100,000, GitHub's limit). */
  directoryEntryLimit?: number;
}

export interface TokenState {
  actor: Actor;
  readOnly: boolean;
  /** App slug, for installation tokens. */
  app?: string;
  /** The installation an installation token was minted for. */
  installationId?: number;
}

export interface AppState {
  id: number;
  slug: string;
  installationId: number;
  /** More installations (one per account, `fake.addInstallation(owner)`); owners not listed use `installationId`. */
  installationsByOwner?: Record<string, number>;
}

export interface FakeState {
  repos: Record<string, RepoState>;
  users: Record<string, { id: number; type: 'User' | 'Bot' }>;
  tokens: Record<string, TokenState>;
  app: AppState;
  /** Who a request without a known token acts as (the Actions GITHUB_TOKEN identity). */
  defaultActor: Actor;
  nextId: number;
  /** Fake clock (ms since epoch); every write advances it by one second. */
  clockMs: number;
  /** GraphQL `Blob.text` is cut beyond this many bytes and `isTruncated` is true. */
  graphqlTextLimit: number;
  /** How dispatches treat `return_run_details`: answered (github.com today), ignored (204), or rejected (422). */
  returnRunDetails: 'supported' | 'ignored' | 'rejected';
}
