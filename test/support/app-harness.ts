import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Probot, ProbotOctokit, type ApplicationFunction } from 'probot';
import type { EvaluationResult, IssueTaskResult, PlangateAppOptions } from '../../src/app/index.js';
import type { PullRequestTarget } from '../../src/app/pull-request/pull-request-target.js';
import { FakeGitHub, type StartOptions } from './fake-github/index.js';

export const WEBHOOK_SECRET = 'plangate-test-secret';

let privateKey: string | undefined;

/** One RSA key per test process: Probot signs real JWTs with it (the fake accepts any JWT). */
export function testPrivateKey(): string {
  privateKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return privateKey;
}

export interface Evaluation {
  result: EvaluationResult;
  target: PullRequestTarget;
}

export interface AppHarness {
  fake: FakeGitHub;
  probot: Probot;
  /** Every evaluation the App finished, in order. */
  evaluations: Evaluation[];
  /** Every label, command and workflow-run task the App finished, in order. */
  tasks: IssueTaskResult[];
  /** Structured log records (pino JSON) the App wrote at info level and above. */
  logs: Record<string, unknown>[];
  /** Signs the payload with the webhook secret and delivers it the way GitHub does. */
  deliver(name: string, payload: object, id?: string): Promise<void>;
  close(): Promise<void>;
}

let deliveries = 0;

/**
 * A real Probot instance running the plangate App against the fake GitHub API: app JWT,
 * installation tokens, signed webhook deliveries. Octokit throttling is off here only because
 * its write limiter spaces writes one second apart; retries go through the App's own policy,
 * with waits scaled down so no test sleeps for real.
 */
export async function startAppHarness(
  options: {
    app?: (options: PlangateAppOptions) => ApplicationFunction;
    appOptions?: PlangateAppOptions;
    fake?: FakeGitHub;
    fakeOptions?: StartOptions;
    /**
     * The API address the App is configured with (`GITHUB_API_URL`), e.g. a GitHub Enterprise
     * Server's `https://ghe.example.com/api/v3`: its requests still reach the fake, as if that
     * host resolved to it.
     */
    apiBaseUrl?: string;
  } = {},
): Promise<AppHarness> {
  const fake = options.fake ?? (await FakeGitHub.start(options.fakeOptions));
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const probot = new Probot({
    appId: fake.state.app.id,
    privateKey: testPrivateKey(),
    secret: WEBHOOK_SECRET,
    baseUrl: options.apiBaseUrl ?? fake.url,
    log: pino({ level: 'info' }, stream),
    Octokit: ProbotOctokit.defaults((instance: Record<string, unknown>) => ({
      ...instance,
      throttle: { ...(instance.throttle as object), enabled: false },
      ...(options.apiBaseUrl ? { request: { ...(instance.request as object), fetch: fetchThrough(options.apiBaseUrl, fake.url) } } : {}),
    })),
  });
  const evaluations: Evaluation[] = [];
  const tasks: IssueTaskResult[] = [];
  const createApp = options.app ?? (await import('../../src/app/index.js')).createPlangateApp;
  await probot.load(
    createApp({
      // As in production: receipts are sealed with a key derived from the App's private key.
      seal: { privateKey: testPrivateKey() },
      ...options.appOptions,
      retry: { waitScale: 0.001, ...options.appOptions?.retry },
      onEvaluation: (result, target) => {
        evaluations.push({ result, target: structuredClone(target) });
        options.appOptions?.onEvaluation?.(result, target);
      },
      onIssueTask: (result) => {
        tasks.push(result);
        options.appOptions?.onIssueTask?.(result);
      },
    }),
  );
  return {
    fake,
    probot,
    evaluations,
    tasks,
    logs,
    async deliver(name, payload, id = `delivery-${++deliveries}`) {
      const body = JSON.stringify(payload);
      const signature = await probot.webhooks.sign(body);
      await probot.webhooks.verifyAndReceive({ id, name: name as 'pull_request', payload: body, signature });
    },
    close: () => fake.close(),
  };
}

/** `fetch` that sends requests for `host`'s origin to the fake instead (the path, GHES's `/api/v3` included, is kept). */
function fetchThrough(host: string, fakeUrl: string): typeof fetch {
  const from = new URL(host).origin;
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(url.startsWith(from) ? fakeUrl + url.slice(from.length) : url, init);
  };
}
