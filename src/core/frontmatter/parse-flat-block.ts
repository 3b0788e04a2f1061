/**
 * The common frontmatter shape — one `key: value` per line, plain or simply quoted strings —
 * read without the YAML library, which costs about a millisecond per block and runs on every
 * Markdown file a scan reads. Anything this reader is not sure YAML reads as the same string
 * (numbers, booleans, nulls, flow or block collections, indicators, comments after a value,
 * escapes, continuation lines, duplicate keys) makes it give up, and the YAML library reads
 * the block instead, so the result is always what YAML gives.
 */
export interface FlatBlock {
  data: Record<string, string>;
  /** 1-based line (in the block) of each key. */
  keyLines: Map<string, number>;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,100}$/;
/** Core-schema scalars that are not strings: null, booleans, numbers, infinities. */
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/** Characters a plain scalar may not start with (YAML indicators, quotes handled separately). */
const INDICATOR = /^[-?:,[\]{}#&*!|>%@`\s]/;

function plainValue(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '' || INDICATOR.test(value) || NOT_A_STRING.test(value)) return undefined;
  if (/:(?:\s|$)|\s#|\t/.test(value)) return undefined;
  return value;
}

function quotedValue(raw: string): string | undefined {
  const value = raw.trim();
  const quote = value[0];
  if ((quote !== '"' && quote !== "'") || value.length < 2 || value[value.length - 1] !== quote) return undefined;
  const inner = value.slice(1, -1);
  if (inner.includes(quote) || (quote === '"' && inner.includes('\\'))) return undefined;
  return inner;
}

/** The block as flat string pairs, or undefined when YAML must read it. `block` has `\n` line ends. */
export function parseFlatBlock(block: string): FlatBlock | undefined {
  const data: Record<string, string> = {};
  const keyLines = new Map<string, number>();
  const lines = block.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    if (!KEY.test(key) || NOT_A_STRING.test(key) || keyLines.has(key)) return undefined;
    const rest = line.slice(colon + 1);
    if (rest !== '' && rest[0] !== ' ') return undefined;
    const value = rest.trimStart().startsWith('"') || rest.trimStart().startsWith("'") ? quotedValue(rest) : plainValue(rest);
    if (value === undefined) return undefined;
    data[key] = value;
    keyLines.set(key, i + 1);
  }
  return { data, keyLines };
}
