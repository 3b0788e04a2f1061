import { readJsonObject } from './read-json-object.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import { EntryLocator } from './task-locator.js';

export type ClaimStatus = 'active' | 'released' | 'stale';

export interface TaskClaim {
  agentId: string;
  taskId: string;
  claimedAt: string;
  /** Milliseconds since the epoch of `claimedAt`. */
  claimedAtMs: number;
  provenanceId: string;
  status: ClaimStatus;
  /** Position in the file's `claims` array. */
  index: number;
}

export interface ParsedClaimsFile {
  claims: TaskClaim[];
  diagnostics: TaskDiagnostic[];
  locator: EntryLocator;
}

/** An ISO 8601 date or date-time, as Ralphdex writes `claimedAt` (`2026-03-15T16:56:39.966Z`). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `.ralph/claims.json` (version 1, append-only `claims[]`) → the claims Ralphdex keeps.
 * An entry without string agentId/taskId/claimedAt/provenanceId (or with a claimedAt
 * that is not an ISO date) is dropped with a warning; a missing or unknown status
 * reads as `active`. Never throws.
 */
export function parseClaimsFile(text: string): ParsedClaimsFile {
  const diagnostics: TaskDiagnostic[] = [];
  const empty = (): ParsedClaimsFile => ({ claims: [], diagnostics, locator: new EntryLocator(undefined, 'claims') });
  if (!text.trim()) return empty();
  const read = readJsonObject(text, 'Claims file');
  if (!read.ok) {
    diagnostics.push(read.diagnostic);
    return empty();
  }
  const { doc, record } = read;
  if (record.version !== 1) {
    const got = record.version === undefined ? 'has no version' : `has version ${JSON.stringify(record.version)}`;
    diagnostics.push({
      code: 'unsupported_version',
      severity: 'warning',
      message: `Claims file ${got}, not 1; its claims were read as version 1.`,
      position: doc.positionOf(record.version === undefined ? [] : ['version']),
      key: 'version',
    });
  }
  const locator = new EntryLocator(doc, 'claims');
  if (!Array.isArray(record.claims)) {
    diagnostics.push({
      code: 'claim_entry_invalid',
      severity: 'warning',
      message: 'Claims file must contain a claims array; no claim was read.',
      position: doc.positionOf(record.claims === undefined ? [] : ['claims']),
      key: 'claims',
    });
    return { claims: [], diagnostics, locator };
  }
  const claims: TaskClaim[] = [];
  const entries = record.claims as unknown[];
  for (let index = 0; index < entries.length; index++) {
    const result = normaliseClaim(entries[index], index);
    if (typeof result !== 'string') {
      claims.push(result);
      continue;
    }
    diagnostics.push({
      code: 'claim_entry_invalid',
      severity: 'warning',
      message: `${locator.entry(index, 'Claim entry')} is invalid and was dropped: ${result}`,
      position: locator.position(index),
      key: `claim:${index}`,
    });
  }
  return { claims, diagnostics, locator };
}

function normaliseClaim(candidate: unknown, index: number): TaskClaim | string {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return 'Claim entries must be objects.';
  const r = candidate as Record<string, unknown>;
  if (
    typeof r.agentId !== 'string' ||
    typeof r.taskId !== 'string' ||
    typeof r.claimedAt !== 'string' ||
    typeof r.provenanceId !== 'string'
  ) {
    return 'Each claim requires string agentId, taskId, claimedAt and provenanceId fields.';
  }
  const claimedAtMs = ISO_DATE_TIME.test(r.claimedAt.trim()) ? Date.parse(r.claimedAt.trim()) : NaN;
  if (Number.isNaN(claimedAtMs)) return `claimedAt ${JSON.stringify(r.claimedAt)} is not an ISO 8601 date-time.`;
  const status: ClaimStatus = r.status === 'released' || r.status === 'stale' ? r.status : 'active';
  return { agentId: r.agentId, taskId: r.taskId, claimedAt: r.claimedAt, claimedAtMs, provenanceId: r.provenanceId, status, index };
}
