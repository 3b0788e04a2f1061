import type { JsonDocument } from '../json/read-json.js';
import { readJsonObject } from './read-json-object.js';
import { failedFields, taskFileSchema } from './task-file-schemas.js';
import { correctTaskFields, normaliseTask } from './normalise-task.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import { EntryLocator } from './task-locator.js';
import type { RalphTask } from './task-model.js';

export interface ParsedTaskFile {
  /** The entries that normalised (all of them when `entriesValid`). */
  tasks: RalphTask[];
  /** Trimmed ids of every entry that has a string id, valid or not (for claims); built when first asked. */
  entryIds(): Set<string>;
  diagnostics: TaskDiagnostic[];
  locator: EntryLocator;
  doc?: JsonDocument;
  /** The file is a JSON object with a tasks array. */
  readable: boolean;
  /** Readable and no entry-level error: the graph checks may run. */
  entriesValid: boolean;
}

/**
 * `.ralph/tasks.json` text → normalised tasks and the file- and entry-level diagnostics
 * (JSON, shape, version, field drift, unknown fields, invalid entries). Never throws.
 */
export function parseTaskFile(text: string): ParsedTaskFile {
  const diagnostics: TaskDiagnostic[] = [];
  const unreadable = (doc?: JsonDocument): ParsedTaskFile => ({
    tasks: [],
    entryIds: () => new Set(),
    diagnostics,
    locator: new EntryLocator(doc, 'tasks'),
    doc,
    readable: false,
    entriesValid: false,
  });
  if (!text.trim()) {
    // Ralphdex seeds an empty file with its default task list; there is nothing to check yet.
    return { ...unreadable(), readable: true, entriesValid: true };
  }
  const read = readJsonObject(text, 'Task file');
  if (!read.ok) {
    diagnostics.push(read.diagnostic);
    return unreadable(read.doc);
  }
  const { doc, record } = read;
  const failed = failedFields(taskFileSchema, record);
  if (failed.has('tasks')) {
    diagnostics.push({
      code: 'task_array_missing',
      severity: 'error',
      message: 'Task file must contain a tasks array.',
      position: doc.positionOf(['tasks']),
      key: 'tasks',
    });
    return unreadable(doc);
  }
  if (failed.has('version')) diagnostics.push(versionWarning(record.version, doc));

  const locator = new EntryLocator(doc, 'tasks');
  const tasks: RalphTask[] = [];
  const invalidEntryIds: string[] = [];
  const unknownFields = new Map<string, { index: number; count: number }>();
  let entriesValid = true;
  const entries = record.tasks as unknown[];
  for (let index = 0; index < entries.length; index++) {
    let candidate = entries[index];
    let rawId: string | undefined;
    if (typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate)) {
      const corrected = correctTaskFields(candidate as Record<string, unknown>);
      candidate = corrected.record;
      const id = (candidate as Record<string, unknown>).id;
      if (typeof id === 'string') rawId = id.trim();
      for (const c of corrected.corrections) {
        diagnostics.push({
          code: 'auto_corrected_task_field',
          severity: 'warning',
          message: c.shadowed
            ? `${locator.entry(index)} used "${c.original}" alongside "${c.corrected}"; "${c.original}" was ignored.`
            : `${locator.entry(index)} used "${c.original}" which was auto-corrected to "${c.corrected}".`,
          position: locator.position(index),
          key: `field:${rawId !== undefined ? `id:${rawId}` : `index:${index}`}:${c.original}`,
        });
      }
      for (const field of corrected.unknownFields) {
        const seen = unknownFields.get(field);
        if (seen) seen.count++;
        else unknownFields.set(field, { index, count: 1 });
      }
    }
    const normalised = normaliseTask(candidate, index);
    if (normalised.ok) {
      tasks.push(normalised.task);
      continue;
    }
    entriesValid = false;
    if (rawId !== undefined) invalidEntryIds.push(rawId);
    diagnostics.push({
      code: 'task_entry_invalid',
      severity: 'error',
      message: `${locator.entry(index)} is invalid: ${normalised.reason}`,
      position: locator.position(index),
      key: `entry:${index}`,
    });
  }
  for (const [field, { index, count }] of unknownFields) {
    const others = count > 1 ? ` (and ${count - 1} more task${count > 2 ? 's' : ''})` : '';
    diagnostics.push({
      code: 'unknown_task_field',
      severity: 'notice',
      message: `${locator.entry(index)} has unknown field "${field}"${others}; Ralphdex ignores it.`,
      position: doc.keyPositionOf(['tasks', index, field]),
      key: `unknown:${field}`,
    });
  }
  let entryIds: Set<string> | undefined;
  const allIds = (): Set<string> => (entryIds ??= new Set([...tasks.map((t) => t.id), ...invalidEntryIds]));
  return { tasks, entryIds: allIds, diagnostics, locator, doc, readable: true, entriesValid };
}

function versionWarning(version: unknown, doc: JsonDocument): TaskDiagnostic {
  const got = version === undefined ? 'has no version' : `has version ${JSON.stringify(version)}`;
  return {
    code: 'unsupported_version',
    severity: 'warning',
    message: `Task file ${got}, not 2; it was checked as a legacy file after normalisation.`,
    position: doc.positionOf(['version']),
    key: 'version',
  };
}
