import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  readdirSync,
  readlinkSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import { gitBlobSha } from '../core/git-blob-sha.js';
import { pushAll } from '../core/push-all.js';
import { compareCodeUnits, type RepoSnapshot, type SnapshotEntry } from '../core/snapshot.js';
import { findLocalSubmodules } from './local-submodules.js';
import { SKIPPED_DIRS } from './skipped-paths.js';

/**
 * The working tree of a directory. Symlinks are entries (never followed), so a link
 * loop or a link out of the repository cannot make plangate read outside it. A folder holding
 * another repository (a submodule's checkout, with its own `.git`) or registered in
 * `.gitmodules` and left empty is one `submodule` entry, as in a git tree: its files are not this
 * repository's.
 */
export class LocalDirSnapshot implements RepoSnapshot {
  readonly label: string;
  private readonly byPath: Map<string, SnapshotEntry>;

  private constructor(
    readonly root: string,
    private readonly list: SnapshotEntry[],
    private readonly skipped: readonly string[] = [],
  ) {
    // Not the absolute path: it differs per checkout (a runner's workspace, a temp dir) and reports must not.
    this.label = 'the checked directory';
    this.byPath = new Map(list.map((e) => [e.path, e]));
  }

  /**
   * Lists the tree synchronously: directory reads and lstat are metadata calls served from the
   * kernel's caches, and a promise per entry costs more than the call. Skipped folders are remembered.
   */
  static async open(root: string): Promise<LocalDirSnapshot> {
    const list: SnapshotEntry[] = [];
    const skipped: string[] = [];
    const nested: string[] = [];
    const pending: string[] = [''];
    for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
      const children = listDir(join(root, rel));
      if (rel && children.some((d) => d.name === '.git')) {
        nested.push(rel);
        continue;
      }
      for (const d of children) {
        const path = rel ? `${rel}/${d.name}` : d.name;
        if (!d.isDirectory()) {
          const entry = describeEntry(root, path);
          if (entry) list.push(entry);
        } else if (SKIPPED_DIRS.has(d.name)) skipped.push(path);
        else pending.push(path);
      }
    }
    pushAll(list, findLocalSubmodules(root, nested));
    list.sort((a, b) => compareCodeUnits(a.path, b.path));
    return new LocalDirSnapshot(root, list, skipped.sort(compareCodeUnits));
  }

  /** Folders not listed (VCS internals, installed dependencies), so a check can say what it did not read. */
  skippedDirs(): readonly string[] {
    return this.skipped;
  }

  entries(): readonly SnapshotEntry[] {
    return this.list;
  }

  entry(path: string): SnapshotEntry | undefined {
    return this.byPath.get(path);
  }

  /**
   * Read synchronously: from the page cache a read is a memcpy, and a promise per file costs
   * more than the read itself. Callers bound how many files are held at once (read-ahead).
   */
  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const entry = this.byPath.get(path);
    if (!entry || (entry.mode !== 'file' && entry.mode !== 'executable')) return undefined;
    return readNoFollow(this.fullPath(path));
  }

  async readLink(path: string): Promise<string | undefined> {
    if (this.byPath.get(path)?.mode !== 'symlink') return undefined;
    // readlink is a metadata call, synchronous like the listing (and fs/promises stays unloaded at start-up).
    return readLinkIfAny(this.fullPath(path));
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

function listDir(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A regular file's bytes; O_NOFOLLOW: a file swapped for a link after listing is still never followed. */
function readNoFollow(full: string): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const chunks: Buffer[] = [];
    let total = 0;
    // Read to the end even when the file grew after fstat. A short read once the size is reached is
    // the end (one read call for an unchanged file); before it, it is Linux's 2 GiB cap on one read.
    for (let chunk = Buffer.allocUnsafe(Math.max(size, 1) + 1); ; chunk = Buffer.allocUnsafe(64 * 1024)) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n > 0) chunks.push(chunk.subarray(0, n));
      total += n;
      if (n === 0 || (n < chunk.length && total >= size)) break;
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function describeEntry(root: string, path: string): SnapshotEntry | undefined {
  const full = join(root, ...path.split('/'));
  let stat: Stats;
  try {
    stat = lstatSync(full);
  } catch {
    return undefined;
  }
  if (stat.isSymbolicLink()) {
    const target = readLinkIfAny(full) ?? '';
    return { path, size: Buffer.byteLength(target), mode: 'symlink' };
  }
  if (stat.isFile()) return { path, size: stat.size, mode: stat.mode & 0o111 ? 'executable' : 'file' };
  return undefined;
}

function readLinkIfAny(full: string): string | undefined {
  try {
    return readlinkSync(full);
  } catch {
    return undefined;
  }
}
