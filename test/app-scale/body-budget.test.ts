import { describe, expect, it } from 'vitest';
import { BODY_BLOCK_BYTES, BodyBudget } from '../../src/app/server/body-budget.js';

/** The webhook server's budget of body bytes in flight (its use through the server: test/security/app-webhook-bytes-in-flight.test.ts). */
describe('BodyBudget', () => {
  it('hands out at most its blocks; a body that would be the largest is refused, a larger one is evicted for a smaller', () => {
    const budget = new BodyBudget(10 * BODY_BLOCK_BYTES);
    const evicted: string[] = [];
    const big = budget.open(() => evicted.push('big'));
    const mid = budget.open(() => evicted.push('mid'));
    expect(big.take(6)).toHaveLength(6);
    expect(mid.take(3)).toHaveLength(3);
    expect(budget.inUse).toBe(9 * BODY_BLOCK_BYTES);

    // 3 + 2 blocks would not be the largest (6): the largest goes.
    expect(mid.take(2)).toHaveLength(2);
    expect(evicted).toEqual(['big']);
    expect(big.held).toBe(0);
    expect(big.take(1)).toBeUndefined();

    // Nobody larger than 5 + 6: refused, nothing taken.
    const small = budget.open(() => evicted.push('small'));
    expect(small.take(6)).toBeUndefined();
    expect(small.take(5)).toHaveLength(5);
    expect(budget.inUse).toBe(budget.limitBytes);
  });

  it('a complete body is not evicted; closing gives its blocks back once', () => {
    const budget = new BodyBudget(4 * BODY_BLOCK_BYTES);
    const done = budget.open(() => {
      throw new Error('a complete body must not be evicted');
    });
    done.take(4);
    done.complete();
    const next = budget.open(() => undefined);
    expect(next.take(1)).toBeUndefined();
    done.close();
    done.close();
    expect(budget.inUse).toBe(0);
    expect(next.take(4)).toHaveLength(4);
  });

  it('blocks are distinct slices of one region, reused once given back', () => {
    const budget = new BodyBudget(2 * BODY_BLOCK_BYTES);
    const a = budget.open(() => undefined);
    const [first, second] = a.take(2)!;
    first!.fill(1);
    second!.fill(2);
    expect(first!.every((b) => b === 1)).toBe(true);
    expect(first!.buffer).toBe(second!.buffer);
    a.close();
    const b = budget.open(() => undefined);
    expect(
      b
        .take(2)!
        .map((block) => block.byteOffset)
        .sort(),
    ).toEqual([first!.byteOffset, second!.byteOffset].sort());
  });
});
