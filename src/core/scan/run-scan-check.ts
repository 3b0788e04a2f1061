import type { ResolvedConfig } from '../config/resolve-config.js';
import type { CheckContext, CheckOutput, CheckRunner } from '../check-context.js';
import type { Finding } from '../finding.js';
import { readAhead } from '../read-ahead.js';
import type { RepoSnapshot } from '../snapshot.js';
import { compileRules } from './engine/compile-rules.js';
import { combineSkillEvidence, skillRootsOf } from './evidence/combine-skill-evidence.js';
import type { TextScanOptions } from './scan-text.js';
import { ParseBudget } from './segment/parse-budget.js';
import { isLfsPointer, notInRepositoryDiagnostic } from './not-in-repository.js';
import { scanFile, type FileScanResult } from './scan-file.js';
import { applyRepoSuppressions } from './suppress/apply-config-ignores.js';
import { EntryBudget } from './surfaces/entry-budget.js';
import { headAndTail } from './surfaces/head-and-tail.js';
import { planScan } from './surfaces/plan-scan.js';
import { diagnosticToFinding } from './to-scan-findings.js';
import { pushAll } from '../push-all.js';

/**
 * The skill safety scanner over every file under `scan.paths` and every agent-facing file found
 * (skill folders, MCP configs, hooks, instruction files: surfaces/select-scan-files.ts), a bounded
 * window of files at a time (a large repository is never held in memory). Suppressions come from
 * the base tree; the baseline is applied to every check's findings by runChecks.
 */
export async function scanRepository(
  snapshot: RepoSnapshot,
  config: ResolvedConfig,
  context: CheckContext,
  options: TextScanOptions = {},
): Promise<CheckOutput> {
  const scan = config.scan;
  const rules = compileRules(scan.rules);
  const findings: Finding[] = [];
  const notes: string[] = [];
  let files = 0;
  let bytes = 0;
  let suppressed = 0;
  let inlineWithoutBase = false;
  const plan = await planScan(snapshot, scan, config.discovery?.ignore);
  for (const [path, diagnostic] of plan.diagnostics) findings.push(diagnosticToFinding(path, diagnostic));
  const toRead = plan.files.map((f) => f.path);
  const readBytes = plan.files.reduce((sum, f) => sum + Math.min(f.size, scan.maxFileBytes), 0);
  const fileOptions: TextScanOptions = {
    ...options,
    parseBudget: options.parseBudget ?? ParseBudget.forBytes(readBytes),
    entryBudget: options.entryBudget ?? EntryBudget.forBytes(readBytes),
  };
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
      findings.push(diagnosticToFinding(path, notInRepositoryDiagnostic(path, 'lfs')));
      continue;
    }
    files++;
    bytes += content.length;
    const scanOne = (part: Uint8Array) =>
      scanFile(path, part, { rules, failOn: scan.failOn, base: context.base, options: fileOptions }).catch((error: unknown) =>
        internalErrorFor(path, error),
      );
    const results = oversized ? await scanHeadAndTail(content, scan.maxFileBytes, scanOne) : [await scanOne(content)];
    for (const result of results) {
      pushAll(findings, result.findings);
      suppressed += result.suppressed;
      if (result.hasInlineSuppressions && !context.base) inlineWithoutBase = true;
    }
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
  const repo = applyRepoSuppressions(combineSkillEvidence(findings, skillRootsOf(toRead), rules, scan.failOn), scan.ignore);
  const configFile = /^built-in|preset/.test(config.origin) ? undefined : config.origin;
  const out = [...repo.kept, ...repo.diagnostics.map((d) => diagnosticToFinding(configFile, d))];
  if (inlineWithoutBase)
    notes.push(
      'scan: inline plangate-ignore comments were honoured because there is no base branch to check them against (a pull request only honours the ones its base already has)',
    );
  return {
    findings: out,
    suppressed: suppressed + repo.suppressed,
    scanned: { files, bytes },
    details: notes.length ? { notes } : undefined,
  };
}

/** An oversized file's first and last bytes, scanned as two pieces; the tail's findings keep the file's line numbers. */
async function scanHeadAndTail(
  content: Uint8Array,
  max: number,
  scanOne: (part: Uint8Array) => Promise<FileScanResult>,
): Promise<FileScanResult[]> {
  const { head, tail, tailLine } = headAndTail(content, max);
  const [first, last] = [await scanOne(head), await scanOne(tail)];
  const shift = (f: Finding): Finding =>
    f.line === undefined
      ? f
      : { ...f, line: f.line + tailLine - 1, ...(f.endLine === undefined ? {} : { endLine: f.endLine + tailLine - 1 }) };
  return [first, { ...last, findings: last.findings.map(shift) }];
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

/** One file that could not be scanned fails the check by name; the other files are still scanned. */
function internalErrorFor(path: string, error: unknown): FileScanResult {
  const reason = error instanceof Error ? error.message : String(error);
  const finding = diagnosticToFinding(path, {
    ruleId: 'scan/internal_error',
    severity: 'error',
    message: `Scanning this file stopped on an internal error: ${reason}. This is a plangate bug; please report it with this file.`,
  });
  return { findings: [finding], suppressed: 0, hasInlineSuppressions: false };
}

export const runScanCheck: CheckRunner = (snapshot, config, context) => scanRepository(snapshot, config, context);
