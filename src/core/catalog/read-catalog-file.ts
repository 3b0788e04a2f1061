import type * as z from 'zod/mini';
import type { Finding } from '../finding.js';
import { readJson, type JsonDocument } from '../json/read-json.js';
import { readText } from '../read-text.js';
import type { RepoSnapshot } from '../snapshot.js';
import { catalogFinding, formatJsonPath } from './catalog-finding.js';

/** More schema problems than this in one file are summarised in one last finding. */
export const MAX_SCHEMA_FINDINGS_PER_FILE = 200;

export type CatalogFileRead =
  | { status: 'missing'; path: string }
  | { status: 'invalid'; path: string; findings: Finding[] }
  | { status: 'ok'; path: string; doc: JsonDocument; value: unknown; findings: Finding[] };

/**
 * One catalog JSON file: strict JSON with positions, then its shape checked with zod.
 * A syntax error is `catalog/json_invalid` (line/col); each shape problem is
 * `catalog/schema_invalid` with its JSON path, at the line of the closest value.
 */
export async function readCatalogFile(snapshot: RepoSnapshot, path: string, schema: z.ZodMiniType): Promise<CatalogFileRead> {
  if (!snapshot.entry(path)) return { status: 'missing', path };
  const decoded = await readText(snapshot, path);
  if (!decoded) {
    const finding = catalogFinding({
      code: 'json_invalid',
      file: path,
      message: `${path} is not a regular file (a symlink or submodule?), so the catalog cannot be read`,
      help: 'Commit the catalog file itself.',
      key: 'unreadable',
    });
    return { status: 'invalid', path, findings: [finding] };
  }
  const read = readJson(decoded.text);
  if (!read.ok) {
    const { line, column, message } = read.error;
    const finding = catalogFinding({
      code: 'json_invalid',
      file: path,
      line,
      column,
      message: `${path} is not valid JSON: ${message} at line ${line}, column ${column}`,
      help: 'Fix the JSON syntax (no comments, no trailing commas).',
      key: `syntax:${message}`,
    });
    return { status: 'invalid', path, findings: [finding] };
  }
  const { doc } = read;
  const result = schema.safeParse(doc.value, { reportInput: true });
  const findings: Finding[] = [];
  if (!result.success) {
    const issues = result.error.issues;
    for (const issue of issues.slice(0, MAX_SCHEMA_FINDINGS_PER_FILE)) {
      const jsonPath = issue.path.filter((s): s is string | number => typeof s !== 'symbol');
      const where = formatJsonPath(jsonPath);
      findings.push(
        catalogFinding({
          code: 'schema_invalid',
          file: path,
          at: { doc, path: jsonPath },
          message: `${where}: ${describeIssue(issue)}`,
          help: 'Match the oh-my-copilot catalog shape (see docs/rules/catalog.md).',
          key: `${where}:${issue.code}`,
        }),
      );
    }
    if (issues.length > MAX_SCHEMA_FINDINGS_PER_FILE) {
      findings.push(
        catalogFinding({
          code: 'schema_invalid',
          file: path,
          line: 1,
          message: `${issues.length - MAX_SCHEMA_FINDINGS_PER_FILE} more schema problems in ${path} are not listed`,
          key: 'more',
        }),
      );
    }
  }
  return { status: 'ok', path, doc, value: doc.value, findings };
}

/** zod's wording, minus its generic prefix, with "missing" said plainly and the value shown. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const text = issue.message.replace(/^Invalid input: /, '');
  const missing = /^(expected .*), received undefined$/.exec(text);
  if (missing) return `required field is missing (${missing[1]})`;
  if (issue.code === 'invalid_value' && 'input' in issue) return `${text}, got ${JSON.stringify(issue.input)?.slice(0, 60)}`;
  return text;
}
