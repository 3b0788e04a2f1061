import { describe, expect, it } from 'vitest';
import { BlobCache } from '../../src/sources/github/blob-cache.js';

const bytes = (n: number) => new Uint8Array(n);

describe('BlobCache', () => {
  it('evicts the least recently used blobs once over maxBytes', () => {
    const cache = new BlobCache({ maxBytes: 10 });
    cache.set('a', bytes(4));
    cache.set('b', bytes(4));
    cache.get('a');
    cache.set('c', bytes(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.bytes).toBe(8);
  });

  it('never stores a blob larger than the whole cache, and replaces a SHA without double counting', () => {
    const cache = new BlobCache({ maxBytes: 10 });
    cache.set('huge', bytes(11));
    cache.set('a', bytes(3));
    cache.set('a', bytes(3));
    expect(cache.get('huge')).toBeUndefined();
    expect({ size: cache.size, bytes: cache.bytes }).toEqual({ size: 1, bytes: 3 });
  });
});
