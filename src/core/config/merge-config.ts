/**
 * Config layers merge key by key: objects merge, arrays and scalars replace. Used for presets
 * under a config file and for `_extends` chains. Depth is bounded (no plangate key nests deeper),
 * so a hostile, absurdly nested file cannot exhaust the stack.
 */
const MAX_MERGE_DEPTH = 32;

export function mergeConfig(base: Record<string, unknown>, over: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const previous = out[key];
    out[key] = depth < MAX_MERGE_DEPTH && isPlainObject(previous) && isPlainObject(value) ? mergeConfig(previous, value, depth + 1) : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
