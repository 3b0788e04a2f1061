import { failOnSchema, type FailOn } from '../core/config/schema.js';
import { CHECK_NAMES, type CheckName } from '../core/finding.js';
import type { PlanPins } from '../core/ralph/plan-pins.js';
import { MAX_ITERATIONS_LIMIT, MAX_STORY_ATTEMPTS_LIMIT } from '../core/ralph/ralph-limits.js';

export interface ActionInputs {
  config: string;
  checks?: CheckName[];
  failOn?: FailOn;
  sarifFile?: string;
  comment: boolean;
  token?: string;
  mode: 'check' | 'ralph';
  workingDirectory: string;
  /** `changed-files` (default): on a pull request, notices and warnings annotate only the files it changes; `all`: every finding. */
  annotations: 'changed-files' | 'all';
  /** `mode: ralph` only; empty values fall back to the event's inputs, then config `ralph.*`. */
  ralph: RalphActionInputs;
}

/** The plan pins (what was approved) are as given, unchecked: `parsePlanPins` checks them; empty falls back to the event's inputs. */
export interface RalphActionInputs extends PlanPins {
  issue?: number;
  plan?: string;
  /** The App's bot login: its run comment is the one updated. Empty falls back to the event's input `app-login`. */
  appLogin?: string;
  agent?: string;
  /** One command per line. */
  verify: string[];
  maxIterations?: number;
  maxStoryAttempts?: number;
  openPr: boolean;
  timeoutMinutes?: number;
  passEnv: string[];
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
  const annotations = get('annotations').trim() || 'changed-files';
  if (annotations !== 'changed-files' && annotations !== 'all')
    errors.push(`input annotations: expected changed-files or all, got "${annotations}"`);
  const ralph = readRalphInputs(get, errors);
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
      annotations: annotations === 'all' ? 'all' : 'changed-files',
      ralph,
    },
    errors,
  };
}

function readRalphInputs(get: InputReader, errors: string[]): RalphActionInputs {
  const whole = (name: string, max: number): number | undefined => {
    const text = get(name).trim();
    if (!text) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
      errors.push(`input ${name}: expected a whole number from 1 to ${max}, got "${text}"`);
      return undefined;
    }
    return Number(text);
  };
  const openPrText = get('open-pr').trim().toLowerCase() || 'false';
  if (!['true', 'false'].includes(openPrText)) errors.push(`input open-pr: expected true or false, got "${openPrText}"`);
  const timeoutText = get('timeout-minutes').trim();
  const timeout = timeoutText ? Number(timeoutText) : undefined;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0))
    errors.push(`input timeout-minutes: expected a positive number, got "${timeoutText}"`);
  return {
    issue: whole('issue', Number.MAX_SAFE_INTEGER),
    plan: get('plan').trim() || undefined,
    commit: get('commit').trim() || undefined,
    prdSha: get('prd-sha').trim() || undefined,
    testSpec: get('test-spec').trim() || undefined,
    testSpecSha: get('test-spec-sha').trim() || undefined,
    storiesSha: get('stories-sha').trim() || undefined,
    appLogin: get('app-login').trim() || undefined,
    agent: get('agent').trim() || undefined,
    verify: get('verify')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    maxIterations: whole('max-iterations', MAX_ITERATIONS_LIMIT),
    maxStoryAttempts: whole('max-story-attempts', MAX_STORY_ATTEMPTS_LIMIT),
    openPr: openPrText === 'true',
    timeoutMinutes: timeout !== undefined && Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
    passEnv: get('pass-env')
      .split(/[\s,]+/)
      .filter(Boolean),
  };
}
