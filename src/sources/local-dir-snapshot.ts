import { constants } from 'node:fs';
import { lstat, open, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { gitBlobSha } from '../core/git-blob-sha.js';
import { compareCodeUnits, type RepoSnapshot, type SnapshotEntry } from '../core/snapshot.js';
import { SKIPPED_DIRS } from './skipped-paths.js';


/**
 * The working tree of a directory. Symlinks are entries (never followed), so a link
 * loop or a link out of the repository cannot make plangate read outside it.
 */
export class LocalDirSnapshot implements RepoSnapshot {
  readonly label: string;
  private readonly byPath: Map<string, SnapshotEntry>;

  private constructor(
    readonly root: string,
    private readonly list: SnapshotEntry[],
  ) {
    this.label = `directory ${root}`;
    this.byPath = new Map(list.map((e) => [e.path, e]));
  }

  static async open(root: string): Promise<LocalDirSnapshot> {
    const list: SnapshotEntry[] = [];
    const pending: string[] = [''];
    // Several directories in flight: listing is all waiting on the filesystem.
    const worker = async (): Promise<void> => {
      for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
        const dirents = await readdir(join(root, rel), { withFileTypes: true }).catch(() => []);
        const files: string[] = [];
        for (const d of dirents) {
          const path = rel ? `${rel}/${d.name}` : d.name;
          if (!d.isDirectory()) files.push(path);
          else if (!SKIPPED_DIRS.has(d.name)) pending.push(path);
        }
        const entries = await Promise.all(files.map((path) => describeEntry(root, path)));
        for (const entry of entries) if (entry) list.push(entry);
      }
    };
    // A worker that finds the queue empty stops; waves restart the pool while directories remain.
    while (pending.length) await Promise.all(Array.from({ length: LISTING_CONCURRENCY }, worker));
    list.sort((a, b) => compareCodeUnits(a.path, b.path));
    return new LocalDirSnapshot(root, list);
  }

  entries(): readonly SnapshotEntry[] {
    return this.list;
  }

  entry(path: string): SnapshotEntry | undefined {
    return this.byPath.get(path);
  }

  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const entry = this.byPath.get(path);
    if (!entry || (entry.mode !== 'file' && entry.mode !== 'executable')) return undefined;
    // O_NOFOLLOW: a file swapped for a link after listing is still never followed.
    const handle = await open(this.fullPath(path), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
    if (!handle) return undefined;
    try {
      return await handle.readFile();
    } catch {
      return undefined;
    } finally {
      await handle.close();
    }
  }

  async readLink(path: string): Promise<string | undefined> {
    if (this.byPath.get(path)?.mode !== 'symlink') return undefined;
    return readlink(this.fullPath(path)).catch(() => undefined);
  }

  async blobSha(path: string): Promise<string | undefined> {
    const entry = this.byPath.get(path);
    if (entry?.mode === 'symlink') {
      const target = await this.readLink(path);
      return target === undefined ? undefined : gitBlobSha(Buffer.from(target));
    }
    const bytes = await this.readBytes(path);
    return bytes ? gitBlobSha(bytes) : undefined;
  }

  private fullPath(path: string): string {
    return join(this.root, ...path.split('/'));
  }
}

const LISTING_CONCURRENCY = 8;

async function describeEntry(root: string, path: string): Promise<SnapshotEntry | undefined> {
  const full = join(root, ...path.split('/'));
  const stat = await lstat(full).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.isSymbolicLink()) {
    const target = await readlink(full).catch(() => '');
    return { path, size: Buffer.byteLength(target), mode: 'symlink' };
  }
  if (stat.isFile()) return { path, size: stat.size, mode: stat.mode & 0o111 ? 'executable' : 'file' };
  return undefined;
}
