/**
 * How many times a regex can repeat something inside something else that repeats: over every chain
 * of nested quantifiers (a quantified group holding a quantified atom or group), the largest product
 * of their upper bounds; Infinity when such a chain holds `*`, `+` or `{n,}`. A lone quantifier is
 * no chain (1). Nested repetition is what makes a backtracking engine slow on a near-miss, so the
 * detectors keep this product small: `(a+)+` is Infinity, `(?:a{0,100}){0,100}` is 10,000.
 */
export function nestedRepetition(source: string): number {
  // Per open group: the largest product of a quantifier chain inside it (1 = none yet).
  const stack: number[] = [1];
  let worst = 1;
  let previous = 1; // the inner chain product of the atom or group just closed, for the quantifier after it
  let i = 0;
  const take = (inner: number, bound: number) => {
    const chain = inner * bound;
    if (inner > 1) worst = Math.max(worst, chain);
    stack[stack.length - 1] = Math.max(stack[stack.length - 1]!, chain);
  };
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\') {
      i += 2;
      previous = 1;
      continue;
    }
    if (ch === '[') {
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      previous = 1;
      continue;
    }
    if (ch === '(') {
      stack.push(1);
      i++;
      if (source[i] === '?') {
        // (?: (?= (?! (?<= (?<! (?<name>
        i++;
        if (source[i] === '<' && source[i + 1] !== '=' && source[i + 1] !== '!') i = source.indexOf('>', i) + 1;
        else i++;
      }
      previous = 1;
      continue;
    }
    if (ch === ')') {
      previous = stack.pop() ?? 1;
      i++;
      // A group with no quantifier after it passes its chains to its parent as they are.
      if (!/^[*+?{]/.test(source.slice(i, i + 1)) || (source[i] === '{' && !/^\{\d+(?:,\d*)?\}/.test(source.slice(i))))
        stack[stack.length - 1] = Math.max(stack[stack.length - 1]!, previous);
      continue;
    }
    const quantifier = /^(?:[*+?]|\{(\d+)(?:(,)(\d*))?\})\??/.exec(source.slice(i));
    if (quantifier) {
      const [whole, min, comma, max] = quantifier;
      const bound =
        whole[0] === '*' || whole[0] === '+'
          ? Infinity
          : whole[0] === '?'
            ? 1
            : comma === undefined
              ? Number(min)
              : max === ''
                ? Infinity
                : Number(max);
      take(previous, bound);
      previous = 1;
      i += whole.length;
      continue;
    }
    previous = 1;
    i++;
  }
  return worst;
}
