/**
 * Blob contents by git blob SHA, least recently used evicted first once `maxBytes` is
 * exceeded. A blob SHA names its content, so one cache can serve every snapshot, event and
 * repository of a process: a re-evaluation of an unchanged tree reads nothing from GitHub.
 */
export class BlobCache {
  readonly maxBytes: number;
  private readonly blobs = new Map<string, Uint8Array>();
  private used = 0;

  constructor(options: { maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get(sha: string): Uint8Array | undefined {
    const bytes = this.blobs.get(sha);
    if (bytes) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.blobs.delete(sha);
      this.blobs.set(sha, bytes);
    }
    return bytes;
  }

  set(sha: string, bytes: Uint8Array): void {
    if (bytes.length > this.maxBytes) return;
    const previous = this.blobs.get(sha);
    if (previous) {
      this.blobs.delete(sha);
      this.used -= previous.length;
    }
    this.blobs.set(sha, bytes);
    this.used += bytes.length;
    for (const [oldest, old] of this.blobs) {
      if (this.used <= this.maxBytes) break;
      this.blobs.delete(oldest);
      this.used -= old.length;
    }
  }

  get size(): number {
    return this.blobs.size;
  }

  get bytes(): number {
    return this.used;
  }
}
