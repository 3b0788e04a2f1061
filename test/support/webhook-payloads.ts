import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Example = { name: string; examples: Record<string, unknown>[] };
const EXAMPLES = require('@octokit/webhooks-examples/api.github.com/index.json') as Example[];

/** A real webhook payload shape from @octokit/webhooks-examples, deep-copied for a test to adjust. */
export function webhookExample(event: string, action?: string): Record<string, unknown> {
  const group = EXAMPLES.find((e) => e.name === event);
  const example = group?.examples.find((e) => action === undefined || e.action === action);
  if (!example) throw new Error(`no ${event}${action ? `.${action}` : ''} example in @octokit/webhooks-examples`);
  return structuredClone(example);
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- payloads are deep JSON adjusted in tests

/** A pull_request payload for owner/repo with the given SHAs, body and (optionally) a fork head. */
export function pullRequestPayload(options: {
  owner: string;
  repo: string;
  number: number;
  baseSha: string;
  headSha: string;
  headRef?: string;
  body?: string;
  forkOwner?: string;
  action?: string;
  labels?: string[];
}): Json {
  const payload = webhookExample('pull_request', options.action ?? 'opened') as Json;
  const full = `${options.owner}/${options.repo}`;
  payload.number = options.number;
  payload.repository.name = options.repo;
  payload.repository.full_name = full;
  payload.repository.owner.login = options.owner;
  const pr = payload.pull_request;
  pr.number = options.number;
  pr.body = options.body ?? '';
  pr.labels = (options.labels ?? []).map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false }));
  pr.base.sha = options.baseSha;
  pr.base.ref = 'main';
  pr.base.repo = { ...pr.base.repo, name: options.repo, full_name: full, owner: { ...pr.base.repo.owner, login: options.owner } };
  pr.head.sha = options.headSha;
  pr.head.ref = options.headRef ?? 'feature';
  const headOwner = options.forkOwner ?? options.owner;
  pr.head.repo = {
    ...pr.head.repo,
    name: options.repo,
    full_name: `${headOwner}/${options.repo}`,
    fork: Boolean(options.forkOwner),
    owner: { ...pr.head.repo.owner, login: headOwner },
  };
  return payload;
}
