import { OPTIONAL_TASK_FIELDS, SUPPORTED_TASK_FIELDS, taskEntryProblem, taskEntrySchema } from './task-entry-schema.js';
import type { RalphTask } from './task-model.js';

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

const OPTIONAL_READERS = Object.entries(OPTIONAL_TASK_FIELDS) as [string, (value: unknown) => unknown][];

export type NormalisedEntry = { ok: true; task: RalphTask } | { ok: false; reason: string };

/** Ralphdex's normalisation: validated by `taskEntrySchema`, strings trimmed, optional fields of the wrong shape dropped. */
export function normaliseTask(candidate: unknown, index: number): NormalisedEntry {
  const result = taskEntrySchema.safeParse(candidate);
  if (!result.success) return { ok: false, reason: taskEntryProblem(result.error.issues) };
  const record = candidate as Record<string, unknown>;
  const task: RalphTask = { id: result.data.id.trim(), title: result.data.title.trim(), status: result.data.status, index };
  for (const [key, read] of OPTIONAL_READERS) {
    const value = record[key] === undefined ? undefined : read(record[key]);
    if (value !== undefined) (task as unknown as Record<string, unknown>)[key] = value;
  }
  return { ok: true, task };
}
