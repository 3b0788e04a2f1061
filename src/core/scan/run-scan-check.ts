import type { ResolvedConfig } from '../config/resolve-config.js';
import type { CheckRunner } from '../check.js';
import type { CheckContext, CheckOutput } from '../check-context.js';
import type { Finding } from '../finding.js';
import { readAhead } from '../read-ahead.js';
import type { RepoSnapshot } from '../snapshot.js';
import { compileRules } from './engine/compile-rules.js';
import { combineSkillEvidence, skillRootsOf } from './evidence/combine-skill-evidence.js';
import type { TextScanOptions } from './scan-text.js';
import { ParseBudget } from './segment/parse-budget.js';
import { scanFile, type FileScanResult } from './scan-file.js';
import { applyRepoSuppressions, globMatcher } from './suppress/apply-config-ignores.js';
import { readScanBaseline } from './suppress/read-scan-baseline.js';
import { symlinkDiagnostic } from './symlink-diagnostic.js';
import { diagnosticToFinding } from './to-scan-findings.js';
import { pushAll } from '../push-all.js';

/**
 * The skill safety scanner over every file under `scan.paths`, a bounded window of files at a
 * time (a large repository is never held in memory). Suppressions come from the base tree.
 */
export async function scanRepository(snapshot: RepoSnapshot, config: ResolvedConfig, context: CheckContext, options: TextScanOptions = {}): Promise<CheckOutput> {
  const scan = config.scan;
  const rules = compileRules(scan.rules);
  const inScope = globMatcher(scan.paths);
  const findings: Finding[] = [];
  const notes: string[] = [];
  let files = 0;
  let bytes = 0;
  let inScopeEntries = 0;
  let suppressed = 0;
  let inlineWithoutBase = false;
  const toRead: string[] = [];
  let toReadBytes = 0;
  for (const entry of snapshot.entries()) {
    if (!inScope(entry.path)) continue;
    inScopeEntries++;
    if (entry.mode === 'symlink') {
      findings.push(diagnosticToFinding(entry.path, symlinkDiagnostic(entry.path, await snapshot.readLink(entry.path))));
      continue;
    }
    if (entry.mode === 'submodule') continue;
    if (entry.size > scan.maxFileBytes) {
      findings.push(
        diagnosticToFinding(entry.path, {
          ruleId: 'scan/file_too_large',
          severity: 'notice',
          message: `Not scanned: ${entry.size} bytes is over scan.maxFileBytes (${scan.maxFileBytes}).`,
          help: 'Keep skill files small, or raise scan.maxFileBytes.',
        }),
      );
      continue;
    }
    toRead.push(entry.path);
    toReadBytes += entry.size;
  }
  const fileOptions: TextScanOptions = { ...options, parseBudget: options.parseBudget ?? ParseBudget.forBytes(toReadBytes) };
  for await (const [path, content] of readAhead(snapshot, toRead)) {
    if (!content) continue;
    files++;
    bytes += content.length;
    const result = await scanFile(path, content, { rules, failOn: scan.failOn, base: context.base, options: fileOptions }).catch((error: unknown) => internalErrorFor(path, error));
    pushAll(findings, result.findings);
    suppressed += result.suppressed;
    if (result.hasInlineSuppressions && !context.base) inlineWithoutBase = true;
  }
  if (inScopeEntries === 0 && !scan.allowEmpty) {
    findings.push(
      diagnosticToFinding(undefined, {
        ruleId: 'scan/no_files',
        severity: 'error',
        message: `No file to scan: nothing in ${snapshot.label} matches scan.paths (${scan.paths.join(', ')}). A moved skills directory must not pass unscanned.`,
        help: 'Point scan.paths at where the skills live, or set scan.allowEmpty: true if the repository has none.',
      }),
    );
  }
  const baseline = await readScanBaseline(context.base ?? snapshot, scan.baseline);
  const repo = applyRepoSuppressions(combineSkillEvidence(findings, skillRootsOf(toRead), rules, scan.failOn), scan.ignore, baseline);
  const configFile = /^built-in|preset/.test(config.origin) ? undefined : config.origin;
  const out = [...repo.kept, ...repo.diagnostics.map((d) => diagnosticToFinding(configFile, d)), ...(baseline?.diagnostics ?? []).map((d) => diagnosticToFinding(baseline!.path, d))];
  if (inlineWithoutBase) notes.push('scan: inline plangate-ignore comments were honoured because there is no base branch to check them against (a pull request only honours the ones its base already has)');
  return { findings: out, suppressed: suppressed + repo.suppressed, scanned: { files, bytes }, details: notes.length ? { notes } : undefined };
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
