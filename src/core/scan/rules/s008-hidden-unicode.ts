import type { ScanRule } from './scan-rule.js';

/** Detection lives in decode/find-hidden-unicode.ts (it reads every character of the file); this is the rule's data. */
export const s008HiddenUnicode: ScanRule = {
  id: 'S008',
  name: 'hidden-unicode',
  level: 'HIGH',
  capabilities: ['hidden-text'],
  reads: [],
  why: 'Invisible characters hide text from the reviewer while the model still reads it (Unicode Tag smuggling, zero-width payloads, bidi overrides that reorder code).',
  fix: 'Delete the invisible characters (the message shows where); plain ASCII or visible Unicode is all a skill needs.',
  detectors: [],
  examples: {
    match: [
      { path: 'SKILL.md', text: 'A helpful skill.\u{E0001}\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}\n' },
      { path: 'SKILL.md', text: 'Run the i\u200Bnstaller.\n' },
      // After a flag, only a subdivision code is a flag: a sentence is hidden text.
      {
        path: 'SKILL.md',
        text: 'Go 🏴\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E0020}\u{E0061}\u{E006C}\u{E006C}\u{E007F}\n',
      },
      { path: 'run.sh', text: 'echo "safe" # \u202Eexec rm -rf ~ \u202C\n' },
      { path: 'payload.py', text: 'hidden = "\\U000E0041"\n', level: 'MEDIUM' },
      { path: 'payload.py', text: 'hidden = "\\U000E0069\\U000E0067\\U000E006E"\n', level: 'HIGH' },
    ],
    noMatch: [
      { path: 'SKILL.md', text: '\uFEFF# Title with a BOM at the start\n' },
      { path: 'SKILL.md', text: 'Family: 👨\u200D👩\u200D👧 and a flag 🏳️\u200D🌈.\n' },
      { path: 'SKILL.md', text: 'Persian uses ZWNJ: می\u200Cخواهم\n' },
      { path: 'SKILL.md', text: 'Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} v Wales\n' },
      { path: 'clean.py', text: 'text = re.sub(r"[\\U000E0000-\\U000E007F]", "", text)\n' },
    ],
  },
};
