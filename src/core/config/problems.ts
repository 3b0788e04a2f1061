import type * as z from 'zod/mini';
import { showControlCharacters } from '../terminal-safe.js';

/** One reason a config was rejected: where, what was expected, what was found. */
export interface ConfigProblem {
  file: string;
  /** Dotted path into the config, e.g. `plans.require`; empty for the whole file. */
  path: string;
  expected: string;
  got: string;
  message: string;
  line?: number;
  column?: number;
}

export function formatConfigProblem(p: ConfigProblem): string {
  const where = p.line ? `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}` : p.file;
  const at = p.path ? ` at \`${p.path}\`` : '';
  // Keys and values come from the config file: one line, control characters shown.
  return showControlCharacters(`${where}: ${p.message}${at} (expected ${p.expected}, got ${p.got})`);
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return `${typeof value} ${String(value)}`;
}

export function zodIssueToProblem(issue: z.core.$ZodIssue, file: string): ConfigProblem {
  const path = issue.path.map(String).join('.');
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `\`${k}\``).join(', ');
      return {
        file,
        path: issue.keys.length === 1 ? [path, issue.keys[0]].filter(Boolean).join('.') : path,
        expected: 'a known key',
        got: `unknown key ${keys}`,
        message: `unknown key ${keys}`,
      };
    }
    case 'invalid_value':
      return {
        file,
        path,
        expected: `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
        got: describeValue(input),
        message: 'invalid value',
      };
    case 'invalid_type':
      return { file, path, expected: issue.expected, got: describeValue(input), message: 'wrong type' };
    default:
      return { file, path, expected: 'a valid value', got: describeValue(input), message: issue.message };
  }
}
