import type { Severity } from '../finding.js';
import type { SourcePosition } from '../json/read-json.js';

/** Every code of docs/rules/tasks.md (rule ids are `tasks/<code>`). */
export const TASK_CODES = [
  'file_unreadable',
  'task_file_json_invalid',
  'task_file_not_object',
  'task_array_missing',
  'unsupported_version',
  'unknown_task_field',
  'auto_corrected_task_field',
  'task_entry_invalid',
  'task_id_empty',
  'duplicate_task_id',
  'self_parent_reference',
  'orphaned_parent_reference',
  'parent_cycle',
  'completed_parent_with_incomplete_descendants',
  'auto_corrected_parent_reference',
  'self_dependency_reference',
  'invalid_dependency_reference',
  'completed_task_with_incomplete_dependencies',
  'dependency_cycle',
  'lock_file_committed',
  'next_task',
  'claim_entry_invalid',
  'task_claim_contested',
  'task_claim_stale',
  'claim_unknown_task',
  'claim_on_done_task',
  'prd_invalid',
  'prd_no_stories',
  'prd_stories_key',
  'prd_duplicate_story_id',
  'prd_generic_criterion',
  'prd_story_without_criteria',
] as const;

export type TaskCode = (typeof TASK_CODES)[number];

/** What a parser found, before it becomes a Finding of a file. */
export interface TaskDiagnostic {
  code: TaskCode;
  severity: Severity;
  message: string;
  position?: SourcePosition;
  /** Identifies the diagnostic within its file; never holds a line number (messages do). */
  key: string;
}

/** Drops repeats (same code, key, place and message), keeping the first. */
export function uniqueDiagnostics(diagnostics: readonly TaskDiagnostic[]): TaskDiagnostic[] {
  const seen = new Set<string>();
  const out: TaskDiagnostic[] = [];
  for (const d of diagnostics) {
    const id = `${d.code}\0${d.key}\0${d.position?.line ?? ''}:${d.position?.column ?? ''}\0${d.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(d);
  }
  return out;
}
