import type { ResolvedConfig } from '../config/resolve-config.js';
import type { CheckContext, CheckOutput, CheckRunner } from '../check-context.js';
import type { Finding } from '../finding.js';
import { pushAll } from '../push-all.js';
import { readAhead } from '../read-ahead.js';
import type { RepoSnapshot } from '../snapshot.js';
import { analyseFile, type AnalysisOptions, type FileAnalysis } from './analyse/analyse-file.js';
import { diagnosticToFinding, toFindings } from './findings/to-findings.js';
import { judgeFiles, resolvedReference, skillLookup, skillRootsOf, type ResolvedReference } from './judge/judge-files.js';
import { compileDetectors } from './match/compile-detectors.js';
import { headAndTail } from './read/head-and-tail.js';
import { isLfsPointer, notInRepositoryDiagnostic } from './not-in-repository.js';
import { followReferences } from './references/follow-references.js';
import { readWithSourcedValues } from './references/sourced-files.js';
import type { ScanDiagnostic } from './scan-types.js';
import { applyRepoSuppressions } from './suppress/apply-config-ignores.js';
import { applyInlineSuppressions } from './suppress/apply-inline-suppressions.js';
import { readBaseSuppressions, type BaseSuppressions } from './suppress/read-base-suppressions.js';
import { planScan } from './surfaces/plan-scan.js';

/**
 * The skill safety scanner, one pipeline: plan (surfaces/) → read → analyse each file (classify,
 * normalise, segment, match: analyse/) → follow the local files its commands run (references/) →
 * judge every unit from its capabilities (judge/) → findings with config levels (findings/) →
 * suppressions (suppress/). Each step happens once, here; every limit is per file. The baseline
 * is applied to every check's findings by runChecks.
 */
export async function scanRepository(
  snapshot: RepoSnapshot,
  config: ResolvedConfig,
  context: CheckContext,
  how: { prefilter?: boolean } = {},
): Promise<CheckOutput> {
  const scan = config.scan;
  const detectors = compileDetectors(scan.rules);
  const options: AnalysisOptions = {
    detectors,
    secretNames: new Set(config.ralph?.passEnv ?? []),
    ...(how.prefilter === false ? { prefilter: false } : {}),
  };
  const findings: Finding[] = [];
  const analyses = new Map<string, FileAnalysis>();
  const notInRepository = new Set<string>();
  let files = 0;
  let bytes = 0;
  const plan = await planScan(snapshot, scan, config.discovery?.ignore);
  for (const [path, diagnostic] of plan.diagnostics) findings.push(diagnosticToFinding(path, diagnostic));
  let next = 0;
  // A file is read from its source (what a symlink points at) and reported at its path.
  for await (const [, content] of readAhead(
    snapshot,
    plan.files.map((f) => f.source),
  )) {
    const { path, oversized } = plan.files[next++]!;
    if (!content) {
      findings.push(unreadable(path));
      continue;
    }
    if (isLfsPointer(content)) {
      notInRepository.add(path);
      findings.push(diagnosticToFinding(path, notInRepositoryDiagnostic(path, 'lfs')));
      continue;
    }
    files++;
    bytes += content.length;
    const analysis = analyseSafely(path, content, oversized ? scan.maxFileBytes : undefined, options);
    analyses.set(path, analysis);
  }
  if (plan.selected === 0 && !scan.allowEmpty) {
    findings.push(
      diagnosticToFinding(undefined, {
        ruleId: 'scan/no_files',
        severity: 'error',
        message: `No file to scan: nothing in ${snapshot.label} matches scan.paths (${scan.paths.join(', ')}). A moved skills directory must not pass unscanned.`,
        help: 'Point scan.paths at where the skills live, or set scan.allowEmpty: true if the repository has none.',
      }),
    );
  }

  // The local files commands run: read (when the plan did not select them) and judged with the command.
  const followed = await followReferences(
    snapshot,
    analyses,
    (path, content) => analyseSafely(path, content, undefined, options),
    notInRepository,
  );
  for (const [path, diagnostic] of followed.diagnostics) findings.push(diagnosticToFinding(path, diagnostic));
  await readWithSourcedValues(snapshot, analyses, followed.references, (path, content, values) =>
    analyseSafely(path, content, undefined, { ...options, ...values }),
  );
  files += followed.read.files;
  bytes += followed.read.bytes;

  let suppressed = 0;
  let inlineWithoutBase = false;
  for (const file of judgeFiles(analyses, followed.references)) {
    const analysis = analyses.get(file.path)!;
    const own = [...toFindings(file, detectors, scan.failOn), ...analysis.diagnostics.map((d) => diagnosticToFinding(file.path, d))];
    if (!analysis.comments.length) {
      pushAll(findings, own);
      continue;
    }
    let base: BaseSuppressions | undefined;
    try {
      base = context.base
        ? await readBaseSuppressions(context.base, file.path, (text) =>
            baseFindings(file.path, text, analyses, followed.references, options, scan.failOn),
          )
        : undefined;
    } catch (error) {
      // Without the base the suppressions cannot be checked, so none applies; the file's findings stand.
      pushAll(findings, own);
      findings.push(diagnosticToFinding(file.path, internalError(error)));
      continue;
    }
    const applied = applyInlineSuppressions(own, analysis.comments, base);
    pushAll(findings, applied.kept);
    pushAll(
      findings,
      applied.diagnostics.map((d) => diagnosticToFinding(file.path, d)),
    );
    suppressed += applied.suppressed;
    if (!context.base && applied.suppressed > 0) inlineWithoutBase = true;
  }

  const repo = applyRepoSuppressions(findings, scan.ignore);
  const configFile = /^built-in|preset/.test(config.origin) ? undefined : config.origin;
  const out = [...repo.kept, ...repo.diagnostics.map((d) => diagnosticToFinding(configFile, d))];
  const notes = inlineWithoutBase
    ? [
        'scan: inline plangate-ignore comments were honoured because there is no base branch to check them against (a pull request only honours the ones its base already has)',
      ]
    : [];
  return {
    findings: out,
    suppressed: suppressed + repo.suppressed,
    scanned: { files, bytes },
    details: notes.length ? { notes } : undefined,
  };
}

/**
 * One file's analysis; an oversized file is analysed as its first and last halves of the limit
 * (with the file's line numbers). A file the analysis fails on is an error naming it: unread is never clean.
 */
function analyseSafely(path: string, content: Uint8Array, limit: number | undefined, options: AnalysisOptions): FileAnalysis {
  try {
    if (limit === undefined) return analyseFile(path, content, options);
    const { head, tail, tailLine } = headAndTail(content, limit);
    const first = analyseFile(path, head, options);
    const last = analyseFile(path, tail, options);
    const shift = tailLine - 1;
    const offset = head.length;
    return {
      ...first,
      unitCount: first.unitCount + last.unitCount,
      ...(first.sections && last.sections
        ? { sections: [...first.sections, ...last.sections.map((s) => s + (first.sections!.at(-1) ?? 0) + 1)] }
        : {}),
      evidence: [
        ...first.evidence,
        ...last.evidence.map((e) => ({
          ...e,
          unit: e.unit < 0 ? e.unit : e.unit + first.unitCount,
          start: e.start + offset,
          end: e.end + offset,
          line: e.line + shift,
          endLine: e.endLine + shift,
        })),
      ],
      references: [...first.references, ...last.references.map((r) => ({ ...r, unit: r.unit + first.unitCount, line: r.line + shift }))],
      diagnostics: [...first.diagnostics, ...last.diagnostics.map((d) => (d.line === undefined ? d : { ...d, line: d.line + shift }))],
      comments: [...first.comments, ...last.comments.map((c) => ({ ...c, line: c.line + shift }))],
    };
  } catch (error) {
    return {
      path,
      type: 'other',
      role: 'reference',
      runsDocuments: [],
      unitCount: 0,
      evidence: [],
      references: [],
      comments: [],
      diagnostics: [internalError(error)],
    };
  }
}

/** A file the scan could not finish: an error naming it (unread is never clean). */
function internalError(error: unknown): ScanDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    ruleId: 'scan/internal_error',
    severity: 'error',
    message: `Scanning this file stopped on an internal error: ${reason}. This is a plangate bug; please report it with this file.`,
  };
}

/**
 * The base branch's copy of a file, judged as the head's would be (same skill, same files run, same
 * per-file limits): the findings each of its inline suppressions was written for.
 */
function baseFindings(
  path: string,
  text: string,
  analyses: ReadonlyMap<string, FileAnalysis>,
  references: readonly ResolvedReference[],
  options: AnalysisOptions,
  failOn: ResolvedConfig['scan']['failOn'],
): Finding[] {
  const skillOf = skillLookup(skillRootsOf(analyses.keys()));
  const skill = skillOf(path);
  const targets = new Set(references.filter((r) => r.from === path).map((r) => r.target));
  const subset = new Map<string, FileAnalysis>();
  for (const [p, a] of analyses) if (p !== path && (skillOf(p) === skill || targets.has(p))) subset.set(p, a);
  const base = analyseSafely(path, new TextEncoder().encode(text), undefined, options);
  subset.set(path, base);
  // The base's commands run the files the head's same commands run.
  const targetOf = new Map(references.filter((r) => r.from === path).map((r) => [r.written, r.target]));
  const own = base.references.flatMap((r) => {
    const target = targetOf.get(r.path);
    return target ? [resolvedReference(path, r, target)] : [];
  });
  const file = judgeFiles(subset, [...references.filter((r) => r.from !== path), ...own]).find((f) => f.path === path)!;
  return toFindings(file, options.detectors, failOn);
}

/**
 * A file the listing gave as a file that cannot be read when its turn comes (replaced by a link or
 * a folder since, or its permissions changed) fails the check by name: unread is never clean.
 */
function unreadable(path: string): Finding {
  return diagnosticToFinding(path, {
    ruleId: 'scan/file_unreadable',
    severity: 'error',
    message:
      'This file was listed for scanning but could not be read as a file (it changed since the listing, or is not readable), so it was not scanned.',
  });
}

export const runScanCheck: CheckRunner = (snapshot, config, context) => scanRepository(snapshot, config, context);
