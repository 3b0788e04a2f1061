/**
 * SIGTERM / SIGINT while the loop runs → an abort with a reason (the loop kills the
 * agent's process group, saves the state and ends `cancelled`). The handlers exist only
 * for the call, so the process's default signal behaviour comes back afterwards.
 */
export async function withTerminationSignal<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const handlers = (['SIGTERM', 'SIGINT'] as const).map((name) => {
    const handler = () => controller.abort(`${name} received`);
    process.on(name, handler);
    return [name, handler] as const;
  });
  try {
    return await run(controller.signal);
  } finally {
    for (const [name, handler] of handlers) process.off(name, handler);
  }
}
