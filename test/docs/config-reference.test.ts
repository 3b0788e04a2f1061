import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_REFERENCE_END, CONFIG_REFERENCE_START, renderConfigReference } from '../../src/core/config/config-reference.js';
import { REPO_ROOT } from '../support/paths.js';

describe('docs/config.md', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs/config.md'), 'utf8');

  it('holds the config reference generated from the schema (run `npm run docs:config` when this fails)', () => {
    expect(doc).toContain(renderConfigReference());
    expect(renderConfigReference()).toContain('| `plans.matching` | `slug` \\| `any` | `"slug"` |');
  });

  it('is the only copy: the README links to it instead of carrying a second one to keep in sync', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).not.toContain(CONFIG_REFERENCE_START);
    expect(readme).not.toContain(CONFIG_REFERENCE_END);
    expect(readme).toContain('](docs/config.md)');
  });
});
