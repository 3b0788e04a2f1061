import { readJson } from '../../json/read-json.js';
import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import type { ScanDiagnostic } from '../scan-types.js';

export interface BaselineEntry {
  fingerprint: string;
  rule?: string;
  file?: string;
  reason: string;
}

export interface ScanBaseline {
  /** Where it was read from, for messages. */
  path: string;
  entries: ReadonlyMap<string, BaselineEntry>;
  diagnostics: ScanDiagnostic[];
}

function invalid(message: string, line?: number, column?: number): ScanDiagnostic {
  return {
    ruleId: 'scan/baseline_invalid',
    severity: 'warning',
    message: `The scan baseline is not usable: ${message}. No finding is suppressed by it.`,
    help: 'The baseline is JSON: { "version": 1, "suppressions": [{ "fingerprint", "rule", "file", "reason" }] }.',
    line,
    column,
  };
}

/**
 * The baseline file (`scan.baseline`), from the base tree when there is one: a change
 * cannot add its own findings to the baseline. Entries without a reason do not count.
 */
export async function readScanBaseline(tree: RepoSnapshot, path: string): Promise<ScanBaseline | undefined> {
  const entry = tree.entry(path);
  if (!entry || (entry.mode !== 'file' && entry.mode !== 'executable')) return undefined;
  const bytes = await tree.readBytes(path);
  if (!bytes) return undefined;
  const parsed = readJson(decodeText(bytes).text);
  if (!parsed.ok) return { path, entries: new Map(), diagnostics: [invalid(parsed.error.message, parsed.error.line, parsed.error.column)] };
  const doc = parsed.doc;
  const value = doc.value as { version?: unknown; suppressions?: unknown } | null;
  if (!value || typeof value !== 'object' || Array.isArray(value) || value.version !== 1 || !Array.isArray(value.suppressions)) {
    return { path, entries: new Map(), diagnostics: [invalid('expected an object with "version": 1 and a "suppressions" array', 1, 1)] };
  }
  const entries = new Map<string, BaselineEntry>();
  const diagnostics: ScanDiagnostic[] = [];
  value.suppressions.forEach((raw: unknown, i: number) => {
    const at = doc.positionOf(['suppressions', i]);
    const item = raw as Partial<Record<keyof BaselineEntry, unknown>> | null;
    if (!item || typeof item !== 'object' || typeof item.fingerprint !== 'string' || !item.fingerprint) {
      diagnostics.push(invalid(`suppressions[${i}] has no "fingerprint"`, at.line, at.column));
      return;
    }
    const reason = typeof item.reason === 'string' ? item.reason.trim() : '';
    if (!reason) {
      diagnostics.push({
        ruleId: 'scan/suppression_without_reason',
        severity: 'warning',
        line: at.line,
        column: at.column,
        message: `Baseline entry ${item.fingerprint} gives no reason, so it does not suppress anything.`,
        help: 'Add a "reason" saying why the finding is acceptable.',
      });
      return;
    }
    entries.set(item.fingerprint, {
      fingerprint: item.fingerprint,
      reason,
      ...(typeof item.rule === 'string' ? { rule: item.rule } : {}),
      ...(typeof item.file === 'string' ? { file: item.file } : {}),
    });
  });
  return { path, entries, diagnostics };
}
