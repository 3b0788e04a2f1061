/** A repository path a user typed (e.g. `/plangate approve <prd path>`), checked before it is used. */
export type PlanPathCheck = { ok: true; path: string } | { ok: false; message: string };

export const MAX_PLAN_PATH_LENGTH = 1024;

/**
 * Repo-relative only: no absolute or drive paths, no `..` or `.` segments, no empty segments,
 * no backslashes and no control, bidi or zero-width characters. A leading `./` is dropped.
 * The message says what was wrong without echoing the raw input (it goes into an answer).
 */
export function validatePlanPath(raw: string): PlanPathCheck {
  const path = raw.startsWith('./') ? raw.slice(2) : raw;
  if (!path) return { ok: false, message: 'the path is empty' };
  if (path.length > MAX_PLAN_PATH_LENGTH) return { ok: false, message: `the path is longer than ${MAX_PLAN_PATH_LENGTH} characters` };
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u.test(path)) {
    return { ok: false, message: 'the path contains control or invisible characters' };
  }
  if (path.includes('\\')) return { ok: false, message: 'use `/` between folders (no backslashes)' };
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path))
    return { ok: false, message: 'the path must be relative to the repository root (no leading `/` or drive letter)' };
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return { ok: false, message: 'the path must stay inside the repository (no `..`)' };
  if (segments.some((s) => s === '.' || s === '')) return { ok: false, message: 'the path has an empty or `.` segment' };
  return { ok: true, path };
}
