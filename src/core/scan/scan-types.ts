import type { ScanLevel } from '../finding.js';

/**
 * What a piece of text makes an agent (or the user who runs it) able to do. A finding's level comes
 * from the capabilities of its unit taken together (judge/compounds.ts), never from how the text is
 * worded around them. The descriptions are in judge/capabilities.ts.
 */
export type Capability =
  /** Reads secret or private data: keys, tokens, `.env`, cookies, clipboard, screen, history, the prompt, the user's files in bulk. */
  | 'source'
  /** Sends data off the machine: an upload, a request with a body, a webhook, mail, DNS, a remote copy. */
  | 'sink'
  /** Fetches a program or a script from the network. */
  | 'download'
  /** Runs text it was given as code: a pipe into a shell, `eval` of a variable, the file just downloaded. */
  | 'execute'
  /** Decodes or assembles hidden text (base64, hex, escapes, character codes). */
  | 'decode'
  /** An endpoint attackers use to receive data or serve payloads: request catchers, paste sites, chat bots, raw IPs, shorteners. */
  | 'drop-box'
  /** A tunnel host (ngrok, Cloudflare quick tunnels): often the developer's own laptop. */
  | 'tunnel'
  /** A chat service's bot or webhook API (Discord, Telegram): anyone can create one, and build notifications go there too. */
  | 'chat-webhook'
  /** Destroys data or systems: outside the workspace, in bulk, beyond recovery. */
  | 'destruction'
  /** Makes something run again later without the user: schedulers, start-up files, SSH keys, hooks. */
  | 'persistence'
  /** A program that copies itself out of the repository (`cp "$0" ~/.local/share/x/`): with persistence, a dropper of itself. */
  | 'self-copy'
  /** Hides what happens from the user: keep it secret, run silently, erase the traces. */
  | 'concealment'
  /** A standing instruction that fires again and again: after every task, on each session, always. */
  | 'trigger'
  /** Accounts and privilege: new users, default passwords, sudoers, world-writable system paths, defences off, an agent that may run anything. */
  | 'privilege'
  /** Overrides the agent's instructions or role, or asks for its hidden instructions. */
  | 'injection'
  /** Text hidden from the reader and addressed to the agent (an HTML comment that gives orders). */
  | 'directive'
  /** A system-role label or chat-template token in text the agent reads. */
  | 'role-label'
  /** Tells the agent to act without limits: never stop, retry forever, skip confirmation. */
  | 'autonomy'
  /** Gives a remote party a shell. */
  | 'reverse-shell'
  /** Text a reviewer cannot see (Unicode Tag characters, bidi overrides, zero-width runs). */
  | 'hidden-text'
  /** A live-looking credential written in the file. */
  | 'live-secret'
  /** Installs whatever version is served today. */
  | 'unpinned-install'
  /** Installs system-wide. */
  | 'global-install'
  /** A package named like a well-known one, one letter off. */
  | 'typosquat'
  /** An opaque executable or archive. */
  | 'binary'
  /** Starts processes or evaluates strings from code (a primitive, not an act). */
  | 'spawn'
  /** Evaluates a string as code or SQL. */
  | 'evaluate'
  /** Reads input from outside the program (arguments, stdin, a request). */
  | 'untrusted-input'
  /** Code inside a data value that something else evaluates. */
  | 'code-in-data'
  /** Loads a program from a file by its path (`spec_from_file_location`, `runpy.run_path`): what it runs is what is there. */
  | 'loads-code-file'
  /** A config names a folder outside the project for a clean-up rule (`"base": "PARENT"`, `roots = [".."]`). */
  | 'outside-root'
  /** Code that removes a whole tree it is given (`shutil.rmtree(p)`, `fs.rmSync(p, { recursive: true })`, `os.RemoveAll(p)`). */
  | 'removes-tree'
  /** An endpoint or value that carries credentials (OAuth callbacks, token URLs). */
  | 'credential-flow'
  /** Matched only after invisible characters, look-alike letters or shell quoting were read through. */
  | 'evasion'
  /** The download is an official installer on the reviewed list (judge/vendor-installers.ts). */
  | 'vendor-installer'
  /** Text that names or describes an attack (a detection rule, a write-up): evidence of nothing. */
  | 'mentions-attack';

/**
 * What the agent reads as one step, the scanner's unit of judgement: a paragraph, list item,
 * heading or table row of prose; a code block; an HTML comment; a script (the whole file); a
 * config block; what one MCP server, hook or setting launches.
 */
export type UnitKind = 'prose' | 'code' | 'comment' | 'frontmatter' | 'config' | 'launch';

/** Why a code unit is code, for messages. */
export type CodeOrigin = 'fence' | 'indented' | 'pre-run' | 'hook' | 'script' | 'inline' | 'launch' | 'inline-script' | 'decoded';

/**
 * A unit as the matcher reads it: `text` is the unit's text as rules read it (prose with line
 * breaks as spaces; code as logical lines, continuations joined), `pieces` maps it back to the file.
 */
export interface Unit {
  /** Index in the file's units. */
  id: number;
  kind: UnitKind;
  /** File range (in the text the rules read) the unit covers. */
  start: number;
  end: number;
  /** Fenced code: the info string (`bash`, `python`, `!`). */
  info?: string;
  origin?: CodeOrigin;
  /** A trailing backslash does not continue the line (PowerShell, batch). */
  noContinuation?: boolean;
  /** A command read out of a larger unit (an argument list in a script): that unit's text, for what a detector asks of its unit. */
  within?: string;
  /** Inline code spans inside prose (`[start, end)` file offsets): commands read as code, judged with their sentence. */
  spans?: readonly (readonly [number, number])[];
  /** A Markdown table row: a cell of a table describes; it is not a step. */
  tableRow?: boolean;
  /** A table row's cells under a column that says what to do (Fix, Command, Action): steps, not descriptions. */
  stepCells?: readonly (readonly [number, number])[];
  /** Plain text (not Markdown): each line of the prose is also read as a command. */
  asCode?: boolean;
  /** A code block that the paragraph before it introduces ("…, run:"): one step with that paragraph (its id). */
  leadIn?: number;
  /** A list item of a list the paragraph before it introduces ("At the start of every task:"): that paragraph's id. */
  listLead?: number;
  /** A list item right under a heading ("## Do NOT"): the heading's id. */
  headingLead?: number;
}

/** One piece of evidence: a detector matched, and what that shows the text can do. */
export interface Evidence {
  /** The rule the detector belongs to (the id a finding of it alone is reported under). */
  rule: string;
  /** The detector (unique within its rule). */
  detector: string;
  capabilities: readonly Capability[];
  /** Its level when nothing else in the unit adds to it. */
  level: ScanLevel;
  /** File offsets (original text) and where the match starts and ends (1-based lines and columns). */
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The matched text as written. */
  matched: string;
  /** What the match is, in a few words (`reads ~/.ssh`, `uploads with curl -F`); what a blob decodes to. */
  detail?: string;
  /** Why, when the detector says it better than its rule. */
  why?: string;
  /** The unit it belongs to (`Unit.id`); -1 for file-level evidence. */
  unit: number;
  /** Evidence for a compound only: never a finding by itself. */
  evidenceOnly?: boolean;
  /** Hosts the text sends to or reads from (for credentials sent to their own issuer). */
  hosts?: readonly string[];
  /** Addresses a download fetches from (an official installer is known by them). */
  urls?: readonly string[];
  /** Who a credential belongs to (`openai`, `github`): sending it to its owner's host is not exfiltration. */
  owners?: readonly string[];
  /** The unit uses this credential to authenticate (a header, basic auth, an SDK's key argument). */
  authenticates?: boolean;
  /** Which sentence (prose) or logical line (code) of its unit it is in: compounds of one instruction need one clause. */
  clause?: number;
  /** Found in a code block (even one judged with the paragraph that introduces it). */
  inCode?: boolean;
  /** Found in an inline code span of prose that no run verb introduces (`- \`vssadmin delete shadows\``): a name, in a reference an example. */
  inSpan?: boolean;
  /** Prose whose clause forbids what it names ("Never run `rm -rf ~`", "Avoid `NOPASSWD: ALL`"). */
  negated?: boolean;
  /**
   * Inline code the sentence talks about rather than orders (`` `setenforce 0` turns SELinux off ``, "Flag any
   * `NOPASSWD: ALL` line", "– disables AV (`Set-MpPreference …`)"): its acts, alone or together, are worth a look.
   */
  described?: boolean;
}

/** A local file a unit runs (a script, an MCP server's program, a hook): what it does is part of what the unit does. */
export interface Reference {
  unit: number;
  line: number;
  column: number;
  /** The path as written. */
  path: string;
  /** Given to an interpreter, run as a command, or named on its own in instructions. */
  how: 'interpreter' | 'command' | 'named';
  /** Run by an MCP server, hook or setting: the agent client starts it on its own. */
  launched: boolean;
  /** The recipe or target asked for (`just check`): what of the file runs. */
  entry?: string;
  /** The project's own folder given as the program's first argument (`ruby scripts/sync.rb .`). */
  projectArgument?: true;
}

/** A file-level diagnostic that is not a rule (`scan/…`). */
export interface ScanDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'notice';
  message: string;
  help?: string;
  line?: number;
  column?: number;
}

export type { ScanLevel };
