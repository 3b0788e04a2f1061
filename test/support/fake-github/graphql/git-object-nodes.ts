import { ensureUser, findRepo } from '../state/create-state.js';
import { looksBinary, lookupPath, resolveCommit } from '../state/git-objects.js';
import type { Actor, CommitObject, FakeState, RepoState, TreeItem } from '../state/types.js';

/** Thrown by resolvers for GitHub's `type: NOT_FOUND` errors (not a client mistake, so not recorded). */
export class GraphqlNotFound extends Error {}

const GITHUB_MODE: Record<TreeItem['mode'], number> = {
  '100644': 0o100644,
  '100755': 0o100755,
  '120000': 0o120000,
  '160000': 0o160000,
  '040000': 0o40000,
};

function blobNode(state: FakeState, repo: RepoState, sha: string) {
  const bytes = repo.blobs[sha]!;
  const isBinary = looksBinary(bytes);
  const isTruncated = bytes.length > state.graphqlTextLimit;
  const shown = isTruncated ? bytes.subarray(0, state.graphqlTextLimit) : bytes;
  return {
    __typename: 'Blob',
    id: `BLOB_${sha}`,
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    byteSize: bytes.length,
    isBinary,
    isTruncated,
    text: isBinary ? null : Buffer.from(shown).toString('utf8'),
  };
}

function treeNode(state: FakeState, repo: RepoState, sha: string, prefix: string) {
  return {
    __typename: 'Tree',
    id: `TREE_${sha}`,
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    entries: () =>
      (repo.trees[sha] ?? []).map((item) => ({
        __typename: 'TreeEntry',
        name: item.name,
        path: prefix + item.name,
        type: item.type,
        mode: GITHUB_MODE[item.mode],
        oid: item.sha,
        object: () => itemNode(state, repo, item, `${prefix}${item.name}/`),
      })),
  };
}

function commitNode(state: FakeState, repo: RepoState, commit: CommitObject) {
  return {
    __typename: 'Commit',
    id: `COMMIT_${commit.sha}`,
    oid: commit.sha,
    abbreviatedOid: commit.sha.slice(0, 7),
    message: commit.message,
    messageHeadline: commit.message.split('\n')[0],
    committedDate: commit.committer.date,
    authoredDate: commit.author.date,
    tree: () => treeNode(state, repo, commit.tree, ''),
  };
}

function itemNode(state: FakeState, repo: RepoState, item: TreeItem, prefix: string) {
  if (item.type === 'blob') return blobNode(state, repo, item.sha);
  if (item.type === 'tree') return treeNode(state, repo, item.sha, prefix);
  return null; // a submodule's commit is not in this repository
}

/** `object(expression: "<rev>:<path>")` / `object(expression: "<rev>")` / `object(oid:)`. */
function objectField(state: FakeState, repo: RepoState, args: { expression?: string; oid?: string }) {
  if (args.oid) {
    if (repo.blobs[args.oid]) return blobNode(state, repo, args.oid);
    if (repo.trees[args.oid]) return treeNode(state, repo, args.oid, '');
    return repo.commits[args.oid] ? commitNode(state, repo, repo.commits[args.oid]!) : null;
  }
  const expression = args.expression ?? '';
  const colon = expression.indexOf(':');
  const commit = resolveCommit(repo, colon < 0 ? expression : expression.slice(0, colon));
  if (!commit) return null;
  if (colon < 0) return commitNode(state, repo, commit);
  const path = expression.slice(colon + 1).replace(/^\/+|\/+$/g, '');
  const item = lookupPath(repo, commit.tree, path);
  return item ? itemNode(state, repo, item, path ? `${path}/` : '') : null;
}

/** The root value for `execute`: graphql-js calls these functions as field resolvers. `actor`: who the token acts as. */
export function graphqlRoot(state: FakeState, actor: Actor) {
  return {
    // GitHub answers `viewer` for every kind of token: a person's, `github-actions[bot]`, an App's `<slug>[bot]`.
    viewer: () => {
      const user = ensureUser(state, actor.login, actor.type);
      return { __typename: 'User', id: `U_${user.id}`, login: actor.login, databaseId: user.id };
    },
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = findRepo(state, owner, name);
      if (!repo) throw new GraphqlNotFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
      const head = resolveCommit(repo, repo.defaultBranch);
      return {
        __typename: 'Repository',
        id: `R_${repo.id}`,
        name: repo.name,
        nameWithOwner: `${repo.owner}/${repo.name}`,
        isPrivate: repo.private,
        url: `https://github.com/${repo.owner}/${repo.name}`,
        defaultBranchRef: {
          __typename: 'Ref',
          id: `REF_${repo.defaultBranch}`,
          name: repo.defaultBranch,
          prefix: 'refs/heads/',
          target: head ? commitNode(state, repo, head) : null,
        },
        object: (args: { expression?: string; oid?: string }) => objectField(state, repo, args),
      };
    },
  };
}
