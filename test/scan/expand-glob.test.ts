import { describe, expect, it } from 'vitest';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { expandGlob } from '../../src/core/scan/references/expand-glob.js';
import { globRunReferences } from '../../src/core/scan/references/find-references.js';

const tree = new MemorySnapshot({
  'tools/steps.d/10-fmt.sh': '#!/bin/sh\n',
  'tools/steps.d/20-sync.sh': '#!/bin/sh\n',
  'tools/steps.d/README.md': '# steps\n',
  'other/steps.d/99-x.sh': '#!/bin/sh\n',
  'run.sh': '#!/bin/sh\n',
  'tools/own.sh': '#!/bin/sh\n',
});

describe('the files a glob a script runs stands for', () => {
  it('names every matching file of the folder the glob ends in, in order', () => {
    expect(expandGlob(tree, 'tools/run-all.sh', 'tools/steps.d/*.sh')).toEqual(['tools/steps.d/10-fmt.sh', 'tools/steps.d/20-sync.sh']);
  });

  it('keeps a leading variable and quotes out of the folder it looks in', () => {
    expect(expandGlob(tree, 'tools/run-all.sh', '"$ROOT"/tools/steps.d/2?-*.sh')).toEqual(['$ROOT/tools/steps.d/20-sync.sh']);
  });

  it('looks for a bare glob beside the script and at the root only', () => {
    expect(expandGlob(tree, 'tools/run-all.sh', '*.sh')).toEqual(['own.sh', 'run.sh']);
  });

  it('leaves a path without a glob as it is', () => {
    expect(expandGlob(tree, 'tools/run-all.sh', 'tools/steps.d/10-fmt.sh')).toEqual(['tools/steps.d/10-fmt.sh']);
  });
});

describe('the files a loop runs one by one', () => {
  it('a loop that hands each file to a shell runs the glob', () => {
    const refs = globRunReferences('for s in tools/steps.d/*.sh; do\n  bash "$s"\ndone\n');
    expect(refs.map((r) => r.path)).toEqual(['tools/steps.d/*.sh']);
  });

  it('a loop that only lists or copies the files runs nothing', () => {
    expect(globRunReferences('for s in tools/steps.d/*.sh; do\n  shellcheck "$s"\ndone\n')).toEqual([]);
  });

  it('`run-parts` runs every program of its folder', () => {
    expect(globRunReferences('run-parts --exit-on-error tools/steps.d').map((r) => r.path)).toEqual(['tools/steps.d/*']);
  });
});
