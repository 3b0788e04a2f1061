import { describe, expect, it } from 'vitest';
import { dispatchKey } from '../../../src/core/ralph/run-comment/dispatch-key.js';

describe('dispatchKey', () => {
  it('is derived from the event meaning and stable across redeliveries', () => {
    const event = { repo: 'Acme/Widgets', issue: 12, label: 'Ralph', labelEventId: 9876 };
    expect(dispatchKey(event)).toBe('acme/widgets#12:label:ralph:event:9876');
    expect(dispatchKey({ ...event })).toBe(dispatchKey(event));
    expect(dispatchKey({ ...event, labelEventId: '9876' })).toBe(dispatchKey(event));
  });

  it('differs for another label event, label, issue or repository', () => {
    const base = { repo: 'acme/widgets', issue: 12, label: 'ralph', labelEventId: 1 };
    const keys = new Set([
      dispatchKey(base),
      dispatchKey({ ...base, labelEventId: 2 }),
      dispatchKey({ ...base, label: 'team' }),
      dispatchKey({ ...base, issue: 13 }),
      dispatchKey({ ...base, repo: 'acme/gadgets' }),
      dispatchKey({ repo: 'acme/widgets', issue: 12, commentId: 1 }),
    ]);
    expect(keys.size).toBe(6);
  });

  it('prefers the label event id over the time, and normalizes times to ISO seconds', () => {
    expect(dispatchKey({ repo: 'a/b', issue: 1, label: 'ralph', labelEventId: 5, createdAt: '2026-05-01T00:00:00Z' })).toBe(
      'a/b#1:label:ralph:event:5',
    );
    const z = dispatchKey({ repo: 'a/b', issue: 1, label: 'ralph', createdAt: '2026-05-01T02:00:00+02:00' });
    expect(z).toBe('a/b#1:label:ralph:at:2026-05-01T00:00:00Z');
    expect(dispatchKey({ repo: 'a/b', issue: 1, label: 'ralph', createdAt: '2026-05-01T00:00:00.000Z' })).toBe(z);
  });

  it('keys a /plangate run comment by the comment', () => {
    expect(dispatchKey({ repo: 'a/b', issue: 3, commentId: 42 })).toBe('a/b#3:comment:42');
  });

  it('stays bounded whatever the inputs', () => {
    expect(
      dispatchKey({ repo: 'o'.repeat(500), issue: 1, label: 'l'.repeat(500), labelEventId: '9'.repeat(500) }).length,
    ).toBeLessThanOrEqual(400);
    expect(dispatchKey({ repo: 'a/b', issue: 1, label: 'x', createdAt: 'not a time '.repeat(50) }).length).toBeLessThanOrEqual(400);
  });
});
