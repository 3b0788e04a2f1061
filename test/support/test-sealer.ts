import { commentSealer } from '../../src/core/approval/comment-seal.js';

/** Seals receipts for one thread with a fixed test key, as the App does with its own. */
export const TEST_SEALER = commentSealer([new Uint8Array(32).fill(7)], { repo: 'acme/widgets', issue: 1 });
