import { isMap, isScalar, parseDocument, visit, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import { LineIndex } from '../text.js';
import { readFlatMapping } from './read-flat-mapping.js';

/** Aliases are allowed but bounded (yaml's default), so an alias bomb cannot expand without limit. */
export const MAX_FRONTMATTER_ALIASES = 100;
/**
 * yaml composes nodes recursively; past a few thousand levels it runs out of stack, at a
 * depth that depends on the runtime. Refusing absurd nesting up front keeps the answer the same everywhere.
 */
export const MAX_FRONTMATTER_DEPTH = 256;
/** One broken block can produce thousands of parser errors; the first ones say enough. */
const MAX_YAML_ERRORS = 20;

export type FrontmatterDiagnosticKind =
  /** An opening `---` with no closing `---` (or `...`). */
  | 'unclosed'
  /** The YAML parser refused the block. */
  | 'yaml_error'
  /** The YAML parser accepted the block with a warning. */
  | 'yaml_warning'
  /** A tag outside the core schema (`!foo`, `!!binary`): resolved as plain text, never constructed. */
  | 'custom_tag'
  /** The block is valid YAML but not a mapping (a list, a string). */
  | 'not_a_mapping'
  /** Alias expansion stopped at the limit (a YAML bomb). */
  | 'alias_limit';

export interface FrontmatterDiagnostic {
  kind: FrontmatterDiagnosticKind;
  severity: 'error' | 'warning';
  message: string;
  /** 1-based line in the whole file (not in the block). */
  line: number;
  column?: number;
}

export interface ParsedFrontmatter {
  /** An opening `---` line starts the file (after an optional BOM and blank lines). */
  present: boolean;
  /** The mapping, when the block is well-formed YAML and a mapping (an empty block gives `{}`). */
  data?: Record<string, unknown>;
  /** Lines of the opening and closing `---`. */
  startLine?: number;
  endLine?: number;
  /** First line and offset (in the given text) after the block; 1 and 0 when there is none. */
  bodyStartLine: number;
  bodyOffset: number;
  /** Line of each top-level key. */
  keyLines: ReadonlyMap<string, number>;
  diagnostics: FrontmatterDiagnostic[];
}

const OPEN = /^---[ \t]*$/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/;
const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  customTags: [],
  // `!!binary`, `!!set`, `!!timestamp`… would otherwise be built even without custom tags.
  resolveKnownTags: false,
  uniqueKeys: true,
  prettyErrors: false,
  // yaml writes process warnings for odd keys; the core must stay quiet and pure.
  logLevel: 'error',
};

/**
 * The YAML frontmatter that opens a Markdown file → its data, or diagnostics with
 * file lines. Tolerates a BOM, leading blank lines and CRLF/CR line ends. Never throws.
 */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  const lines = new LineCursor(text);
  let line = lines.next();
  while (line && line.content.trim() === '') line = lines.next();
  const none: ParsedFrontmatter = { present: false, bodyStartLine: 1, bodyOffset: 0, keyLines: new Map(), diagnostics: [] };
  if (!line || !OPEN.test(stripBom(line.content))) return none;
  const open = line;
  let close = lines.next();
  while (close && !CLOSE.test(close.content)) close = lines.next();
  if (!close) {
    return {
      present: true,
      startLine: open.number,
      bodyStartLine: open.number + 1,
      bodyOffset: open.nextOffset,
      keyLines: new Map(),
      diagnostics: [
        { kind: 'unclosed', severity: 'error', line: open.number, message: 'Frontmatter opens with --- but is never closed by a --- line' },
      ],
    };
  }
  const block = text.slice(open.nextOffset, close.offset).replace(/\r\n?/g, '\n');
  const parsed = parseBlock(block, open.number);
  return {
    present: true,
    startLine: open.number,
    endLine: close.number,
    bodyStartLine: close.number + 1,
    bodyOffset: close.nextOffset,
    ...parsed,
  };
}

function parseBlock(block: string, openLine: number): Pick<ParsedFrontmatter, 'data' | 'keyLines' | 'diagnostics'> {
  const flat = readFlatMapping(block, openLine);
  if (flat) return flat;
  return parseYamlBlock(block, openLine);
}

/** The block read by the YAML parser: any YAML, with its errors and warnings at file lines. */
export function parseYamlBlock(block: string, openLine: number): Pick<ParsedFrontmatter, 'data' | 'keyLines' | 'diagnostics'> {
  const index = new LineIndex(block);
  const at = (offset: number | undefined): { line: number; column: number } => {
    const pos = index.position(Math.max(0, Math.min(offset ?? 0, block.length)));
    return { line: pos.line + openLine, column: pos.column };
  };
  const diagnostics: FrontmatterDiagnostic[] = [];
  const keyLines = new Map<string, number>();
  const deep = findExcessiveNesting(block);
  if (deep !== undefined) {
    diagnostics.push({
      kind: 'yaml_error',
      severity: 'error',
      message: `YAML is nested more than ${MAX_FRONTMATTER_DEPTH} levels deep`,
      ...at(deep),
    });
    return { keyLines, diagnostics };
  }
  let doc: Document;
  try {
    doc = parseDocument(block, YAML_OPTIONS);
  } catch (error) {
    diagnostics.push({
      kind: 'yaml_error',
      severity: 'error',
      line: openLine + 1,
      message: `YAML could not be parsed: ${messageOf(error)}`,
    });
    return { keyLines, diagnostics };
  }
  if (doc.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')) {
    // Where the stack ran out depends on the runtime: report it once, at the block start.
    diagnostics.push({ kind: 'yaml_error', severity: 'error', line: openLine + 1, message: 'YAML is nested too deeply to read' });
    return { keyLines, diagnostics };
  }
  for (const e of doc.errors.slice(0, MAX_YAML_ERRORS))
    diagnostics.push({ kind: 'yaml_error', severity: 'error', message: firstLine(e.message), ...at(e.pos[0]) });
  if (doc.errors.length > MAX_YAML_ERRORS) {
    const last = doc.errors[MAX_YAML_ERRORS]!;
    diagnostics.push({
      kind: 'yaml_error',
      severity: 'error',
      message: `${doc.errors.length - MAX_YAML_ERRORS} more YAML errors`,
      ...at(last.pos[0]),
    });
  }
  for (const w of doc.warnings.slice(0, MAX_YAML_ERRORS)) {
    const custom = w.code === 'TAG_RESOLVE_FAILED';
    diagnostics.push({
      kind: custom ? 'custom_tag' : 'yaml_warning',
      severity: custom ? 'error' : 'warning',
      message: custom ? `${firstLine(w.message)} (tags outside the YAML core schema are not allowed)` : firstLine(w.message),
      ...at(w.pos[0]),
    });
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { keyLines, diagnostics };
  if (doc.contents === null) return { data: {}, keyLines, diagnostics };
  if (!isMap(doc.contents)) {
    diagnostics.push({
      kind: 'not_a_mapping',
      severity: 'error',
      message: 'Frontmatter must be a mapping of keys to values',
      ...at(doc.contents.range?.[0]),
    });
    return { keyLines, diagnostics };
  }
  for (const pair of doc.contents.items) {
    if (isScalar(pair.key) && !keyLines.has(String(pair.key.value))) keyLines.set(String(pair.key.value), at(pair.key.range?.[0]).line);
  }
  try {
    const data = doc.toJS({ maxAliasCount: MAX_FRONTMATTER_ALIASES }) as Record<string, unknown>;
    return { data, keyLines, diagnostics };
  } catch (error) {
    const bomb = error instanceof ReferenceError;
    diagnostics.push({
      kind: bomb ? 'alias_limit' : 'yaml_error',
      severity: 'error',
      message: bomb
        ? `YAML aliases expand past the limit of ${MAX_FRONTMATTER_ALIASES} (an alias bomb?); the frontmatter was not expanded`
        : `YAML could not be read: ${messageOf(error)}`,
      ...at(bomb ? firstAliasOffset(doc) : 0),
    });
    return { keyLines, diagnostics };
  }
}

/**
 * Offset where nesting first exceeds the limit, or undefined. An over-estimate on purpose
 * (brackets inside quoted text count, indentation levels add up with brackets): real
 * frontmatter is a few levels deep, so only pathological input comes near the limit.
 */
function findExcessiveNesting(block: string): number | undefined {
  let flow = 0;
  const indents: number[] = [];
  let lineStart = true;
  for (let i = 0; i < block.length; i++) {
    const c = block.charCodeAt(i);
    if (lineStart) {
      lineStart = false;
      let j = i;
      while (block.charCodeAt(j) === 32) j++;
      const blank = j >= block.length || block.charCodeAt(j) === 10 || block.charCodeAt(j) === 35;
      if (!blank) {
        const indent = j - i;
        while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
        // Compact nesting on one line: `- - - x`, `? ? x`.
        let compact = 0;
        while ((block.charCodeAt(j) === 45 || block.charCodeAt(j) === 63) && block.charCodeAt(j + 1) === 32) {
          compact++;
          j += 2;
          while (block.charCodeAt(j) === 32) j++;
        }
        if (flow + indents.length + compact > MAX_FRONTMATTER_DEPTH) return i;
      }
    }
    if (c === 10) lineStart = true;
    else if (c === 91 || c === 123) flow++;
    else if ((c === 93 || c === 125) && flow > 0) flow--;
    if (flow + indents.length > MAX_FRONTMATTER_DEPTH) return i;
  }
  return undefined;
}

function firstAliasOffset(doc: Document): number {
  let offset = 0;
  try {
    visit(doc, {
      Alias(_key, node) {
        offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
  } catch {
    // Position only: the diagnostic is still reported at the block start.
  }
  return offset;
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface CursorLine {
  /** 1-based line number, counting LF, CRLF and lone CR like LineIndex. */
  number: number;
  offset: number;
  content: string;
  /** Offset of the next line's start. */
  nextOffset: number;
}

/** Walks a text line by line without splitting it all up front (a SKILL.md may be large). */
class LineCursor {
  private offset = 0;
  private number = 0;

  constructor(private readonly text: string) {}

  next(): CursorLine | undefined {
    const { text } = this;
    if (this.offset > text.length || (this.offset === text.length && this.number > 0)) return undefined;
    const start = this.offset;
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    let next = end;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) === 10 && next < text.length) next++;
    if (end === text.length) next = text.length + 1;
    this.offset = next;
    this.number++;
    return { number: this.number, offset: start, content: text.slice(start, end), nextOffset: Math.min(next, text.length) };
  }
}
