import { failOnSchema, type FailOn } from '../config/schema.js';
import { CHECK_NAMES, type CheckName } from '../core/finding.js';

export interface ActionInputs {
  config: string;
  checks?: CheckName[];
  failOn?: FailOn;
  sarifFile?: string;
  comment: boolean;
  token?: string;
  mode: 'check' | 'ralph';
  workingDirectory: string;
}

export type InputReader = (name: string) => string;

/** Parses the inputs of action.yml once, into types; a bad value is an error naming the input. */
export function readActionInputs(get: InputReader): { inputs: ActionInputs; errors: string[] } {
  const errors: string[] = [];
  const checksText = get('checks').trim();
  let checks: CheckName[] | undefined;
  if (checksText) {
    const names = checksText.split(/[\s,]+/).filter(Boolean);
    const unknown = names.filter((n) => !(CHECK_NAMES as readonly string[]).includes(n));
    if (unknown.length) errors.push(`input checks: unknown check ${unknown.join(', ')} (expected ${CHECK_NAMES.join(', ')})`);
    else checks = names as CheckName[];
  }
  const failOnText = get('fail-on').trim();
  const failOn = failOnText ? failOnSchema.safeParse(failOnText) : undefined;
  if (failOn && !failOn.success) errors.push(`input fail-on: expected one of ${failOnSchema.options.join(', ')}, got "${failOnText}"`);
  const commentText = get('comment').trim().toLowerCase() || 'false';
  if (!['true', 'false'].includes(commentText)) errors.push(`input comment: expected true or false, got "${commentText}"`);
  const mode = get('mode').trim() || 'check';
  if (mode !== 'check' && mode !== 'ralph') errors.push(`input mode: expected check or ralph, got "${mode}"`);
  return {
    inputs: {
      config: get('config').trim() || '.github/plangate.yml',
      checks,
      failOn: failOn?.success ? failOn.data : undefined,
      sarifFile: get('sarif-file').trim() || undefined,
      comment: commentText === 'true',
      token: get('github-token').trim() || undefined,
      mode: mode === 'ralph' ? 'ralph' : 'check',
      workingDirectory: get('working-directory').trim() || '.',
    },
    errors,
  };
}
