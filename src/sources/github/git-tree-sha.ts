import { createHash } from 'node:crypto';

/** One entry of a git tree object, as the trees API lists it (the name, not the full path). */
export interface GitTreeItem {
  name: string;
  /** `100644`, `100755`, `120000`, `160000`, or `040000` for a subtree (git writes `40000`). */
  mode: string;
  type: string;
  sha: string;
}

/**
 * The object id git gives a tree with exactly these entries (`git mktree`): entries in git's
 * order (byte order of names, a subtree compared as if it ended in `/`), each `<mode> <name>\0`
 * and the raw id. Equal to the tree's SHA only if the list is the whole tree — which is how a
 * cut listing is checked, level by level, without trusting the order GitHub lists in.
 */
export function gitTreeSha(items: readonly GitTreeItem[], algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  const key = (item: GitTreeItem) => Buffer.from(item.type === 'tree' ? `${item.name}/` : item.name, 'utf8');
  const sorted = items.map((item) => ({ item, key: key(item) })).sort((a, b) => Buffer.compare(a.key, b.key));
  const parts: Buffer[] = [];
  for (const { item } of sorted) {
    const mode = item.mode.replace(/^0+/, '');
    parts.push(Buffer.from(`${mode} ${item.name}\0`, 'utf8'), Buffer.from(item.sha, 'hex'));
  }
  const body = Buffer.concat(parts);
  return createHash(algorithm).update(`tree ${body.length}\0`).update(body).digest('hex');
}
