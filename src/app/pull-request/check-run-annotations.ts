import type { Finding } from '../../core/finding.js';
import type { CheckRunAnnotation } from '../github/update-check-run.js';

/** GitHub takes at most 50 annotations per check-run request. */
export const ANNOTATIONS_PER_REQUEST = 50;
export const DEFAULT_ANNOTATION_CAP = 500;

const LEVEL = { error: 'failure', warning: 'warning', notice: 'notice' } as const;
const RANK = { error: 0, warning: 1, notice: 2 } as const;

export interface AnnotationPlan {
  annotations: CheckRunAnnotation[];
  /** Findings with a file that did not fit under the cap (counted in the summary). */
  omitted: number;
}

/**
 * Check-run annotations for the findings that have a file: failures first, at most `cap`.
 * Annotation text is plain text on GitHub (not markdown), so it is clipped, not escaped.
 */
export function planAnnotations(findings: readonly Finding[], cap = DEFAULT_ANNOTATION_CAP): AnnotationPlan {
  const located = findings.filter((f) => f.file).sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return { annotations: located.slice(0, cap).map(toAnnotation), omitted: Math.max(0, located.length - cap) };
}

function toAnnotation(f: Finding): CheckRunAnnotation {
  const line = f.line ?? 1;
  const endLine = f.endLine && f.endLine >= line ? f.endLine : line;
  const annotation: CheckRunAnnotation = {
    path: f.file!,
    start_line: line,
    end_line: endLine,
    annotation_level: LEVEL[f.severity],
    message: clip(f.message, 4000),
    title: clip(f.title ? `${f.ruleId}: ${f.title}` : f.ruleId, 255),
  };
  // GitHub accepts columns only on single-line annotations.
  if (endLine === line && f.column) {
    annotation.start_column = f.column;
    annotation.end_column = f.endColumn && f.endColumn >= f.column ? f.endColumn : f.column;
  }
  if (f.help) annotation.raw_details = clip(`Fix: ${f.help}`, 4000);
  return annotation;
}

/** Splits annotations into request-sized batches (always at least one, possibly empty, batch). */
export function batchAnnotations(annotations: readonly CheckRunAnnotation[]): CheckRunAnnotation[][] {
  const batches: CheckRunAnnotation[][] = [];
  for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST) batches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  return batches.length ? batches : [[]];
}

/** The same annotation as GitHub lists it back (for not re-posting onto a reused check run). */
export function annotationKey(a: CheckRunAnnotation): string {
  return [a.path, a.start_line, a.end_line, a.start_column ?? '', a.annotation_level, a.title ?? '', a.message].join('\0');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
