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
    this.next = next;
    this.outputs = out;
    this.hasOutput = Uint8Array.from(out, (o) => (o.length ? 1 : 0));
  }

  /** Marks `found[k] = 1` for every keyword k that occurs in `text[from, to)`. */
  scan(text: string, found: Uint8Array, from = 0, to = text.length): void {
    const { next, hasOutput, outputs } = this;
    let state = 0;
    for (let i = from; i < to; i++) {
      let code = text.charCodeAt(i);
      if (code >= 128) {
        state = 0;
        continue;
      }
      if (code >= 65 && code <= 90) code += 32;
      state = next[state * 128 + code]!;
      if (hasOutput[state]) for (const k of outputs[state]!) found[k] = 1;
    }
  }
}
