import type { SourcePosition } from './line-starts.js';

export type { SourcePosition } from './line-starts.js';

/** Keys and array indexes from the document root to a value. */
export type JsonPath = readonly (string | number)[];

/** A value's place in the text: offsets of its first character and just past its last. */
export interface JsonSpan {
  start: number;
  end: number;
}

/** A JSON document: its value, and where each part of that value is written. */
export interface JsonDocument {
  value: unknown;
  /** Position of the value at `path` (or of the closest ancestor that has one). */
  positionOf(path: JsonPath): SourcePosition;
  /** Position of the key of the property at `path` (falls back to its value). */
  keyPositionOf(path: JsonPath): SourcePosition;
  /** Offsets of the value at `path`; undefined when the document has no value there. */
  spanOf(path: JsonPath): JsonSpan | undefined;
  /** Offset of the opening quote of the key of the property at `path`; undefined when there is none. */
  keyOffsetOf(path: JsonPath): number | undefined;
  /** Members of bounded objects that were not read (see `MemberBound`), and where the first one starts. */
  skipped?: { count: number; offset: number };
}

export interface JsonSyntaxError extends SourcePosition {
  message: string;
  offset: number;
}

/**
 * Strict JSON either reads (`ok`) or not. JSONC (comments, trailing commas) is read as far as
 * it parses: a syntax error still comes with the document recovered around it.
 */
export type JsonReadResult = { ok: true; doc: JsonDocument } | { ok: false; error: JsonSyntaxError; doc?: JsonDocument };

/**
 * Which objects are read member by member, and when to stop: a JSONC config padded with
 * thousands of members costs a scan of its text, not a value per member.
 */
export interface MemberBound {
  /** Whether the object at `path` is bounded. */
  isBounded(path: JsonPath): boolean;
  /** Asked before each member of the bounded object at `path` is read, with the members read so far: false skips the member. */
  keep(members: ReadMembers, path: JsonPath): boolean;
}

/** The members of a bounded object read so far, in file order. */
export interface ReadMembers {
  readonly length: number;
  key(index: number): string;
  value(index: number): unknown;
}
