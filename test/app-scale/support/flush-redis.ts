import { Redis } from 'ioredis';

/** Empties the test Redis between tests (queues, target lines, throttling state). */
export async function flushRedis(url: string): Promise<void> {
  const client = new Redis(url);
  await client.flushall();
  await client.quit();
}
