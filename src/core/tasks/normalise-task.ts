import { isTaskStatus, SUPPORTED_TASK_FIELDS, type RalphTask } from './task-model.js';

/** Field names agents commonly write instead of the right one (compared lower-case, alphanumerics only). */
const LIKELY_FIELD_MISTAKES: ReadonlyMap<string, string> = new Map([
  ['dependencies', 'dependsOn'],
  ['dependency', 'dependsOn'],
  ['dependson', 'dependsOn'],
  ['acceptancecriteria', 'acceptance'],
  ['donecriteria', 'acceptance'],
  ['guardrails', 'constraints'],
  ['files', 'context'],
  ['relevantfiles', 'context'],
  ['type', 'mode'],
  ['taskmode', 'mode'],
  ['tasktype', 'mode'],
]);

export interface FieldCorrection {
  original: string;
  corrected: string;
  /** The right field was already present, so the drifted one was ignored rather than renamed. */
  shadowed: boolean;
}

export interface CorrectedTaskRecord {
  record: Record<string, unknown>;
  corrections: FieldCorrection[];
  unknownFields: string[];
}

/** Renames drifted field names (only when the right one is absent) and lists fields it does not know. */
export function correctTaskFields(input: Record<string, unknown>): CorrectedTaskRecord {
  let record = input;
  const corrections: FieldCorrection[] = [];
  const unknownFields: string[] = [];
  for (const key of Object.keys(input)) {
    if (SUPPORTED_TASK_FIELDS.has(key)) continue;
    const corrected = LIKELY_FIELD_MISTAKES.get(key.replace(/[^a-z0-9]/gi, '').toLowerCase());
    if (!corrected) {
      unknownFields.push(key);
      continue;
    }
    if (record === input) record = { ...input };
    const shadowed = record[corrected] !== undefined;
    if (!shadowed) record[corrected] = record[key];
    delete record[key];
    corrections.push({ original: key, corrected, shadowed });
  }
  return { record, corrections, unknownFields };
}

export type NormalisedEntry = { ok: true; task: RalphTask } | { ok: false; reason: string };

/** Ralphdex's normalisation: required fields checked, strings trimmed, unknown enum values dropped. */
export function normaliseTask(candidate: unknown, index: number): NormalisedEntry {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    return { ok: false, reason: 'Task entries must be objects.' };
  }
  const record = candidate as Record<string, unknown>;
  if (typeof record.id !== 'string' || typeof record.title !== 'string' || !isTaskStatus(record.status)) {
    return { ok: false, reason: 'Each task requires string id/title fields and a valid status.' };
  }
  const title = record.title.trim();
  if (!title) return { ok: false, reason: 'Task titles must be non-empty strings.' };
  const task: RalphTask = { id: record.id.trim(), title, status: record.status, index };
  setIfDefined(task, 'parentId', optionalString(record.parentId));
  setIfDefined(task, 'dependsOn', dependencyList(record.dependsOn));
  setIfDefined(task, 'notes', optionalString(record.notes));
  setIfDefined(task, 'validation', optionalString(record.validation));
  setIfDefined(task, 'blocker', optionalString(record.blocker));
  setIfDefined(task, 'priority', oneOf(record.priority, ['low', 'normal', 'high'] as const));
  setIfDefined(task, 'mode', oneOf(record.mode, ['default', 'documentation'] as const));
  setIfDefined(task, 'tier', oneOf(record.tier, ['simple', 'medium', 'complex'] as const));
  setIfDefined(task, 'acceptance', stringList(record.acceptance));
  setIfDefined(task, 'constraints', stringList(record.constraints));
  setIfDefined(task, 'context', stringList(record.context));
  setIfDefined(task, 'writeRiskLabels', stringList(record.writeRiskLabels));
  setIfDefined(task, 'lastVerifierResult', oneOf(record.lastVerifierResult, ['passed', 'failed', 'skipped'] as const));
  setIfDefined(task, 'lastReconciliationWarning', optionalString(record.lastReconciliationWarning));
  return { ok: true, task };
}

function setIfDefined<K extends keyof RalphTask>(task: RalphTask, key: K, value: RalphTask[K] | undefined): void {
  if (value !== undefined) task[key] = value;
}

function optionalString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const trimmed = item.trim();
    if (trimmed) out.push(trimmed);
  }
  return out.length ? out : undefined;
}

function dependencyList(value: unknown): string[] | undefined {
  const list = stringList(value);
  return list ? [...new Set(list)] : undefined;
}
