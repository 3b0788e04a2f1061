import type { CommentDiagnostic } from '../../core/approval/comment-diagnostic.js';
import { parseRalphResult, RALPH_RESULT_FILE_NAME, type RalphResultFile } from '../../core/ralph/parse-ralph-result.js';
import { readZipEntry } from '../../github/read-zip-entry.js';
import { downloadRunArtifact } from '../github/download-run-artifact.js';
import type { IssueSession } from '../issues/issue-session.js';

/** The artifact the example workflow uploads (docs/ralph.md). */
export const RESULT_ARTIFACT_NAME = 'plangate-ralph-result';
const MAX_ARTIFACT_BYTES = 10 * 1024 * 1024;
const MAX_RESULT_BYTES = 5 * 1024 * 1024;

export interface RunResultRead {
  result?: RalphResultFile;
  /** Why there is no result (no artifact, unreadable zip or JSON), or what was dropped from it. */
  diagnostics: CommentDiagnostic[];
}

/**
 * The ralph runner's `plangate-ralph-result.json` from the run's `plangate-ralph-result`
 * artifact. The file comes from a job that ran an agent, so it is parsed like any untrusted
 * input; a missing or broken one leaves the run's conclusion to speak. API failures throw.
 */
export async function readRunResult(session: IssueSession, runId: number): Promise<RunResultRead> {
  const { owner, repo } = session.target;
  const zip = await downloadRunArtifact(session.octokit, { owner, repo, runId, name: RESULT_ARTIFACT_NAME, maxBytes: MAX_ARTIFACT_BYTES });
  if (!zip) return { diagnostics: [{ code: 'result_missing', message: `the run has no ${RESULT_ARTIFACT_NAME} artifact` }] };
  const entry = readZipEntry(zip, RALPH_RESULT_FILE_NAME, { maxBytes: MAX_RESULT_BYTES });
  if (!entry.ok) return { diagnostics: [{ code: 'result_unreadable', message: `${RESULT_ARTIFACT_NAME}: ${entry.reason}` }] };
  const parsed = parseRalphResult(entry.data.toString('utf8'));
  return parsed.ok ? { result: parsed.result, diagnostics: parsed.diagnostics } : { diagnostics: parsed.diagnostics };
}
