/** `key: value` at the start of a line, the key a plain word. */
const PAIR = /^([A-Za-z_][A-Za-z0-9_-]{0,80}):(?: +(.*))?$/;
/** A first character that makes a YAML value something other than plain text (a quote, a flow collection, an alias, a tag, a block scalar…). */
const SPECIAL_START = /^[-?:,[\]{}#&*!|>'"%@`\s.+\d~]/;
/** Words the YAML core schema reads as booleans or null. */
const CORE_WORD = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;

/** A flat block's data and each key's file line; such a block has nothing to diagnose. */
export interface FlatMapping {
  data: Record<string, unknown>;
  keyLines: ReadonlyMap<string, number>;
  diagnostics: never[];
}

/**
 * The frontmatter of most skills — one `key: plain text` per line — read without a YAML parser:
 * the same data and key lines the parser gives, at a fraction of the cost. Undefined for anything
 * else (an indented line, a quoted, numeric or special value, a comment after a value, a repeated
 * key), which the parser then reads.
 */
export function readFlatMapping(block: string, openLine: number): FlatMapping | undefined {
  const data: Record<string, unknown> = {};
  const keyLines = new Map<string, number>();
  const lines = block.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const pair = PAIR.exec(line);
    if (!pair) return undefined;
    const key = pair[1]!;
    const value = (pair[2] ?? '').replace(/ +$/, '');
    if (
      value === '' ||
      keyLines.has(key) ||
      SPECIAL_START.test(value) ||
      CORE_WORD.test(value) ||
      value.includes(': ') ||
      value.includes(' #') ||
      value.includes('\t') ||
      value.endsWith(':')
    )
      return undefined;
    data[key] = value;
    keyLines.set(key, openLine + 1 + i);
  }
  return keyLines.size ? { data, keyLines, diagnostics: [] } : undefined;
}
