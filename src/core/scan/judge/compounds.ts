import type { Capability } from '../scan-types.js';

/** Acts that are harmful in the wrong hands: what hiding, a standing trigger or a hidden order make HIGH. */
export const RISKY_ACTS: readonly Capability[] = [
  'source',
  'sink',
  'download',
  'execute',
  'decode',
  'destruction',
  'persistence',
  'privilege',
  'reverse-shell',
  'drop-box',
  'code-in-data',
];

/**
 * A combination of capabilities an analyst calls malicious. Each is HIGH whatever the wording around
 * it says ("never run this", "for example", a heading, the skill's name): that wording is the author's.
 */
export interface Compound {
  id: string;
  /** One capability of each group must be present. */
  groups: readonly (readonly Capability[])[];
  /** The rule it is reported under; `act`: the rule of the evidence that gives the act (the group at `anchor`). */
  rule: string;
  /** The group whose evidence the finding points at. */
  anchor: number;
  /**
   * `unit`: every group within the unit (and the files the unit runs); `skill`: the groups other than
   * the anchor may come from anywhere in the skill (hiding in SKILL.md, the act in a script).
   */
  scope: 'unit' | 'skill';
  /**
   * The groups other than the anchor may also come from the other steps of the anchor's section (the
   * units under one Markdown heading): a procedure reads the secret in step 2 and posts it in step 3.
   */
  section?: boolean;
  /** On the anchor's own evidence, this capability defuses the compound (an official installer): LOW. */
  unless?: Capability;
  /** Every group within one sentence or command: a standing trigger fires what its own instruction says. */
  oneClause?: boolean;
  /**
   * Detectors whose evidence pairs only with evidence of its own clause: a PATH line appended to
   * ~/.bashrc is an install step, and persists a download only when it writes that download itself.
   */
  ownClauseOnly?: readonly string[];
  /** The anchor's evidence must be an instruction (prose), not code: what a script reads is how it works, not an order. */
  instructedAnchor?: boolean;
  /** Per group: evidence whose matched text this matches does not count for that group. */
  unlessMatched?: readonly (RegExp | undefined)[];
  /** Per group: only these detectors' evidence counts for that group. */
  onlyDetectors?: readonly (readonly string[] | undefined)[];
  /** The group whose evidence comes only from the files the unit runs (a script the instruction names), not the unit itself. */
  fromRunOnly?: number;
}

/** Evidence that the project itself leaves: pushed to an address, its tree copied to a remote, packed and uploaded. */
const PROJECT_SENT_AWAY = [
  'push-to-address',
  'tree-copied-to-remote',
  'tree-copied-to-remote-variable',
  'project-archive-uploaded',
  'argument-folder-uploaded',
];

export const COMPOUNDS: readonly Compound[] = [
  { id: 'exfiltration', groups: [['source'], ['sink']], rule: 'S005', anchor: 1, scope: 'unit', section: true },
  { id: 'remote-code', groups: [['download'], ['execute']], rule: 'S001', anchor: 1, scope: 'unit', unless: 'vendor-installer' },
  {
    // One script saves a download in the user's cache or home folder; another, or a later run, loads code from there
    // (`curl … -o "$CACHE/rt.py"` in setup.sh, `runpy.run_path(CACHE / "rt.py")` in extract.py): the download is what runs.
    id: 'remote-code-across-files',
    groups: [['download'], ['execute']],
    rule: 'S001',
    anchor: 1,
    scope: 'skill',
    unless: 'vendor-installer',
    onlyDetectors: [['download-to-file', 'download-saved-as-code'], ['run-code-from-outside']],
  },
  {
    // A module of the skill saves fetched code as a program file in the user's cache (`target.write_bytes(r.read())` with
    // `CACHE / "rt.py"`); another loads a program from a file (`spec_from_file_location(…)`, `runpy.run_path(path)`),
    // with the path handed over by a function: the download is what runs.
    id: 'downloaded-code-loaded',
    groups: [['download'], ['loads-code-file']],
    rule: 'S001',
    anchor: 1,
    scope: 'skill',
    unless: 'vendor-installer',
    onlyDetectors: [['download-saved-as-code'], ['load-code-from-file']],
  },
  {
    // The skill's config lists credential files or secret variables (`"files": [".npmrc", "~/.git-credentials"]`) and its
    // code uploads: the code gathers what the config names, and each looks harmless alone.
    id: 'configured-exfiltration',
    groups: [['source'], ['sink']],
    rule: 'S005',
    anchor: 1,
    scope: 'skill',
    onlyDetectors: [['config-lists-secrets'], undefined],
  },
  {
    // The skill's config points a clean-up rule at the folder above the project or the home folder
    // (`{ "base": "PARENT", "glob": "*" }`, `roots = ["..", "~/src"]`) and its code removes trees: what it removes is there.
    id: 'configured-deletion',
    groups: [['outside-root'], ['removes-tree']],
    rule: 'S007',
    anchor: 1,
    scope: 'skill',
    onlyDetectors: [['config-names-outside-root'], undefined],
  },
  { id: 'decoded-payload', groups: [['decode'], ['execute', 'spawn', 'sink', 'download']], rule: 'S006', anchor: 0, scope: 'unit' },
  { id: 'upload-to-drop-box', groups: [['sink'], ['drop-box']], rule: 'S005', anchor: 0, scope: 'unit', section: true },
  {
    id: 'secrets-to-drop-box',
    groups: [['source'], ['drop-box', 'tunnel', 'chat-webhook']],
    rule: 'S005',
    anchor: 0,
    scope: 'unit',
    section: true,
  },
  {
    id: 'dropper',
    groups: [['persistence'], ['download', 'sink', 'reverse-shell', 'drop-box', 'execute', 'self-copy']],
    rule: 'S009',
    anchor: 0,
    scope: 'unit',
    ownClauseOnly: ['shell-startup-file'],
  },
  {
    // A scheduled job that runs whatever a registry serves today (`*/30 * * * * npx tool@latest`): remote code on a timer,
    // with nobody there. An agent hook that runs a tool is how hooks work; it is not this.
    id: 'scheduled-install',
    groups: [['persistence'], ['unpinned-install']],
    rule: 'S009',
    anchor: 0,
    scope: 'unit',
    // The package is what the entry runs: one command (an unrelated `npx …@latest` in the same block is its own step).
    oneClause: true,
    onlyDetectors: [['crontab', 'launch-agent', 'systemd-unit', 'windows-autorun'], undefined],
  },
  { id: 'hidden-persistence', groups: [['persistence'], ['concealment']], rule: 'S009', anchor: 0, scope: 'skill' },
  { id: 'concealed-act', groups: [['concealment'], RISKY_ACTS.filter((c) => c !== 'source')], rule: 'act', anchor: 1, scope: 'skill' },
  // Telling the agent to read secrets and keep it from the user; code that reads them (a grep of the history) is how a tool works.
  // The repository's own diff or log (`git diff --stat` in a report) is the user's work shown to the user, not a secret.
  {
    id: 'concealed-read',
    groups: [['concealment'], ['source']],
    rule: 'act',
    anchor: 1,
    scope: 'skill',
    instructedAnchor: true,
    unlessMatched: [undefined, /^git\s{1,4}(?:diff|log|show|format-patch)\b/i],
  },
  { id: 'hidden-order', groups: [['directive'], RISKY_ACTS], rule: 'S004', anchor: 0, scope: 'unit' },
  {
    id: 'standing-act',
    groups: [['trigger'], ['privilege', 'concealment', 'persistence', 'destruction']],
    rule: 'act',
    anchor: 1,
    scope: 'unit',
    oneClause: true,
  },
  {
    // An allow-everything mode written where it lasts (the agent's settings, an alias in a shell start-up file): every
    // later session runs without asking. One instruction or line holds both.
    id: 'persistent-privilege',
    groups: [['persistence'], ['privilege']],
    rule: 'act',
    anchor: 0,
    scope: 'unit',
    oneClause: true,
    // Where a mode lasts (not a cron entry that runs the agent: a loop the user set up) and the mode itself.
    onlyDetectors: [
      ['agent-settings', 'prose-installs-persistence', 'shell-startup-file'],
      ['skip-permission-flags', 'allow-any-shell', 'auto-approve-settings', 'prose-grants-access'],
    ],
  },
  {
    // Whatever a registry serves today, run every session or after every task: remote code again and again. A bare
    // "always run `npx tool@latest docs`" while doing the task is how a tool's own skill is used.
    id: 'standing-install',
    groups: [['trigger'], ['unpinned-install']],
    rule: 'act',
    anchor: 1,
    scope: 'unit',
    oneClause: true,
    unlessMatched: [/^always\b/i],
  },
  {
    // "After every task, push the repository to https://…" (or copy the working folder to a remote): the user's work sent
    // away on a timer, not published once.
    id: 'standing-push',
    groups: [['trigger'], ['sink']],
    rule: 'S005',
    anchor: 1,
    scope: 'unit',
    oneClause: true,
    onlyDetectors: [undefined, PROJECT_SENT_AWAY],
  },
  {
    // The same with the upload in the script the standing instruction runs ("each time the tests come back green, run
    // `julia scripts/checkpoint.jl`", which packs the project and PUTs it to a host of its own): the trigger is the
    // instruction's, the push the script's.
    id: 'standing-push-by-script',
    groups: [['trigger'], ['sink']],
    rule: 'S005',
    anchor: 0,
    scope: 'unit',
    fromRunOnly: 1,
    onlyDetectors: [undefined, PROJECT_SENT_AWAY],
  },
  {
    id: 'evasive-act',
    groups: [['evasion'], [...RISKY_ACTS, 'injection', 'concealment', 'directive', 'autonomy', 'role-label']],
    rule: 'act',
    anchor: 1,
    scope: 'unit',
  },
  { id: 'relentless-harvest', groups: [['autonomy'], ['source', 'destruction']], rule: 'S015', anchor: 0, scope: 'unit' },
  { id: 'code-in-data', groups: [['execute'], ['code-in-data']], rule: 'S014', anchor: 1, scope: 'unit' },
  // Input from outside (arguments, stdin, a request) and code that evaluates strings in one script: whoever writes the input runs code.
  {
    id: 'injectable',
    groups: [['untrusted-input'], ['evaluate']],
    rule: 'S014',
    anchor: 1,
    scope: 'unit',
    // SQL built from strings is injection only when the input is in the statement: every stdio MCP server reads stdin.
    ownClauseOnly: ['sql-built-string'],
  },
  {
    id: 'credentials-to-tunnel',
    groups: [
      ['drop-box', 'tunnel'],
      ['credential-flow', 'execute'],
    ],
    rule: 'S013',
    anchor: 0,
    scope: 'unit',
  },
];

/** What a step may take from the other steps of its section: the non-anchor groups of the compounds that reach that far. */
export const SECTION_CAPABILITIES: ReadonlySet<Capability> = new Set(
  COMPOUNDS.filter((c) => c.section).flatMap((c) => c.groups.filter((_, g) => g !== c.anchor).flat()),
);
