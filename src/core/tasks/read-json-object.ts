import { formatPosition, readJson, type JsonDocument } from '../json/read-json.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import { jsonObjectSchema } from './task-file-schemas.js';

export type JsonObjectRead =
  { ok: true; doc: JsonDocument; record: Record<string, unknown> } | { ok: false; doc?: JsonDocument; diagnostic: TaskDiagnostic };

/**
 * A Ralphdex JSON file whose top level must be an object: the document, or the diagnostic
 * Ralphdex writes (`task_file_json_invalid` with the parser's position, `task_file_not_object`).
 * `label` names the file in the message: "Task file", "Claims file".
 */
export function readJsonObject(text: string, label: string): JsonObjectRead {
  const read = readJson(text);
  if (!read.ok) {
    const { error } = read;
    return {
      ok: false,
      diagnostic: {
        code: 'task_file_json_invalid',
        severity: 'error',
        message: `${label} must be valid JSON: ${error.message} (${formatPosition(error)}).`,
        position: { line: error.line, column: error.column },
        key: 'json',
      },
    };
  }
  const { doc } = read;
  const root = doc.value;
  if (!jsonObjectSchema.safeParse(root).success) {
    return {
      ok: false,
      doc,
      diagnostic: {
        code: 'task_file_not_object',
        severity: 'error',
        message: `${label} must be a JSON object.`,
        position: doc.positionOf([]),
        key: 'root',
      },
    };
  }
  return { ok: true, doc, record: root as Record<string, unknown> };
}
