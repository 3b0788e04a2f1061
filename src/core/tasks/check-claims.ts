import type { ParsedClaimsFile, TaskClaim } from './parse-claims-file.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import type { TaskStatus } from './task-model.js';

export interface ClaimsCheckInput {
  /** Status of each task id of the paired task file (first occurrence); undefined when there is none to check against. */
  taskStatus?: ReadonlyMap<string, TaskStatus>;
  /** Every id the paired task file names (including entries that failed to normalise). */
  taskIds?: ReadonlySet<string>;
  /** The paired task file, for messages. */
  tasksFile?: string;
  /** `tasks.claimTtlHours`; 0 = claims never go stale. */
  ttlHours: number;
  /** The evaluated commit's time (or the adapter's `now`); staleness is skipped without it. */
  now?: Date;
}

/**
 * Claim-graph checks of docs/rules/tasks.md: contested, stale, unknown task, done task. The
 * canonical claim of a task is its last `active` entry, as in Ralphdex.
 */
export function checkClaims(parsed: ParsedClaimsFile, input: ClaimsCheckInput): TaskDiagnostic[] {
  const { locator } = parsed;
  const diagnostics: TaskDiagnostic[] = [];
  const activeByTask = new Map<string, TaskClaim[]>();
  const unknown = new Map<string, { first: TaskClaim; count: number }>();
  for (const claim of parsed.claims) {
    if (claim.status === 'active') {
      const list = activeByTask.get(claim.taskId);
      if (list) list.push(claim);
      else activeByTask.set(claim.taskId, [claim]);
    }
    if (input.taskIds && !input.taskIds.has(claim.taskId.trim())) {
      const seen = unknown.get(claim.taskId);
      if (seen) seen.count++;
      else unknown.set(claim.taskId, { first: claim, count: 1 });
    }
  }
  const ttlMs = input.ttlHours * 3_600_000;
  for (const [taskId, active] of activeByTask) {
    const canonical = active[active.length - 1]!;
    const holder = `${canonical.agentId}/${canonical.provenanceId}`;
    if (active.length > 1) {
      diagnostics.push({
        code: 'task_claim_contested',
        severity: 'warning',
        message: `Task ${taskId} has contested active claims: ${active.map((c) => `${c.agentId}/${c.provenanceId}`).join(', ')}.`,
        position: locator.position(canonical.index),
        key: `contested:${taskId}`,
      });
    }
    if (input.now && ttlMs > 0 && input.now.getTime() - canonical.claimedAtMs > ttlMs) {
      diagnostics.push({
        code: 'task_claim_stale',
        severity: 'warning',
        message: `Task ${taskId} is held by ${holder} but the active claim is stale from ${canonical.claimedAt} (older than ${input.ttlHours} h at ${input.now.toISOString()}).`,
        position: locator.position(canonical.index),
        key: `stale:${taskId}:${canonical.provenanceId}`,
      });
    }
    if (input.taskStatus?.get(taskId.trim()) === 'done') {
      diagnostics.push({
        code: 'claim_on_done_task',
        severity: 'notice',
        message: `Task ${taskId} is done but ${holder} still holds an active claim on it at ${locator.location(canonical.index)}; release it.`,
        position: locator.position(canonical.index),
        key: `done:${taskId}:${canonical.provenanceId}`,
      });
    }
  }
  for (const [taskId, { first, count }] of unknown) {
    const more = count > 1 ? ` (${count} claims)` : '';
    diagnostics.push({
      code: 'claim_unknown_task',
      severity: 'warning',
      message: `Claim for task ${taskId} at ${locator.location(first.index)}${more} names a task id that is not in ${input.tasksFile ?? 'the task file'}.`,
      position: locator.position(first.index),
      key: `unknown:${taskId}`,
    });
  }
  return diagnostics;
}
