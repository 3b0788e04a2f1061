/**
 * How much Markdown parsing one scan may do. micromark is the scanner's slowest part — 0.5–2 µs
 * per character of prose, 100–400 µs per line inside lists and quotes (measured on Node 20,
 * warm) — and only chunks where a rule can match are parsed, which on real skills is a
 * few percent of the text. A hostile repository can make every chunk match; past the budget,
 * chunks are read line by line (still every rule, still every line), so a scan stays near
 * linear in its bytes whatever their shape.
 */
export class ParseBudget {
  private left: number;
  /** `microseconds`: the estimated parse cost (chunkShape) the scan may spend. */
  constructor(readonly microseconds: number) {
    this.left = microseconds;
  }

  /** A budget for a scan of `bytes`: a fixed allowance plus 0.2 s per MB. */
  static forBytes(bytes: number): ParseBudget {
    return new ParseBudget(PARSE_ALLOWANCE_US + bytes * PARSE_US_PER_BYTE);
  }

  /** Spends `cost` if it is left; false once the budget is spent (the chunk is then read line by line). */
  take(cost: number): boolean {
    if (cost > this.left) return false;
    this.left -= cost;
    return true;
  }
}

/** Fixed parse allowance per scan (µs): small repositories are always parsed. */
export const PARSE_ALLOWANCE_US = 500_000;
/** Parse allowance per byte scanned (µs): 0.2 s per MB. */
export const PARSE_US_PER_BYTE = 0.2;
