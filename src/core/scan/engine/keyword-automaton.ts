/**
 * Aho–Corasick over lower-case ASCII keywords: one pass over a text says which keywords
 * occur in it (case-insensitively). This is the prefilter that decides which rule
 * patterns run at all, so a file costs about one pass however many rules there are.
 */
export class KeywordAutomaton {
  /** Dense transition table: state * 128 + code → next state. */
  private readonly next: Int32Array;
  /** Keyword indexes that end in each state (including through failure links). */
  private readonly outputs: readonly (readonly number[])[];
  private readonly hasOutput: Uint8Array;

  constructor(readonly keywords: readonly string[]) {
    const children: Map<number, number>[] = [new Map()];
    const out: number[][] = [[]];
    keywords.forEach((keyword, index) => {
      let state = 0;
      for (let i = 0; i < keyword.length; i++) {
        const code = keyword.charCodeAt(i);
        if (code >= 128) throw new Error(`keyword ${JSON.stringify(keyword)} is not ASCII`);
        let to = children[state]!.get(code);
        if (to === undefined) {
          to = children.length;
          children.push(new Map());
          out.push([]);
          children[state]!.set(code, to);
        }
        state = to;
      }
      out[state]!.push(index);
    });
    const states = children.length;
    const fail = new Int32Array(states);
    const next = new Int32Array(states * 128);
    // Breadth-first: a state's failure link is final before its children are visited.
    const queue: number[] = [];
    for (let code = 0; code < 128; code++) {
      const to = children[0]!.get(code) ?? 0;
      next[code] = to;
      if (to) queue.push(to);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      out[state] = [...out[state]!, ...out[fail[state]!]!];
      for (let code = 0; code < 128; code++) {
        const to = children[state]!.get(code);
        if (to === undefined) {
          next[state * 128 + code] = next[fail[state]! * 128 + code]!;
        } else {
          fail[to] = next[fail[state]! * 128 + code]!;
          next[state * 128 + code] = to;
          queue.push(to);
        }
      }
    }
    // Upper-case letters move like lower-case ones: no case branch in the scanning loops.
    for (let state = 0; state < states; state++) {
      for (let code = 65; code <= 90; code++) next[state * 128 + code] = next[state * 128 + code + 32]!;
    }
    this.next = next;
    this.outputs = out;
    this.hasOutput = Uint8Array.from(out, (o) => (o.length ? 1 : 0));
  }

  /** Marks `found[k] = 1` for every keyword k that occurs in `text[from, to)`. */
  scan(text: string, found: Uint8Array, from = 0, to = text.length): void {
    const { next, hasOutput, outputs } = this;
    let state = 0;
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code >= 128) {
        state = 0;
        continue;
      }
      state = next[(state << 7) | code]!;
      if (hasOutput[state]) for (const k of outputs[state]!) found[k] = 1;
    }
  }

  /**
   * One pass over a text cut into windows (`bounds` from findWindows): the keywords of each
   * window, each listed once — window w's are `keywords[offsets[w]]` up to `keywords[offsets[w + 1]]`.
   * Runs that could decode (40 or more base64 characters with both letter cases, not mixing
   * the two alphabets, or 40 or more hex digits) are marked per window in the same pass.
   */
  scanWindows(text: string, bounds: Int32Array): WindowKeywords {
    const { next, hasOutput, outputs } = this;
    const windows = bounds.length - 1;
    const offsets = new Int32Array(windows + 1);
    const blobs = new Uint8Array(windows);
    const seen = new Int32Array(this.keywords.length).fill(-1);
    let keywords = new Int32Array(256);
    let count = 0;
    for (let w = 0; w < windows; w++) {
      offsets[w] = count;
      let state = 0;
      let run = 0;
      let shape = 0;
      const end = bounds[w + 1]!;
      for (let i = bounds[w]!; i <= end; i++) {
        const code = i < end ? text.charCodeAt(i) : 0;
        const bits = code < 128 ? BLOB_BITS[code]! : 0;
        if (bits) {
          run++;
          shape |= bits;
        } else {
          // Past 64K characters the decoder reads only the start (find-encoded-blobs.ts): any shape may decode.
          if (run >= 40 && (run > 65_536 || decodable(shape))) blobs[w] = 1;
          run = 0;
          shape = 0;
        }
        if (i === end) break;
        if (code >= 128) {
          state = 0;
          continue;
        }
        state = next[(state << 7) | code]!;
        if (hasOutput[state]) {
          for (const k of outputs[state]!) {
            if (seen[k] === w) continue;
            seen[k] = w;
            if (count === keywords.length) {
              const grown = new Int32Array(count * 2);
              grown.set(keywords);
              keywords = grown;
            }
            keywords[count++] = k;
          }
        }
      }
    }
    offsets[windows] = count;
    return { offsets, keywords: keywords.subarray(0, count), blobs };
  }
}

export interface WindowKeywords {
  offsets: Int32Array;
  keywords: Int32Array;
  /** 1 where the window holds a run that could be a base64 or hex blob. */
  blobs: Uint8Array;
}

const BLOB = 1;
const UPPER = 2;
const LOWER = 4;
const STANDARD = 8;
const URL_SAFE = 16;
const NOT_HEX = 32;

/** What each character says about a run of base64 (standard and URL-safe) or hex. */
const BLOB_BITS = Uint8Array.from({ length: 128 }, (_, c) => {
  if (c >= 48 && c <= 57) return BLOB;
  if (c >= 65 && c <= 90) return BLOB | UPPER | (c <= 70 ? 0 : NOT_HEX);
  if (c >= 97 && c <= 122) return BLOB | LOWER | (c <= 102 ? 0 : NOT_HEX);
  if (c === 43 || c === 47) return BLOB | STANDARD | NOT_HEX;
  if (c === 45 || c === 95) return BLOB | URL_SAFE | NOT_HEX;
  return 0;
});

/** A run the decoder could turn into text: hex digits only, or base64 with both cases in one alphabet (find-encoded-blobs.ts). */
function decodable(shape: number): boolean {
  if (!(shape & NOT_HEX)) return true;
  return (shape & UPPER) !== 0 && (shape & LOWER) !== 0 && !((shape & STANDARD) && (shape & URL_SAFE));
}
