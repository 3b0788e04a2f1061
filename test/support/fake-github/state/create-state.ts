import type { Actor, FakeState, RepoState } from './types.js';

export const GITHUB_ACTIONS_BOT: Actor = { login: 'github-actions[bot]', type: 'Bot' };

export function createState(): FakeState {
  return {
    repos: {},
    users: {},
    tokens: {},
    app: { id: 4242, slug: 'plangate', installationId: 31337 },
    defaultActor: GITHUB_ACTIONS_BOT,
    nextId: 1000,
    clockMs: Date.UTC(2026, 0, 1),
    graphqlTextLimit: 512 * 1024,
    returnRunDetails: 'supported',
  };
}

export function repoKey(owner: string, name: string): string {
  return `${owner}/${name}`.toLowerCase();
}

/** Ids are global and increasing, like GitHub's: a later object always has a larger id. */
export function nextId(state: FakeState): number {
  return state.nextId++;
}

/** What a new repository (or a fork) starts without: issues, comments, labels, runs, dispatches, collaborators. */
export function noActivity(): Pick<
  RepoState,
  'issues' | 'nextIssueNumber' | 'comments' | 'labels' | 'checkRuns' | 'workflows' | 'workflowRuns' | 'dispatches' | 'permissions'
> {
  return {
    issues: {},
    nextIssueNumber: 1,
    comments: [],
    labels: {},
    checkRuns: [],
    workflows: [],
    workflowRuns: [],
    dispatches: [],
    permissions: {},
  };
}

/** Advances the fake clock by one second and returns the new time in GitHub's format. */
export function tick(state: FakeState): string {
  state.clockMs += 1000;
  return isoSeconds(state.clockMs);
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function ensureUser(
  state: FakeState,
  login: string,
  type: 'User' | 'Bot' = login.endsWith('[bot]') ? 'Bot' : 'User',
): { id: number; type: 'User' | 'Bot' } {
  let user = state.users[login];
  if (!user) {
    user = { id: nextId(state), type };
    state.users[login] = user;
  }
  return user;
}

export function ensureRepo(state: FakeState, owner: string, name: string, defaultBranch = 'main'): RepoState {
  const key = repoKey(owner, name);
  let repo = state.repos[key];
  if (!repo) {
    ensureUser(state, owner);
    repo = {
      id: nextId(state),
      owner,
      name,
      defaultBranch,
      private: false,
      blobs: {},
      trees: {},
      commits: {},
      refs: {},
      ...noActivity(),
      treeEntryLimit: 100_000,
    };
    state.repos[key] = repo;
  }
  return repo;
}

export function findRepo(state: FakeState, owner: string, name: string): RepoState | undefined {
  return state.repos[repoKey(owner, name)];
}
