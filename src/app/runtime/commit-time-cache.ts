/** Commit times by commit SHA (immutable, so a small bounded map is a safe cache). */
export class CommitTimeCache {
  private readonly times = new Map<string, Date>();

  constructor(private readonly maxEntries = 10_000) {}

  get(sha: string): Date | undefined {
    return this.times.get(sha);
  }

  set(sha: string, time: Date): void {
    this.times.delete(sha);
    this.times.set(sha, time);
    if (this.times.size > this.maxEntries) this.times.delete(this.times.keys().next().value!);
  }
}
