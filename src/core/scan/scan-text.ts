import { parseFrontmatter, type ParsedFrontmatter } from '../frontmatter/parse-frontmatter.js';
import type { FileType } from './classify-path.js';
import { scanDecodedPayloads } from './decode/scan-decoded-payloads.js';
import { HitBudget } from './engine/cap-hits.js';
import type { EntryBudget } from './surfaces/entry-budget.js';
import { scanSurface } from './surfaces/scan-surface.js';
import { anyFileCandidate, scanAnchors, type CompiledRules } from './engine/compile-rules.js';
import { blockPatternsAt, findHotWindows, linePatternsAt, overlapsHot, RAW_KINDS } from './engine/find-hot-windows.js';
import { decodableRunStarts, escapedPayloadStarts, hasEscapedPayloadShape } from './decode/find-encoded-blobs.js';
import { lazyLines, type Lines } from './lazy-lines.js';
import { matchBlock, matchUnit, type MatchTarget } from './engine/match-units.js';
import type { FileEvidenceContext } from './evidence/combine-evidence.js';
import { scanRuleById } from './rules/all-rules.js';
import type { RuleHit, ScanBlock, ScanDiagnostic, Segment, SegmentKind } from './scan-types.js';
import { buildUnits, proseView, unitOffset, type UnitFilter } from './segment/build-units.js';
import type { ParseBudget } from './segment/parse-budget.js';
import { textLayout, type TextLayout } from './segment/text-layout.js';
import { segmentConfigLines, segmentScript } from './segment/segment-data-file.js';
import { segmentLines } from './segment/segment-lines.js';
import { markdownBodyStart, segmentMarkdown } from './segment/segment-markdown.js';
import { pushAll } from '../push-all.js';

export interface TextScanOptions {
  /** Segment and match every file, skipping the raw-text prefilter (tests prove both paths agree). */
  alwaysSegment?: boolean;
  /** Shared by the files of one scan: Markdown parsing past it is read line by line. */
  parseBudget?: ParseBudget;
  /** Shared by the files of one scan: config entries past it are scanned as text only. */
  entryBudget?: EntryBudget;
}

export interface TextScanResult {
  hits: RuleHit[];
  diagnostics: ScanDiagnostic[];
  lines: Lines;
  /** Whether the file was segmented (false: the prefilter showed no pattern can match). */
  segmented: boolean;
  /** The blocks the hits came from: the units evidence is combined in (evidence/judge-text.ts). */
  blocks: ScanBlock[];
  /** What the file says about its skill. */
  evidence: FileEvidenceContext;
}

/** Lazily built views of one file's text. */
class Views {
  private prose?: string;
  readonly lines: Lines;
  constructor(readonly text: string) {
    this.lines = lazyLines(text);
  }
  proseText = (): string => (this.prose ??= proseView(this.text));
  lineIndex = (): Lines => this.lines;
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

function segmentFile(
  path: string,
  type: FileType,
  views: Views,
  frontmatter: ParsedFrontmatter | undefined,
  diagnostics: ScanDiagnostic[],
  wanted: UnitFilter | undefined,
  layout: TextLayout,
  budget: ParseBudget | undefined,
): Segment[] {
  switch (type) {
    case 'markdown': {
      const result = segmentMarkdown(views.text, frontmatter!, views.lineIndex(), wanted, layout, budget);
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
  const lineText = (line: number) =>
    views.text
      .slice(lines.lineStart(line), line < lines.lineCount ? lines.lineStart(line + 1) : views.text.length)
      .replace(/\r?\n$|\r$/, '');
  for (const rule of rules.frontmatterRules) {
    for (const hit of rule.frontmatter!({ path, frontmatter, lineText })) {
      const start = lines.lineStart(hit.line);
      hits.push({
        ruleId: rule.id,
        level: hit.level ?? rule.level,
        start,
        end: start + lineText(hit.line).length,
        matched: hit.matched,
        line: hit.line,
        ...(hit.why ? { why: hit.why } : {}),
      });
    }
  }
  return hits;
}

/** One decoded text file → rule hits (before evidence decides their levels, evidence/judge-text.ts) and diagnostics. */
export function scanText(path: string, text: string, type: FileType, rules: CompiledRules, options: TextScanOptions = {}): TextScanResult {
  const views = new Views(text);
  const hits: RuleHit[] = [];
  const diagnostics: ScanDiagnostic[] = [];
  const frontmatter = type === 'markdown' ? parseFrontmatter(text) : undefined;
  if (frontmatter) pushAll(hits, frontmatterHits(path, frontmatter, rules, views));

  const decodeBlobs = rules.enabled('S006');
  const hasHooks = frontmatter?.keyLines.has('hooks') ?? false;
  const evidence = evidenceContext(path, frontmatter);
  const budget = new HitBudget();
  // MCP servers, hooks and settings commands: read from the parsed config, whatever the windows say.
  const surface =
    type === 'json' || type === 'config' ? scanSurface(path, text, type, rules, views.lineIndex(), budget, options.entryBudget) : undefined;
  if (surface) {
    pushAll(hits, surface.hits);
    pushAll(diagnostics, surface.diagnostics);
  }
  // One scan for anchor literals (and encoded payloads): a file where no pattern can match is done here, unparsed and uncut.
  const anchors = scanAnchors(rules, text);
  const payloads = {
    runs: decodeBlobs ? decodableRunStarts(text, anchors.hits.runs) : [],
    escapes: decodeBlobs && hasEscapedPayloadShape(text) ? escapedPayloadStarts(text) : [],
  };
  const mayDecode = decodeBlobs && (anchors.continuations.length > 0 || payloads.runs.length > 0 || payloads.escapes.length > 0);
  if (!options.alwaysSegment && !anyFileCandidate(rules, anchors) && !mayDecode && !hasHooks) {
    return { hits, diagnostics, lines: views.lineIndex(), segmented: false, blocks: surface?.blocks ?? [], evidence };
  }
  const layout = textLayout(text, type, frontmatter ? markdownBodyStart(frontmatter) : 0);
  const hot = findHotWindows({
    path,
    text,
    ...layout,
    rules,
    anchors,
    possible: possibleKinds(type, text, frontmatter),
    decodeBlobs,
    payloads,
  });
  if (!options.alwaysSegment && !hot.any && !hasHooks) {
    return { hits, diagnostics, lines: views.lineIndex(), segmented: false, blocks: surface?.blocks ?? [], evidence };
  }
  // Only hot windows are parsed and matched (and the frontmatter when it has hooks to read as code).
  const bodyStart = hasHooks ? frontmatter!.bodyOffset : 0;
  const wanted: UnitFilter | undefined = options.alwaysSegment
    ? undefined
    : (start, end) => start < bodyStart || overlapsHot(hot, start, end);
  const segments = segmentFile(path, type, views, frontmatter, diagnostics, wanted, layout, options.parseBudget);
  const { units, blocks } = buildUnits(text, segments, views.proseText, wanted);
  const target: MatchTarget = {
    path,
    lines: views.lineIndex(),
    proseText: views.proseText,
    blockText: (block) => (RAW_KINDS.has(block.kind) ? text : views.proseText()).slice(block.start, block.end),
    budget,
  };
  // A unit runs only the patterns that matched its window (the prefilter already ran them there).
  // With alwaysSegment every pattern runs on every unit: the oracle the anchor prefilter is tested against.
  for (const unit of units) matchUnit(unit, options.alwaysSegment ? rules.patterns : linePatternsAt(hot, unit.pieces[0]![1]), target, hits);
  for (const block of blocks) matchBlock(block, options.alwaysSegment ? rules.patterns : blockPatternsAt(hot, block.start), target, hits);
  if (decodeBlobs) {
    const s006 = scanRuleById('S006')!;
    for (const unit of units) {
      if (target.budget!.spent('S006')) break;
      for (const d of scanDecodedPayloads(unit.text, rules, path, target.budget!.left('S006'))) {
        target.budget!.take('S006');
        const start = unitOffset(unit, d.blob.start);
        const fired = d.hits.length
          ? `; the payload hits ${[...new Set(d.hits.map((h) => `${h.ruleId} ${scanRuleById(h.ruleId)?.name ?? ''}`.trim()))].join(', ')}`
          : '';
        hits.push({
          ruleId: 'S006',
          level: d.level,
          start,
          end: unitOffset(unit, d.blob.end - 1) + 1,
          matched: unit.text.slice(d.blob.start, d.blob.end),
          detail: `${d.blob.encoding} decodes to "${d.payload}"${fired}`,
          why: d.hits.length ? `${s006.why} The decoded text is itself flagged.` : s006.why,
          line: target.lines.position(start).line,
          pattern: 'decoded-payload',
          signals: d.signals,
        });
      }
    }
  }
  // A config's entries are its units: the file-wide value block would merge them into one.
  const entryBlocks = surface?.blocks.length
    ? [...blocks.filter((b) => b.kind !== 'value'), ...surface.blocks.map((b, i) => ({ ...b, id: blocks.length + i }))]
    : blocks;
  return { hits, diagnostics, lines: target.lines, segmented: true, blocks: entryBlocks, evidence };
}

/** What a file's frontmatter says about its skill, for judging evidence (whose installer a download is). */
function evidenceContext(path: string, frontmatter: ParsedFrontmatter | undefined): FileEvidenceContext {
  const data = frontmatter?.data;
  const text = (key: string) => (data && typeof data[key] === 'string' ? (data[key] as string) : undefined);
  return { path, name: text('name'), description: text('description') };
}
