/**
 * Whether a Node version satisfies a package's `engines.node` range, the way npm's semver reads
 * the forms found in package-lock.json: `||` alternatives of space-separated comparators
 * (`>=`, `>`, `<=`, `<`, `=`), caret and tilde ranges, x-ranges (`20.x`, `*`) and bare versions.
 */
export function satisfiesNodeRange(range: string, version: string): boolean {
  const v = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/([<>=~^]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => satisfiesComparator(comparator, v)),
  );
}

type Version = [number, number, number];

function parse(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfiesComparator(comparator: string, v: Version): boolean {
  const [, op = '', raw = ''] = /^(>=|<=|>|<|=|\^|~)?v?(.*)$/.exec(comparator)!;
  const parts = raw.split('.').filter((p) => p !== '' && p !== 'x' && p !== 'X' && p !== '*');
  if (!parts.length) return true;
  const base = parse(parts.join('.'));
  const d = compare(v, base);
  switch (op) {
    case '>=':
      return d >= 0;
    case '>':
      return d > 0;
    case '<=':
      return d <= 0;
    case '<':
      return d < 0;
    case '^':
      return d >= 0 && compare(v, base[0] > 0 ? [base[0] + 1, 0, 0] : [0, base[1] + 1, 0]) < 0;
    case '~':
      return d >= 0 && compare(v, parts.length >= 2 ? [base[0], base[1] + 1, 0] : [base[0] + 1, 0, 0]) < 0;
    default:
      // `20`, `20.19`, `20.x`: every version with that prefix; `20.19.0` exactly.
      return parts.every((p, i) => v[i] === Number(p));
  }
}
