/**
 * How many config entries (MCP servers, hooks, settings) one scan reads one by one. Each costs
 * a few hundred microseconds (its command line, scripts and descriptors go through the rules);
 * real repositories have tens. A repository built of thousands of tiny configs must not turn
 * that into seconds per megabyte: past the budget, entries are only scanned as text.
 */
export class EntryBudget {
  private left: number;
  constructor(readonly entries: number) {
    this.left = entries;
  }

  /** A budget for a scan of `bytes`: 500 entries plus one per 2 KB. */
  static forBytes(bytes: number): EntryBudget {
    return new EntryBudget(500 + Math.floor(bytes / 2048));
  }

  /** Takes up to `wanted` entries; returns how many may be read. */
  take(wanted: number): number {
    const granted = Math.min(wanted, this.left);
    this.left -= granted;
    return granted;
  }
}
