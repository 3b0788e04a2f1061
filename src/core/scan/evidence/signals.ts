/**
 * What a rule match is evidence of. A finding's level comes from the signals of its unit (a
 * code block, a command line, a config entry, a prose paragraph) and of its skill: a signal
 * alone is what the pattern says (usually MEDIUM or LOW), a compound below is HIGH.
 */
export const SIGNALS = {
  download: 'fetches code or data from the network',
  execute: 'runs code or a shell command',
  decode: 'decodes or deobfuscates text',
  'credential-source': 'reads secret material (keys, tokens, credential files, the environment)',
  'network-sink': 'sends data over the network',
  'drop-box': 'talks to a place attackers use to receive data or serve payloads',
  'chat-api': "posts to a chat service's bot or webhook API (anyone can create one)",
  tunnel: "a tunnel host (ngrok, Cloudflare quick tunnels): a laptop on the internet, often the developer's own",
  persistence: 'makes something run again later',
  'scheduled-task': 'schedules a program (cron, launchd, systemd, Windows tasks)',
  stealth: 'hides traces (history, hidden files, silenced background jobs, quarantine flags)',
  'conceal-from-user': 'tells the agent to keep something from the user',
  'agent-directive': 'instruction text that tells the agent to act',
  'instruction-override': "overrides the agent's instructions or role",
  'role-impersonation': 'a system-role label or chat-template token',
  autonomy: 'tells the agent to act without limits or without the user',
  destructive: 'destroys data or systems',
  privilege: 'widens what the agent or a program may do',
  'defence-disable': 'turns off security controls or grants passwordless root',
  'reverse-shell': 'gives a remote party a shell',
  'hidden-text': 'text invisible to a reviewer',
  'live-secret': 'a live-looking credential in the file',
  'unpinned-install': 'installs whatever version is served today',
  'global-install': 'installs system-wide',
  binary: 'an opaque binary or archive',
  'code-in-data': 'code inside a data value, where something else will evaluate it',
  evaluate: 'evaluates a string as code or as SQL',
  'untrusted-input': 'reads input from outside the program (arguments, stdin, a request)',
  'credential-flow': 'an endpoint or value that carries credentials (OAuth, tokens, logins)',
  evasion: 'only matched after removing invisible characters, look-alike letters or shell quoting',
  'vendor-installer': 'the official installer of the tool the skill is about',
  'mentions-attack': 'names an attack in text that discusses or quotes it',
} as const;

export type Signal = keyof typeof SIGNALS;

/** Signals that make an act risky (for "hidden from the user **and** a risky act"). */
export const RISKY_ACTS: ReadonlySet<Signal> = new Set<Signal>([
  'download',
  'execute',
  'decode',
  'credential-source',
  'network-sink',
  'drop-box',
  'chat-api',
  'tunnel',
  'persistence',
  'destructive',
  'privilege',
  'defence-disable',
  'reverse-shell',
  'live-secret',
  'code-in-data',
  'evaluate',
]);

export interface Compound {
  /** One signal of each group must be present. */
  all: readonly (readonly Signal[])[];
  /** `unit`: within one unit; `skill`: anywhere in the skill (and so within a unit too). */
  scope: 'unit' | 'skill';
  /** A signal on the finding itself that defuses the compound (never one of a neighbour's). */
  unless?: Signal;
}

const RISKY = [...RISKY_ACTS];

/**
 * The combinations an analyst calls malicious. Each is HIGH, whatever the wording around it
 * says ("never run this", "for example"): that wording is the author's, and so the attacker's.
 */
export const COMPOUNDS: readonly Compound[] = [
  { all: [['credential-source'], ['network-sink']], scope: 'unit' },
  { all: [['credential-source'], ['drop-box', 'chat-api', 'tunnel']], scope: 'skill' },
  { all: [['network-sink'], ['drop-box']], scope: 'unit' },
  { all: [['decode'], ['execute']], scope: 'unit' },
  { all: [['download'], ['execute']], scope: 'unit', unless: 'vendor-installer' },
  { all: [['persistence'], ['stealth']], scope: 'skill' },
  { all: [['conceal-from-user'], RISKY], scope: 'skill' },
  { all: [['agent-directive'], RISKY], scope: 'unit' },
  { all: [['autonomy'], ['credential-source', 'destructive']], scope: 'unit' },
  { all: [['execute'], ['code-in-data']], scope: 'unit' },
  { all: [['evaluate'], ['untrusted-input']], scope: 'unit' },
  { all: [['scheduled-task'], ['download']], scope: 'unit' },
  {
    all: [
      ['drop-box', 'tunnel'],
      ['credential-flow', 'execute'],
    ],
    scope: 'unit',
  },
  {
    all: [['evasion'], [...RISKY, 'instruction-override', 'conceal-from-user', 'agent-directive', 'autonomy', 'role-impersonation']],
    scope: 'unit',
  },
];

/** Signals a finding's own match provides, deduplicated, in the order given. */
export function uniqueSignals(signals: Iterable<Signal>): Signal[] {
  return [...new Set(signals)];
}

export interface CompoundMatch {
  /** The signals that make the compound. */
  signals: Signal[];
  /** The signal that defuses it (the level stays at most MEDIUM), when one does. */
  defusedBy?: Signal;
  /** Which compound (index into COMPOUNDS). */
  index: number;
  /** The finding's own signals make it, without its neighbours'. */
  selfContained: boolean;
}

/**
 * The compound satisfied by `own` (the finding's signals) together with `around` (the signals
 * of its unit or skill) in which the finding takes part: at least one of the compound's signals
 * is its own. A compound that is not defused wins over one that is.
 */
export function findCompound(
  own: ReadonlySet<Signal>,
  around: ReadonlySet<Signal>,
  scopes: ReadonlySet<Compound['scope']>,
): CompoundMatch | undefined {
  let defused: CompoundMatch | undefined;
  for (const [index, compound] of COMPOUNDS.entries()) {
    if (!scopes.has(compound.scope)) continue;
    const picked: Signal[] = [];
    let takesPart = false;
    let selfContained = true;
    for (const group of compound.all) {
      const chosen = group.find((s) => own.has(s)) ?? group.find((s) => around.has(s));
      if (!chosen) break;
      if (own.has(chosen)) takesPart = true;
      else selfContained = false;
      picked.push(chosen);
    }
    if (picked.length !== compound.all.length || !takesPart) continue;
    if (compound.unless && own.has(compound.unless)) {
      defused ??= { signals: uniqueSignals(picked), defusedBy: compound.unless, index, selfContained };
      continue;
    }
    return { signals: uniqueSignals(picked), index, selfContained };
  }
  return defused;
}
