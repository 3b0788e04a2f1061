/** Bodies are held in blocks of this size, cut from one region that is allocated once. */
export const BODY_BLOCK_BYTES = 64 * 1024;

/** One request body's share of the budget. */
export interface BodyAccount {
  /** Blocks this body holds now. */
  readonly held: number;
  /**
   * Takes `count` more blocks. When the budget has too few free, bodies holding more than this
   * one would are evicted (largest first) to make room; undefined, taking nothing, when this body
   * would be the largest.
   */
  take(count: number): Buffer[] | undefined;
  /** The body is whole: it is no longer evicted (its blocks are read, then given back by `close`). */
  complete(): void;
  /** Gives every block back (the body was handled, refused or dropped). Idempotent. */
  close(): void;
}

interface Holder {
  blocks: number[];
  evict: () => void;
  complete: boolean;
}

/**
 * The webhook body bytes a process holds at once, across every connection: each body is read
 * before its signature can be checked, so without a bound a few slow unsigned uploads fill the
 * process. Bodies are written into fixed blocks of one region allocated once (its pages become
 * resident as they are first used, and are then reused), so reading bodies never grows or
 * fragments the process's heap. Past the limit a body is refused (the caller answers 503) — the
 * largest one in flight, so a flood of large bodies cannot crowd out GitHub's small deliveries.
 */
export class BodyBudget {
  readonly blockCount: number;
  private region?: Buffer;
  private readonly free: number[] = [];
  private readonly holders = new Set<Holder>();

  constructor(limitBytes: number) {
    this.blockCount = Math.max(1, Math.ceil(limitBytes / BODY_BLOCK_BYTES));
    for (let i = this.blockCount - 1; i >= 0; i--) this.free.push(i);
  }

  /** The most bytes held at once. */
  get limitBytes(): number {
    return this.blockCount * BODY_BLOCK_BYTES;
  }

  /** Bytes held now. */
  get inUse(): number {
    return (this.blockCount - this.free.length) * BODY_BLOCK_BYTES;
  }

  /** Opens a body's account; `evict` is called (once) when a smaller body needs its room. */
  open(evict: () => void): BodyAccount {
    const holder: Holder = { blocks: [], evict, complete: false };
    this.holders.add(holder);
    return {
      get held() {
        return holder.blocks.length;
      },
      take: (count: number) => this.take(holder, count),
      complete: () => {
        holder.complete = true;
      },
      close: () => this.release(holder),
    };
  }

  private take(holder: Holder, count: number): Buffer[] | undefined {
    if (!this.holders.has(holder)) return undefined;
    while (this.free.length < count) {
      const largest = this.largestOtherThan(holder);
      if (!largest || largest.blocks.length <= holder.blocks.length + count) return undefined;
      this.release(largest);
      largest.evict();
    }
    this.region ??= Buffer.allocUnsafeSlow(this.limitBytes);
    const taken = this.free.splice(this.free.length - count, count);
    for (const index of taken) holder.blocks.push(index);
    return taken.map((i) => this.region!.subarray(i * BODY_BLOCK_BYTES, (i + 1) * BODY_BLOCK_BYTES));
  }

  private largestOtherThan(self: Holder): Holder | undefined {
    let largest: Holder | undefined;
    for (const h of this.holders) {
      if (h !== self && !h.complete && (!largest || h.blocks.length > largest.blocks.length)) largest = h;
    }
    return largest;
  }

  private release(holder: Holder): void {
    if (!this.holders.delete(holder)) return;
    for (const block of holder.blocks) this.free.push(block);
    holder.blocks.length = 0;
  }
}
