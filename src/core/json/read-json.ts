import { visit, type ParseError, type ParseOptions } from 'jsonc-parser';
import { describeParseError } from './describe-syntax-error.js';
import { findExcessiveNesting } from './find-excessive-nesting.js';
import type { JsonReadResult, JsonSyntaxError, MemberBound } from './json-document.js';
import { LazyPositions } from './lazy-positions.js';
import { createLineLocator } from './line-starts.js';
import { parseJsonTree } from './parse-json-tree.js';
import { TreePositions } from './tree-positions.js';

export type { JsonDocument, JsonPath, JsonReadResult, MemberBound, ReadMembers, SourcePosition } from './json-document.js';

/** Deeper nesting than this is refused with a diagnostic rather than risking the stack. */
const MAX_JSON_DEPTH = 512;

export interface ReadJsonOptions {
  /**
   * `json` (the default): strict JSON, as Ralphdex, oh-my-copilot and plangate write their files.
   * `jsonc`: comments and trailing commas allowed, as agent clients read their configs; read as
   * far as it parses.
   */
  dialect?: 'json' | 'jsonc';
  /** Nesting deeper than this is a syntax error at the bracket that goes too deep (default 512). */
  maxDepth?: number;
  /** JSONC only: objects read member by member, up to a limit (see `MemberBound`). */
  bound?: MemberBound;
}

const STRICT: ParseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };
const JSONC: ParseOptions = { disallowComments: false, allowTrailingComma: true, allowEmptyContent: true };

/**
 * JSON text → its value and where each part of it is written. The one JSON reader of plangate:
 * task files, catalogs and baselines are strict JSON; agent configs are JSONC. Never throws.
 * Offsets are offsets in `source` (a byte-order mark counts as one character of whitespace).
 */
export function readJson(source: string, options: ReadJsonOptions = {}): JsonReadResult {
  const text = source.charCodeAt(0) === 0xfeff ? ` ${source.slice(1)}` : source;
  const jsonc = options.dialect === 'jsonc';
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const tooDeep = findExcessiveNesting(text, maxDepth, jsonc);
  if (tooDeep !== undefined) return { ok: false, error: syntaxError(text, tooDeep, `Nesting deeper than ${maxDepth} levels`) };
  if (jsonc) return readJsonc(text, options.bound);
  let value: unknown;
  try {
    // The native parser is several times faster; it defines `__proto__` keys as plain data.
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: firstSyntaxError(text) };
  }
  return { ok: true, doc: new LazyPositions(text, value) };
}

function readJsonc(text: string, bound: MemberBound | undefined): JsonReadResult {
  const errors: ParseError[] = [];
  const { root, skipped } = parseJsonTree(text, errors, JSONC, bound);
  // Empty content is allowed in JSONC: it reads as null.
  const doc = new TreePositions(text, root ?? { type: 'null', value: null, offset: 0, length: 0 }, skipped);
  const first = errors[0];
  if (!first) return { ok: true, doc };
  const error = syntaxError(text, first.offset, describeParseError(first.error));
  return root ? { ok: false, error, doc } : { ok: false, error };
}

/** The first syntax error of a strict text that `JSON.parse` refused, worded by jsonc-parser. */
function firstSyntaxError(text: string): JsonSyntaxError {
  let first: JsonSyntaxError | undefined;
  visit(
    text,
    {
      onError: (code, offset, _length, line, column) => {
        first ??= { message: describeParseError(code), offset, line: line + 1, column: column + 1 };
      },
    },
    STRICT,
  );
  return first ?? { message: 'Invalid JSON', offset: 0, line: 1, column: 1 };
}

function syntaxError(text: string, offset: number, message: string): JsonSyntaxError {
  return { message, offset, ...createLineLocator(text)(offset) };
}

/** "line L, column C" — the form Ralphdex uses in its messages. */
export function formatPosition(pos: { line: number; column: number }): string {
  return `line ${pos.line}, column ${pos.column}`;
}
