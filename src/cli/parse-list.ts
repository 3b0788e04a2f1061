import { CHECK_NAMES, type CheckName } from '../core/finding.js';
import { UsageError } from './cli-io.js';

/** `a,b --x c` style lists: repeated flags and comma-separated values both work. */
export function parseList(values: string | string[] | undefined): string[] {
  const list = Array.isArray(values) ? values : values === undefined ? [] : [values];
  return list
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export function parseCheckNames(values: string | string[] | undefined): CheckName[] | undefined {
  const names = parseList(values);
  if (!names.length) return undefined;
  const unknown = names.filter((n) => !(CHECK_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new UsageError(`unknown check ${unknown.map((u) => `"${u}"`).join(', ')} (expected ${CHECK_NAMES.join(', ')})`);
  return names as CheckName[];
}

export function parseChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got "${value}")`);
  return value as T;
}
