import { parseFrontmatter, type ParsedFrontmatter } from '../frontmatter/parse-frontmatter.js';
import { LineIndex } from '../text.js';
import type { FileType } from './classify-path.js';
import { findEscapedTags, findHiddenUnicode, hasHiddenUnicodeCandidate } from './decode/find-hidden-unicode.js';
import { hasBlobCandidate } from './decode/find-encoded-blobs.js';
import { scanDecodedPayloads } from './decode/scan-decoded-payloads.js';
import { candidatePatterns, type CompiledPattern, type CompiledRules } from './engine/compile-rules.js';
import { matchBlock, matchUnit, type MatchTarget } from './engine/match-units.js';
import { scanRuleById } from './rules/all-rules.js';
import type { RuleHit, ScanDiagnostic, Segment, SegmentKind } from './scan-types.js';
import { buildUnits, joinedView, proseView, unitOffset } from './segment/build-units.js';
import { segmentConfigLines, segmentScript } from './segment/segment-data-file.js';
import { segmentLines } from './segment/segment-lines.js';
import { segmentMarkdown } from './segment/segment-markdown.js';

export interface TextScanOptions {
  /** Segment and match every file, skipping the raw-text prefilter (tests prove both paths agree). */
  alwaysSegment?: boolean;
}

export interface TextScanResult {
  hits: RuleHit[];
  diagnostics: ScanDiagnostic[];
  lines: LineIndex;
  /** Whether the file was segmented (false: the prefilter showed no pattern can match). */
  segmented: boolean;
}

const RAW_KINDS: ReadonlySet<SegmentKind> = new Set(['code', 'value', 'frontmatter']);
const FLAT_KINDS: ReadonlySet<SegmentKind> = new Set(['prose', 'html', 'html-comment', 'inline-code']);

/** Lazily built views of one file's text. */
class Views {
  private prose?: string;
  private joined?: string;
  lines?: LineIndex;
  constructor(readonly text: string) {}
  proseText = (): string => (this.prose ??= proseView(this.text));
  joinedText = (): string => (this.joined ??= joinedView(this.text));
  lineIndex = (): LineIndex => (this.lines ??= new LineIndex(this.text));
}

/** Segment kinds that can occur in a file of this type (cheap checks on the raw text). */
function possibleKinds(type: FileType, text: string, frontmatter: ParsedFrontmatter | undefined): Set<SegmentKind> {
  if (type === 'script') return new Set(['code']);
  if (type === 'json' || type === 'config') return new Set(['value']);
  const kinds = new Set<SegmentKind>(['prose', 'code']);
  if (text.includes('<!--')) kinds.add('html-comment');
  if (type === 'markdown') {
    if (text.includes('<')) kinds.add('html');
    if (text.includes('`')) kinds.add('inline-code');
    if (frontmatter?.present) kinds.add('frontmatter');
  }
  return kinds;
}

/**
 * Whether any candidate pattern can match anywhere. Every unit is a substring of the raw,
 * joined or prose view, and patterns are written not to depend on where a line ends, so a
 * pattern that matches no view matches no unit.
 */
function anyPatternCanMatch(patterns: readonly CompiledPattern[], views: Views, possible: ReadonlySet<SegmentKind>): boolean {
  const continued = /\\\r?\n|\\\r/.test(views.text);
  // Without blockquote markers the prose view differs from the raw text only where a line
  // break became a space, which no pattern can tell apart (no literal spaces, dots or anchors).
  const quoted = /(?:^|[\r\n])[ \t]{0,3}>/.test(views.text);
  for (const p of patterns) {
    const kinds = [...p.kinds].filter((k) => possible.has(k));
    const raw = kinds.some((k) => RAW_KINDS.has(k));
    const flat = kinds.some((k) => FLAT_KINDS.has(k));
    if ((raw || flat) && p.re.test(views.text)) return true;
    if (raw && continued && p.re.test(views.joinedText())) return true;
    if (flat && quoted && p.re.test(views.proseText())) return true;
  }
  return false;
}

function segmentFile(path: string, type: FileType, views: Views, frontmatter: ParsedFrontmatter | undefined, diagnostics: ScanDiagnostic[]): Segment[] {
  switch (type) {
    case 'markdown': {
      const result = segmentMarkdown(views.text, frontmatter!, views.lineIndex());
      if (result.fallback) {
        diagnostics.push({
          ruleId: 'scan/markdown_fallback',
          severity: 'notice',
          line: result.fallback.line,
          message: `Part of this file was read line by line instead of parsed as Markdown: ${result.fallback.reason}. Every line was still checked as prose and as code.`,
        });
      }
      return result.segments;
    }
    case 'text':
      return segmentLines(views.text);
    case 'script':
      return segmentScript(views.text, path);
    case 'json':
    case 'config':
      return segmentConfigLines(views.text);
    default:
      return [];
  }
}

function frontmatterHits(path: string, frontmatter: ParsedFrontmatter, rules: CompiledRules, views: Views): RuleHit[] {
  const hits: RuleHit[] = [];
  const lines = views.lineIndex();
  const lineText = (line: number) => views.text.slice(lines.lineStart(line), line < lines.lineCount ? lines.lineStart(line + 1) : views.text.length).replace(/\r?\n$|\r$/, '');
  for (const rule of rules.frontmatterRules) {
    for (const hit of rule.frontmatter!({ path, frontmatter, lineText })) {
      const start = lines.lineStart(hit.line);
      hits.push({ ruleId: rule.id, level: hit.level ?? rule.level, start, end: start + lineText(hit.line).length, matched: hit.matched, line: hit.line, ...(hit.why ? { why: hit.why } : {}) });
    }
  }
  return hits;
}

/** One decoded text file → rule hits (before levels are overridden and findings made) and diagnostics. */
export function scanText(path: string, text: string, type: FileType, rules: CompiledRules, options: TextScanOptions = {}): TextScanResult {
  const views = new Views(text);
  const hits: RuleHit[] = [];
  const diagnostics: ScanDiagnostic[] = [];
  if (rules.enabled('S008')) {
    const found = [...(hasHiddenUnicodeCandidate(text) ? findHiddenUnicode(text).map((h) => ({ ...h, level: 'HIGH' as const })) : []), ...findEscapedTags(text).map((h) => ({ ...h, level: h.run > 1 ? ('HIGH' as const) : ('MEDIUM' as const) }))];
    for (const h of found) {
      const line = views.lineIndex().position(h.start).line;
      hits.push({ ruleId: 'S008', level: h.level, start: h.start, end: h.end, matched: text.slice(Math.max(0, h.start - 30), Math.min(text.length, h.end + 30)), detail: h.detail, line });
    }
  }
  const frontmatter = type === 'markdown' ? parseFrontmatter(text) : undefined;
  if (frontmatter) hits.push(...frontmatterHits(path, frontmatter, rules, views));

  const found = new Uint8Array(rules.automaton.keywords.length);
  rules.automaton.scan(text, found);
  const patterns = candidatePatterns(rules, found);
  const decodeBlobs = rules.enabled('S006') && hasBlobCandidate(text);
  const hasHooks = frontmatter?.keyLines.has('hooks') ?? false;
  if (!options.alwaysSegment && !decodeBlobs && !hasHooks && !anyPatternCanMatch(patterns, views, possibleKinds(type, text, frontmatter))) {
    return { hits, diagnostics, lines: views.lineIndex(), segmented: false };
  }

  const segments = segmentFile(path, type, views, frontmatter, diagnostics);
  const { units, blocks } = buildUnits(text, segments, views.proseText);
  const target: MatchTarget = {
    path,
    lines: views.lineIndex(),
    proseText: views.proseText,
    blockText: (block) => (RAW_KINDS.has(block.kind) ? text : views.proseText()).slice(block.start, block.end),
  };
  for (const unit of units) matchUnit(unit, patterns, target, hits);
  for (const block of blocks) matchBlock(block, patterns, target, hits);
  if (decodeBlobs) {
    const s006 = scanRuleById('S006')!;
    for (const unit of units) {
      for (const d of scanDecodedPayloads(unit.text, rules, path)) {
        const start = unitOffset(unit, d.blob.start);
        const fired = d.hits.length ? `; the payload hits ${[...new Set(d.hits.map((h) => `${h.ruleId} ${scanRuleById(h.ruleId)?.name ?? ''}`.trim()))].join(', ')}` : '';
        hits.push({
          ruleId: 'S006',
          level: d.level,
          start,
          end: unitOffset(unit, d.blob.end - 1) + 1,
          matched: unit.text.slice(d.blob.start, d.blob.end),
          detail: `${d.blob.encoding} decodes to "${d.payload}"${fired}`,
          why: d.hits.length ? `${s006.why} The decoded text is itself flagged.` : s006.why,
          line: target.lines.position(start).line,
        });
      }
    }
  }
  return { hits, diagnostics, lines: target.lines, segmented: true };
}
