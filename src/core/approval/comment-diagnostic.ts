import type * as z from 'zod/mini';

/** Why something in a comment (a receipt, a review block, a run comment) was not used. */
export interface CommentDiagnostic {
  code: string;
  message: string;
  /** 1-based line in the comment body, when known. */
  line?: number;
}

/** Zod issues as one readable line each: `findings.0.severity: expected one of …`. */
export function describeZodIssues(error: z.core.$ZodError, max = 5): string {
  const parts = error.issues
    .slice(0, max)
    .map((issue) => `${issue.path.length ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}`);
  if (error.issues.length > max) parts.push(`… ${error.issues.length - max} more`);
  return parts.join('; ');
}
