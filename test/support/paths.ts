import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The project root, wherever the checkout lives. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** `../shared/corpus` beside the project (read-only real data for tests). */
export const CORPUS = resolve(REPO_ROOT, '../shared/corpus');
export const EXAMPLES = resolve(REPO_ROOT, 'examples');
