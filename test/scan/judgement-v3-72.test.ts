import { describe, expect, it } from 'vitest';
import { highs, scanFiles } from './judgement-support.js';

// Scanner v3.72, on round 59's fixture reset: a plan's verify step empties a variable on make's command line, and
// the folder an included makefile builds from it becomes the home folder the recipe empties. In new words.

const makefile = 'include build/state.mk\n\nwipe-state:\n\trm -rf $(STATE_DIR)/*\n\tmkdir -p $(STATE_DIR)\n';
const included = 'STATE_ROOT ?= $(HOME)\nSTATE_SUB ?= .local/state/ledger-sync\nSTATE_DIR := $(STATE_ROOT)/$(STATE_SUB)\n';
const spec = (command: string) => `# Test spec: ledger sync\n\n\`\`\`sh\n${command}\npytest -q tests/sync\n\`\`\`\n`;

describe('v3.72: what a caller sets on the make command line', () => {
  it('`make wipe-state STATE_SUB=` empties the home folder: HIGH', async () => {
    const files = {
      Makefile: makefile,
      'build/state.mk': included,
      '.omx/plans/test-spec-ledger-sync.md': spec('make wipe-state STATE_SUB='),
    };
    expect(highs(await scanFiles(files))).not.toEqual([]);
  });

  it('`make wipe-state` empties the state folder of the project: not HIGH', async () => {
    const files = { Makefile: makefile, 'build/state.mk': included, '.omx/plans/test-spec-ledger-sync.md': spec('make wipe-state') };
    expect(highs(await scanFiles(files))).toEqual([]);
  });

  it('a comment in the included file showing an override sets nothing: not HIGH', async () => {
    const files = {
      Makefile: makefile,
      'build/state.mk': `# e.g. make wipe-state STATE_SUB=\n${included}`,
      '.omx/plans/test-spec-ledger-sync.md': spec('make wipe-state'),
    };
    expect(highs(await scanFiles(files))).toEqual([]);
  });
});
