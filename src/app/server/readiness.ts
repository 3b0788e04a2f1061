export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
  /** Reuse a success this long (ms): GitHub is not asked on every probe. */
  cacheMs?: number;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string>;
}

const TIMEOUT_MS = 2_000;

/** `GET /readyz`: every dependency this process needs answered (each within 2 s). */
export class Readiness {
  private readonly passedAt = new Map<string, number>();

  constructor(private readonly checks: readonly ReadinessCheck[]) {}

  async report(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (c) => {
        const cached = this.passedAt.get(c.name);
        if (cached !== undefined && c.cacheMs && Date.now() - cached < c.cacheMs) return [c.name, 'ok'] as const;
        try {
          await withTimeout(c.check(), TIMEOUT_MS);
          this.passedAt.set(c.name, Date.now());
          return [c.name, 'ok'] as const;
        } catch (error) {
          this.passedAt.delete(c.name);
          return [c.name, (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200)] as const;
        }
      }),
    );
    return { ready: results.every(([, r]) => r === 'ok'), checks: Object.fromEntries(results) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
