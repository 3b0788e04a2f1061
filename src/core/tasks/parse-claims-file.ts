import { claimEntryProblem, claimEntrySchema, isoTime } from './claim-entry-schema.js';
import { readJsonObject } from './read-json-object.js';
import { claimsFileSchema, failedFields } from './task-file-schemas.js';
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
  const failed = failedFields(claimsFileSchema, record);
  if (failed.has('version')) {
    const got = record.version === undefined ? 'has no version' : `has version ${JSON.stringify(record.version)}`;
    diagnostics.push({
      code: 'unsupported_version',
      severity: 'warning',
      message: `Claims file ${got}, not 1; its claims were read as version 1.`,
      position: doc.positionOf(['version']),
      key: 'version',
    });
  }
  const locator = new EntryLocator(doc, 'claims');
  if (failed.has('claims')) {
    diagnostics.push({
      code: 'claim_entry_invalid',
      severity: 'warning',
      message: 'Claims file must contain a claims array; no claim was read.',
      position: doc.positionOf(['claims']),
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
  const result = claimEntrySchema.safeParse(candidate, { reportInput: true });
  if (!result.success) return claimEntryProblem(result.error.issues);
  const { agentId, taskId, claimedAt, provenanceId, status } = result.data;
  return { agentId, taskId, claimedAt, claimedAtMs: isoTime(claimedAt), provenanceId, status, index };
}
