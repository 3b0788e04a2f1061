import type { ScanRule } from './scan-rule.js';

/** Detection lives in binary/detect-binary.ts (magic bytes and extensions); this is the rule's data. */
export const s012BinaryInSkill: ScanRule = {
  id: 'S012',
  name: 'binary-in-skill',
  level: 'MEDIUM',
  capabilities: ['binary'],
  reads: [],
  why: 'An executable or archive inside a skill cannot be reviewed like text, and an agent may run or unpack it.',
  fix: 'Remove the binary; build it from reviewed source, or have the skill install a pinned release with a checksum.',
  detectors: [],
  examples: {
    match: [
      { path: 'bin/helper.exe', text: 'MZ\u0090\u0000\u0003 not really a program' },
      { path: 'assets/payload.zip', text: 'PK\u0003\u0004 archive bytes' },
      { path: 'scripts/tool', text: '\u007fELF\u0002\u0001\u0001\u0000 elf bytes' },
    ],
    noMatch: [
      { path: 'assets/notes.txt', text: 'plain text notes\n' },
      { path: 'assets/logo.svg', text: '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n' },
    ],
  },
};
