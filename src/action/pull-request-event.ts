import type { AppliedLabel } from '../core/check-context.js';

export interface PullRequestEvent {
  number?: number;
  baseSha: string;
  headSha?: string;
  body?: string;
  labels: AppliedLabel[];
  /** The head lives in another repository: the token is read-only there. */
  fromFork: boolean;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The facts of a pull-request-like event that the gate needs; undefined for other events. */
export function readPullRequestEvent(eventName: string, payload: unknown): PullRequestEvent | undefined {
  const p = obj(payload);
  if (eventName === 'merge_group') {
    const group = obj(p.merge_group);
    const baseSha = str(group.base_sha);
    return baseSha ? { baseSha, headSha: str(group.head_sha), labels: [], fromFork: false } : undefined;
  }
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') return undefined;
  const pr = obj(p.pull_request);
  const base = obj(pr.base);
  const head = obj(pr.head);
  const baseSha = str(base.sha);
  if (!baseSha) return undefined;
  const baseRepo = str(obj(base.repo).full_name);
  const headRepo = str(obj(head.repo).full_name);
  const labels = Array.isArray(pr.labels) ? pr.labels.map((l) => str(obj(l).name)).filter((n): n is string => Boolean(n)) : [];
  return {
    number: typeof pr.number === 'number' ? pr.number : undefined,
    baseSha,
    headSha: str(head.sha),
    body: typeof pr.body === 'string' ? pr.body : undefined,
    labels: labels.map((name) => ({ name })),
    fromFork: Boolean(baseRepo && headRepo && baseRepo !== headRepo),
  };
}
