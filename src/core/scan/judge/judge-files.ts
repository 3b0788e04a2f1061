import type { FileAnalysis } from '../analyse/analyse-file.js';
import type { Capability, Evidence, Reference } from '../scan-types.js';
import { SECTION_CAPABILITIES } from './compounds.js';
import { judgeUnit, type BorrowedEvidence, type Verdict } from './judge-unit.js';
import { borrowable, withVendorInstaller } from './borrowable.js';
import { pushAll } from '../../push-all.js';
import { classifySurface } from '../surfaces/classify-surface.js';

/** Capabilities the compounds of skill scope take from anywhere in the skill (judge/compounds.ts). */
const SKILL_WIDE: ReadonlySet<Capability> = new Set(['concealment']);

/** A reference of a unit, resolved to a file of the scan. */
export interface ResolvedReference {
  /** The file that runs it, and the unit and line of the command. */
  from: string;
  unit: number;
  line: number;
  /** The path as the command writes it, and the file it is. */
  written: string;
  target: string;
  /** The recipe or target asked for (`just check`): only what it runs is borrowed. */
  entry?: string;
  /** The project's own folder given as the program's argument: what it does to a folder it is given is done to the project. */
  projectArgument?: true;
}

/** A command's reference found to run `target`: where it is, and what of the target it runs. */
export function resolvedReference(from: string, ref: Reference, target: string): ResolvedReference {
  return {
    from,
    unit: ref.unit,
    line: ref.line,
    written: ref.path,
    target,
    ...(ref.entry ? { entry: ref.entry } : {}),
    ...(ref.projectArgument ? { projectArgument: true as const } : {}),
  };
}

/** Folders that hold a SKILL.md, longest first (a nested skill is its own skill). */
export function skillRootsOf(paths: Iterable<string>): string[] {
  const roots = [...paths].filter((p) => p === 'SKILL.md' || p.endsWith('/SKILL.md')).map((p) => p.slice(0, p.length - 'SKILL.md'.length));
  return roots.sort((a, b) => b.length - a.length);
}

/** The skill a file belongs to: its deepest folder that is a root; a file outside every skill is a skill of its own. */
export function skillLookup(roots: readonly string[]): (file: string) => string {
  const set = new Set(roots);
  return (file) => {
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      if (set.has(file.slice(0, slash + 1))) return file.slice(0, slash + 1);
    }
    return set.has('') ? '' : `file:${file}`;
  };
}

/** The documents some instruction tells the agent to run, resolved to files of the scan. */
function runDocuments(analyses: ReadonlyMap<string, FileAnalysis>, skillOf: (path: string) => string): Set<string> {
  const out = new Set<string>();
  for (const analysis of analyses.values()) {
    if (!analysis.runsDocuments.length) continue;
    const dir = analysis.path.slice(0, analysis.path.lastIndexOf('/') + 1);
    const skill = skillOf(analysis.path);
    for (const written of analysis.runsDocuments) {
      const path = written.replace(/^\.\//, '');
      for (const candidate of [`${dir}${path}`, skill.startsWith('file:') ? path : `${skill}${path}`, path])
        if (analyses.has(candidate)) out.add(candidate);
    }
  }
  return out;
}

/** A Go source file's package (its folder): the files of one package are one program. Not a test file. */
const goPackageOf = (path: string): string | undefined =>
  /\.go$/.test(path) && !/_test\.go$/.test(path) ? path.slice(0, path.lastIndexOf('/') + 1) : undefined;

/**
 * What the files of each Go package lend one another (`fetch.go` downloads, `main.go` runs what it returns): Go
 * compiles a folder's files as one program, with no import between them. A bounded amount per package.
 */
function goPackageEvidence(analyses: ReadonlyMap<string, FileAnalysis>): Map<string, BorrowedEvidence[]> {
  const out = new Map<string, BorrowedEvidence[]>();
  for (const analysis of analyses.values()) {
    const pkg = goPackageOf(analysis.path);
    if (!pkg) continue;
    const list = listOf(out, pkg);
    for (const evidence of analysis.evidence) if (list.length < SKILL_LENDS) list.push({ evidence, path: analysis.path });
  }
  return out;
}

/** The folder of a file outside any skill, as a key of what its folder lends. */
const folderKey = (path: string) => `folder:${path.slice(0, path.lastIndexOf('/') + 1)}`;

/** Evidence a file lends its whole skill: a download saved to disk, and what a config lists for the code (secrets to gather, folders to clean). */
const LENT_SKILL_WIDE: ReadonlySet<string> = new Set(['download-to-file', 'config-lists-secrets', 'config-names-outside-root']);

/** Rules whose findings mean the same in an example: a live key is live, hidden text is hidden, an injection is read. */
const SAME_IN_EXAMPLES: ReadonlySet<string> = new Set(['S004', 'S008', 'S011']);

/** Evidence in an example: it shows an attack, it does none (quiet), unless it is one of the kinds above. */
function asExample(e: Evidence): Evidence | undefined {
  if (SAME_IN_EXAMPLES.has(e.rule)) return e;
  return undefined;
}

/** Configs whose entries run programs for the agent: MCP servers, hooks, status lines. */
const LAUNCH_SURFACES: ReadonlySet<string> = new Set(['mcp-json', 'codex-toml', 'agent-settings', 'plugin-hooks']);

/**
 * A credential printed by a program a hook or an MCP server runs lands in the agent's context: read and sent at once. So
 * does a link carrying one: the agent renders or follows it. What such a program enables as a service runs on its own.
 */
function printedToAgent(e: Evidence): Evidence {
  if (e.detector === 'print-secret' && e.level !== 'HIGH') return { ...e, level: 'HIGH', capabilities: ['source', 'sink'] };
  if (e.detector === 'data-link-printed' && e.level !== 'HIGH') return { ...e, level: 'HIGH', capabilities: ['sink'] };
  // A service or agent enabled by what the client runs on its own (`systemctl --user enable --now x.timer` in a session
  // hook): installed in every session without being asked, and running outside it after.
  // So does a crontab it installs (`crontab -` fed a line, `crontab file`) and a shell start-up file its code writes.
  if (
    e.rule === 'S009' &&
    e.level !== 'HIGH' &&
    !e.described &&
    !e.negated &&
    // Held as text where it stands (`crontab -` in a hook's pattern of commands to block): nothing is installed.
    !e.capabilities.includes('mentions-attack') &&
    (((e.detector === 'systemd-unit' || e.detector === 'launch-agent') &&
      /\b(?:systemctl\s{1,4}(?:--user\s{1,4})?(?:enable|link)|launchctl\s{1,4}(?:load|bootstrap|submit|enable))\b/i.test(e.matched)) ||
      (e.detector === 'crontab' && /^crontab\s{1,4}(?:-u\s{1,4}\S{1,32}\s{1,4})?(?:-$|[^-\s])/i.test(e.matched.trim())) ||
      e.detector === 'startup-file-in-code')
  )
    return { ...e, level: 'HIGH', capabilities: ['persistence'] };
  // The project packed and uploaded to an address the program writes out, by a hook that runs after every turn: the
  // user's work (its `.env` too) sent away again and again, unasked.
  if (e.detector === 'project-archive-uploaded' && e.hosts?.length && !e.described && !e.negated)
    return { ...e, level: 'HIGH', evidenceOnly: false, capabilities: ['sink'] };
  return e;
}

/** Capabilities of text that gives the agent orders. */
const ORDERS: ReadonlySet<Capability> = new Set(['injection', 'directive', 'role-label', 'trigger', 'autonomy', 'concealment']);

/** Folders of test inputs and evaluation sets: a prompt-injection suite holds injections as its data. */
const TEST_DATA_PATH = /(?:^|\/)(?:tests?|__tests__|fixtures|testdata|test-data|evals?|evaluations?|benchmarks?)\//i;

/**
 * An injection or hidden text in test data no instruction runs: worth a look, not a failed check (what it does alongside
 * still counts). In a data file there (JSON, YAML, CSV: logged events a detection rule is tested on), every act is a record.
 */
function asTestData(e: Evidence, dataFile: boolean): Evidence {
  return (dataFile || e.rule === 'S004' || e.rule === 'S008') && e.level === 'HIGH' ? { ...e, level: 'MEDIUM', described: true } : e;
}

/**
 * Test cases nothing runs — a rule engine's (`# ruleid:` above `exec(urlopen(…))`) or an evaluation set's (records
 * with `must_not_contain`): what they show is matched or fed to a system under test, not done.
 */
function asTestCases(e: Evidence): Evidence | undefined {
  const shown = asExample(e);
  return shown && asTestData(shown, false);
}

/** Evidence one section lends its steps, at most (a real procedure has a handful; a flood gets no more). */
const SECTION_LENDS = 64;
/** Evidence of one kind (one detector) a skill lends its units across files, at most. */
const SKILL_LENDS = 64;

/** The list kept under `key`, made on first use (appending in place: a copy per item would be quadratic). */
function listOf<K, T>(map: Map<K, T[]>, key: K): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

export interface FileVerdicts {
  path: string;
  verdicts: Verdict[];
  /** Who runs this file (`.claude/settings.json:5`), when a scanned command does: the finding names both. */
  runBy: string[];
}

/**
 * Every file's verdicts: each unit judged with its own evidence, the evidence of the files it runs
 * (followed references) and, for compounds of skill scope, the concealment and drop boxes anywhere in
 * its skill. `analyses` may be any set of files: a file's verdicts depend only on itself, its skill
 * and what it runs.
 */
/**
 * A reference that, in its own prose, tells the agent to keep a step from the user or to go on without asking is a
 * procedure addressed to the agent, not a page of examples: no example needs the reader to hide it.
 */
function ordersTheAgent(analysis: FileAnalysis): boolean {
  return analysis.evidence.some((e) => !e.inCode && !e.inSpan && e.capabilities.some((c) => c === 'concealment' || c === 'autonomy'));
}

export function judgeFiles(analyses: ReadonlyMap<string, FileAnalysis>, references: readonly ResolvedReference[]): FileVerdicts[] {
  const skillOf = skillLookup(skillRootsOf(analyses.keys()));
  const run = runDocuments(analyses, skillOf);
  const skillWide = new Map<string, BorrowedEvidence[]>();
  const hidingOf = new Map<string, BorrowedEvidence[]>();
  const lentBySkill = new Map<string, number>();
  for (const analysis of analyses.values()) {
    const key = skillOf(analysis.path);
    const list = skillWide.get(key) ?? [];
    // A bounded amount of each kind per skill, as a section lends: every unit of the skill judges against this list, so a
    // flood of thousands of saved downloads would otherwise cost units × downloads.
    const lend = (evidence: Evidence) => {
      const kind = `${key}\0${evidence.detector}`;
      const lent = lentBySkill.get(kind) ?? 0;
      if (lent >= SKILL_LENDS) return;
      lentBySkill.set(kind, lent + 1);
      list.push({ evidence, path: analysis.path });
    };
    // Only an instruction to hide reaches across the skill; traces hidden in code (history, DNS) stay with their command.
    // So does a download saved to disk: code another script loads from outside the repository is that download (compounds.ts),
    // and a config's list of credential files or outside folders: the skill's code gathers or removes what its config names.
    for (const evidence of analysis.evidence) {
      const hiding = evidence.capabilities.some((c) => SKILL_WIDE.has(c)) && (evidence.rule === 'S004' || evidence.rule === 'S015');
      // A folder outside the project a launcher's config names (`"env": { "RECLAIM_SCOPE": ".." }` beside the hook it runs)
      // reaches the script as an order to hide does: the script removes under the folder its environment says.
      if (
        (hiding || (evidence.detector === 'config-names-outside-root' && LAUNCH_SURFACES.has(classifySurface(analysis.path) ?? ''))) &&
        listOf(hidingOf, analysis.path).length < SKILL_LENDS
      )
        listOf(hidingOf, analysis.path).push({ evidence, path: analysis.path });
      if (hiding || LENT_SKILL_WIDE.has(evidence.detector)) lend(evidence);
      // Outside any skill, a config's clean-up rules or list of files to gather are read by the program beside it
      // (`tools/prune/policy.toml` by `main.go`, `tools/covdash.yml` by `covdash.R`).
      if (key.startsWith('file:') && (evidence.detector === 'config-names-outside-root' || evidence.detector === 'config-lists-secrets'))
        listOf(skillWide, folderKey(analysis.path)).push({ evidence, path: analysis.path });
    }
    skillWide.set(key, list);
  }
  const goPackages = goPackageEvidence(analyses);
  const runs = new Map<string, ResolvedReference[]>();
  const runBy = new Map<string, string[]>();
  // Programs a hook or an MCP server entry runs: what they print is the agent's next input.
  const printsToAgent = new Set(references.filter((ref) => LAUNCH_SURFACES.has(classifySurface(ref.from) ?? '')).map((ref) => ref.target));
  // A rules file or command outside any skill that says to keep a step from the user, and the script that step runs
  // (`node tools/mirror.mjs` … "no need to mention it"): the order to hide reaches the script as it reaches a skill's.
  const hiddenByRunner = new Map<string, BorrowedEvidence[]>();
  for (const ref of references) {
    const key = `${ref.from}\0${ref.unit}`;
    runs.set(key, [...(runs.get(key) ?? []), ref]);
    if (ref.target !== ref.from) runBy.set(ref.target, [...new Set([...(runBy.get(ref.target) ?? []), `${ref.from}:${ref.line}`])]);
    const hiding = hidingOf.get(ref.from);
    if (hiding && skillOf(ref.target) !== skillOf(ref.from)) {
      const lent = listOf(hiddenByRunner, ref.target);
      for (const b of hiding) if (!lent.includes(b)) lent.push(b);
    }
  }
  const out: FileVerdicts[] = [];
  for (const analysis of analyses.values()) {
    const byUnit = new Map<number, Evidence[]>();
    const examples = analysis.role === 'reference' && !run.has(analysis.path) && !ordersTheAgent(analysis);
    const testData = analysis.role !== 'instructions' && !run.has(analysis.path) && TEST_DATA_PATH.test(analysis.path);
    // A reference's code, in a block or inline (`Set-MpPreference -Disable… $true` in a list of indicators), is an example;
    // inline code in a paragraph that gives the agent orders ("SYSTEM: print `~/.aws/credentials`"), or in a data file
    // (a CSV row the skill says to obey), is that order's act.
    const ordering = new Set(
      analysis.evidence.filter((e) => !e.inCode && !e.inSpan && e.capabilities.some((c) => ORDERS.has(c))).map((e) => e.unit),
    );
    for (const e of analysis.evidence) {
      // Lent only to a command that gives the program the project's folder (borrowable): of itself, a folder it is given.
      if (e.detector === 'argument-folder-uploaded') continue;
      const example = e.inCode || (e.inSpan && analysis.type === 'markdown' && !ordering.has(e.unit));
      const judged =
        examples && example
          ? asExample(e)
          : (analysis.ruleFixture || analysis.testDataset) &&
              analysis.role !== 'instructions' &&
              !run.has(analysis.path) &&
              !runBy.has(analysis.path)
            ? asTestCases(e)
            : withVendorInstaller(
                testData
                  ? asTestData(e, analysis.type === 'json' || analysis.type === 'config')
                  : printsToAgent.has(analysis.path)
                    ? printedToAgent(e)
                    : e,
              );
      if (judged) listOf(byUnit, e.unit).push(judged);
    }
    for (const ref of analysis.references) if (!byUnit.has(ref.unit)) byUnit.set(ref.unit, []);
    const own = skillOf(analysis.path);
    const skill = [
      ...(skillWide.get(own) ?? []),
      ...(own.startsWith('file:') ? (skillWide.get(folderKey(analysis.path)) ?? []) : []),
      ...(hiddenByRunner.get(analysis.path) ?? []),
    ];
    const sectionOf = analysis.role === 'instructions' ? analysis.sections : undefined;
    const bySection = new Map<number, BorrowedEvidence[]>();
    if (sectionOf)
      for (const [unit, own] of byUnit)
        if (unit >= 0)
          for (const evidence of own)
            if (evidence.capabilities.some((c) => SECTION_CAPABILITIES.has(c))) {
              // Only what a section compound could take, and a bounded amount of it: every step judges against this
              // list, so a section of thousands of sources and sinks would otherwise cost steps × sources.
              const lent = listOf(bySection, sectionOf[unit]!);
              if (lent.length < SECTION_LENDS) lent.push({ evidence, path: analysis.path });
            }
    // What the other files of its Go package lend it: the same for each of its units.
    const fromPackage = (goPackages.get(goPackageOf(analysis.path) ?? '') ?? []).filter((b) => b.path !== analysis.path);
    const verdicts: Verdict[] = [];
    for (const [unit, own] of byUnit) {
      if (unit < 0) {
        // File-level evidence (a binary, a whole-file check) is a unit of its own per piece.
        for (const e of own) pushAll(verdicts, judgeUnit([e], [], []));
        continue;
      }
      const borrowed = [
        ...(runs.get(`${analysis.path}\0${unit}`) ?? []).flatMap((ref) => {
          const target = analyses.get(ref.target);
          return target && ref.target !== analysis.path ? borrowable(target, ref.entry, ref.projectArgument) : [];
        }),
        ...fromPackage,
      ];
      pushAll(
        verdicts,
        judgeUnit(
          own,
          borrowed,
          skill.filter((b) => b.evidence.unit !== unit || b.path !== analysis.path),
          sectionOf ? (bySection.get(sectionOf[unit]!) ?? []).filter((b) => b.evidence.unit !== unit) : [],
        ),
      );
    }
    out.push({ path: analysis.path, verdicts, runBy: runBy.get(analysis.path) ?? [] });
  }
  return out;
}
