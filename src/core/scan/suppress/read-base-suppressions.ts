import type { Finding } from '../../finding.js';
import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import { covers, findSuppressionComments } from './find-suppression-comments.js';

/**
 * What the base branch's inline suppressions of one file were written for: each comment line
 * (trimmed) → the fingerprints of the findings it suppresses there (listed rules, the lines it covers).
 */
export type BaseSuppressions = ReadonlyMap<string, ReadonlySet<string>>;

/** The base file's suppressions and the findings each one covers (`findingsOf` scans the base text). */
export async function readBaseSuppressions(
  base: RepoSnapshot,
  path: string,
  findingsOf: (text: string) => readonly Finding[],
): Promise<BaseSuppressions> {
  const bytes = await base.readBytes(path);
  const covered = new Map<string, Set<string>>();
  if (!bytes) return covered;
  const text = decodeText(bytes).text;
  const comments = findSuppressionComments(text).filter((c) => c.reason);
  if (!comments.length) return covered;
  const findings = findingsOf(text);
  for (const c of comments) {
    const set = covered.get(c.lineText) ?? new Set<string>();
    for (const f of findings) if (covers(c, f)) set.add(f.fingerprint);
    covered.set(c.lineText, set);
  }
  return covered;
}
