import { gitBlobSha } from './git-blob-sha.js';
import { compareCodeUnits, type EntryMode, type RepoSnapshot, type SnapshotEntry } from './snapshot.js';

export interface MemoryFile {
  content: string | Uint8Array;
  mode?: EntryMode;
}

/**
 * A snapshot held in memory: for tests, and for adapters that already have every byte.
 * A symlink's content is its target.
 */
export class MemorySnapshot implements RepoSnapshot {
  private readonly files = new Map<string, { bytes: Uint8Array; entry: SnapshotEntry }>();
  private readonly sorted: SnapshotEntry[];

  constructor(
    files: Record<string, string | Uint8Array | MemoryFile>,
    readonly label = 'memory',
    readonly commitTime?: Date,
  ) {
    const encoder = new TextEncoder();
    for (const [path, value] of Object.entries(files)) {
      const file: MemoryFile = typeof value === 'string' || value instanceof Uint8Array ? { content: value } : value;
      const bytes = typeof file.content === 'string' ? encoder.encode(file.content) : file.content;
      const entry: SnapshotEntry = { path, sha: gitBlobSha(bytes), size: bytes.length, mode: file.mode ?? 'file' };
      this.files.set(path, { bytes, entry });
    }
    this.sorted = [...this.files.values()].map((f) => f.entry).sort((a, b) => compareCodeUnits(a.path, b.path));
  }

  entries(): readonly SnapshotEntry[] {
    return this.sorted;
  }

  entry(path: string): SnapshotEntry | undefined {
    return this.files.get(path)?.entry;
  }

  async readBytes(path: string): Promise<Uint8Array | undefined> {
    const file = this.files.get(path);
    return file && (file.entry.mode === 'file' || file.entry.mode === 'executable') ? file.bytes : undefined;
  }

  async readLink(path: string): Promise<string | undefined> {
    const file = this.files.get(path);
    return file?.entry.mode === 'symlink' ? new TextDecoder().decode(file.bytes) : undefined;
  }

  async blobSha(path: string): Promise<string | undefined> {
    return this.files.get(path)?.entry.sha;
  }
}
