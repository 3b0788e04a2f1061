import type { Finding } from '../core/finding.js';
import { showControlCharacters, showControlCharactersByLine } from '../core/terminal-safe.js';

export interface Annotation {
  kind: 'error' | 'warning' | 'notice';
  message: string;
  properties: { title: string; file?: string; startLine?: number; startColumn?: number; endLine?: number; endColumn?: number };
}

/** GitHub shows 10 of each kind per step; the job summary carries the full table. */
export const MAX_ANNOTATIONS_PER_KIND = 50;

/**
 * Workflow-command annotations for findings, errors first, capped per kind. On a pull request
 * (`changedFiles` given), warnings and notices annotate only the files it changes — a notice on
 * a file nobody touched is noise in the review — while errors always annotate: they are why the
 * check fails. Repository text is neutralised here for the annotation: control, bidi and
 * zero-width characters are shown escaped (a message keeps its own line breaks); the
 * workflow-command escaping of `%`, CR, LF, `:` and `,` is the writer's (`@actions/core`), which
 * the runner undoes.
 */
export function findingsToAnnotations(
  findings: readonly Finding[],
  workingDirectory: string,
  changedFiles?: readonly string[],
): { annotations: Annotation[]; omitted: number; elsewhere: number } {
  const prefix = workingDirectory && workingDirectory !== '.' ? `${workingDirectory.replace(/^\.\/|\/+$/g, '')}/` : '';
  const order = { error: 0, warning: 1, notice: 2 } as const;
  const counts = { error: 0, warning: 0, notice: 0 };
  const changed = changedFiles ? new Set(changedFiles) : undefined;
  const annotations: Annotation[] = [];
  let omitted = 0;
  let elsewhere = 0;
  for (const f of [...findings].sort((a, b) => order[a.severity] - order[b.severity])) {
    if (changed && f.severity !== 'error' && !(f.file !== undefined && changed.has(f.file))) {
      elsewhere += f.more ?? 1;
      continue;
    }
    if (counts[f.severity] >= MAX_ANNOTATIONS_PER_KIND) {
      omitted++;
      continue;
    }
    counts[f.severity]++;
    const properties: Annotation['properties'] = { title: showControlCharacters(f.title ? `${f.ruleId} ${f.title}` : f.ruleId) };
    if (f.file) {
      properties.file = showControlCharacters(`${prefix}${f.file}`);
      if (f.line) {
        properties.startLine = f.line;
        if (f.endLine && f.endLine !== f.line) properties.endLine = f.endLine;
        else if (f.column) {
          properties.startColumn = f.column;
          if (f.endColumn) properties.endColumn = f.endColumn;
        }
      }
    }
    annotations.push({
      kind: f.severity,
      message: showControlCharactersByLine(f.help ? `${f.message}\nFix: ${f.help}` : f.message),
      properties,
    });
  }
  return { annotations, omitted, elsewhere };
}
