import type { Segment } from '../scan-types.js';

/**
 * JSON, YAML, TOML, INI, .env: read line by line as values (a key and its value stay together). Block scalars (`run: |`) are
 * commands a line at a time; keys and comments are read too, which costs nothing and
 * catches text an agent would read.
 */
export function segmentConfigLines(text: string): Segment[] {
  return text.length ? [{ kind: 'value', start: 0, end: text.length }] : [];
}

/** A script: one code block, read by logical line (backslash continuations joined, except in PowerShell and batch). */
export function segmentScript(text: string, path: string): Segment[] {
  if (!text.length) return [];
  const noContinuation = /\.(?:ps1|psm1|bat|cmd)$/i.test(path);
  return [{ kind: 'code', start: 0, end: text.length, origin: 'script', ...(noContinuation ? { noContinuation } : {}) }];
}
