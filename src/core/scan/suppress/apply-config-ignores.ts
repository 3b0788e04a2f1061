import { applyConfigIgnores, type ConfigIgnore } from '../../apply-config-ignores.js';
import type { Finding } from '../../finding.js';
import type { ScanDiagnostic } from '../scan-types.js';
import { isSuppressible } from './apply-inline-suppressions.js';

export type ScanIgnore = ConfigIgnore;

export interface RepoSuppressionResult {
  kept: Finding[];
  suppressed: number;
  diagnostics: ScanDiagnostic[];
}

/**
 * `scan.ignore` entries, read with the config from the base branch: one without a reason is
 * reported and does not apply, one that matched nothing is a notice. (The baseline covers every
 * check's findings and is applied by runChecks.)
 */
export function applyRepoSuppressions(findings: readonly Finding[], ignores: readonly ScanIgnore[]): RepoSuppressionResult {
  return applyConfigIgnores(findings, ignores, { key: 'scan.ignore', prefix: 'scan', suppressible: isSuppressible });
}
