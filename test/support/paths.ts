import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The project root, wherever the checkout lives. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Real files from public repositories, vendored with provenance (test/fixtures/corpus/README.md, manifest.json). */
export const CORPUS = resolve(REPO_ROOT, 'test/fixtures/corpus');
export const EXAMPLES = resolve(REPO_ROOT, 'examples');
