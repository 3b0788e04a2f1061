import { parseFrontmatter, type ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import { decodeText } from '../../text.js';
import { lazyLines } from '../lazy-lines.js';
import type { CompiledDetectors } from '../match/compile-detectors.js';
import { MatchBudget, matchUnits, type MatchOptions } from '../match/match-units.js';
import { Waker } from '../match/waker.js';
import { normaliseForRules } from '../normalise/normalise-for-rules.js';
import { classifyContent, type FileType } from '../read/classify-path.js';
import { detectBinary } from '../read/detect-binary.js';
import { findRunReferences } from '../references/find-references.js';
import { namedConfigs } from '../references/program-config-files.js';
import { mayReadConfigValues } from '../references/config-getters.js';
import { findLocalImports } from '../references/find-imports.js';
import { agentFacingStrings } from './agent-facing-strings.js';
import { configSecretLists } from './config-secret-lists.js';
import { configDeletionRoots } from './config-deletion-roots.js';
import { decodedToShell } from './decoded-to-shell.js';
import type { Evidence, Reference, ScanDiagnostic, Unit } from '../scan-types.js';
import { segmentFile } from '../segment/segment-file.js';
import type { TextView } from '../segment/unit-text.js';
import { findSuppressionComments, type SuppressionComment } from '../suppress/find-suppression-comments.js';
import { launchUnits, virtualOffset } from '../surfaces/launch-units.js';
import { argumentListEvidence, matchReading } from './argument-list-evidence.js';
import { matchVirtualText } from './match-virtual-text.js';
import { makeVariablesAsShell } from './makefile-variables.js';
import { surfaceEntries } from '../surfaces/scan-surface.js';
import { pushDecodedPayloads } from './decode-payloads.js';
import { blockValues, rereadBlocksWithValues, rereadWithValues, type ValuesFromElsewhere } from './reread-with-values.js';
import { catalogueOfAttacks, opensAsFlagList } from './exhibit-blocks.js';
import { documentRole, type DocumentRole } from './document-role.js';
import { findRunDocuments, mayRunDocuments } from './find-run-documents.js';
import { frontmatterEvidence } from './frontmatter-evidence.js';
import { hiddenCharacterEvidence } from './hidden-characters.js';
import { lendLeadInTriggers, lendListTriggers } from './list-triggers.js';
import { pushAll } from '../../push-all.js';
import { quietSearchPatterns } from './search-patterns.js';
import { pushReferences, pushUnitReferences, sectionsOf, unitAt } from './unit-places.js';
import { testDataset, RULE_FIXTURE_ANNOTATION, quietTestRecords, describeTestFileCases } from './test-data.js';
import { toEvidence } from './to-evidence.js';
import { joinLeadIns, placeEvidence } from './place-evidence.js';
import { assembledAddresses } from './assembled-addresses.js';
import { quietQuotedShellData } from './quoted-shell-data.js';
import { SHELL_SCRIPT, SHELL_SHEBANG } from '../rules/shell-vocabulary.js';
import { recipesOf, type Recipe } from './recipes.js';

/** What one file says and does, judged later together with its skill and what it runs (judge/). */
export interface FileAnalysis {
  path: string;
  type: FileType;
  /** What the agent does with the file (follows, runs, is configured by, looks things up in). */
  role: DocumentRole;
  /** Documents its instructions tell the agent to run (paths as written). */
  runsDocuments: string[];
  /** A script of rule-engine test cases (several `ruleid:`/`ok:` annotations): what it holds is matched, not run. */
  ruleFixture?: boolean;
  /** A data file of evaluation cases (records that say what the answer must or must not do): attacks as data. */
  testDataset?: boolean;
  /** How many units the file was cut into (evidence names its unit by index). */
  unitCount: number;
  /** Markdown: each unit's section (the units under one heading share it); absent for other files. */
  sections?: number[];
  evidence: Evidence[];
  references: Reference[];
  diagnostics: ScanDiagnostic[];
  /** Inline `plangate-ignore` comments. */
  comments: SuppressionComment[];
  /** A script: the config files it names by a relative path (as written), read with it (references/program-config-files.ts). */
  readsConfigs?: string[];
  /** A document whose shell blocks may read values from configs (references/config-getters.ts): read again with them. */
  readsConfigValues?: true;
  /** A justfile's recipes or a Makefile's rules: a command that asks for one runs only its lines (analyse/recipes.ts). */
  recipes?: ReadonlyMap<string, Recipe>;
  /** Frontmatter `name` and `description`, when the file has them. */
  name?: string;
  description?: string;
}

export interface AnalysisOptions extends ValuesFromElsewhere {
  detectors: CompiledDetectors;
  /** Environment variable names the operator passes to agents and verify commands (`ralph.passEnv`). */
  secretNames: ReadonlySet<string>;
  /** false: the keyword prefilter's oracle (match/match-units.ts). */
  prefilter?: boolean;
}

/** The frontmatter's name and description (what the skill says it is about). */
function frontmatterText(frontmatter: ParsedFrontmatter | undefined): Pick<FileAnalysis, 'name' | 'description'> {
  const data = frontmatter?.data;
  const text = (key: string) => (data && typeof data[key] === 'string' ? (data[key] as string) : undefined);
  const name = text('name');
  const description = text('description');
  return { ...(name ? { name } : {}), ...(description ? { description } : {}) };
}

function binaryAnalysis(path: string, kind: string | undefined, type: FileType): FileAnalysis {
  const evidence: Evidence[] = kind
    ? [
        {
          rule: 'S012',
          detector: 'binary',
          capabilities: ['binary'],
          level: 'MEDIUM',
          start: 0,
          end: 0,
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          matched: path.slice(path.lastIndexOf('/') + 1),
          detail: kind,
          unit: -1,
        },
      ]
    : [];
  return {
    path,
    type,
    role: documentRole(path, type),
    runsDocuments: [],
    unitCount: 0,
    evidence,
    references: [],
    diagnostics: [],
    comments: [],
  };
}

/**
 * One file's bytes → what it says and does: the file is classified, its text read the way the agent
 * and the shell read it (normalise/), cut into units (segment/), and the detectors the keyword
 * prefilter wakes run on each unit (match/). Encoded payloads are decoded and read again, hidden
 * characters found, frontmatter checked, config entries read as what they launch, and the local
 * files each unit runs listed. Pure and per file: nothing here depends on the other files of a scan.
 */
export function analyseFile(path: string, bytes: Uint8Array, options: AnalysisOptions): FileAnalysis {
  const { detectors } = options;
  const type = classifyContent(path, bytes);
  if (type === 'other') return binaryAnalysis(path, detectors.enabled('S012') ? detectBinary(path, bytes) : undefined, type);
  const decoded = decodeText(bytes);
  if (decoded.binary) {
    const kind = detectBinary(path, bytes);
    if (kind) return binaryAnalysis(path, detectors.enabled('S012') ? kind : undefined, type);
  }
  const original = decoded.text;
  const view = normaliseForRules(original);
  const text = makeVariablesAsShell(path, view?.text ?? original);
  const lines = lazyLines(original);
  const textLines = view ? lazyLines(text) : lines;
  const frontmatter: ParsedFrontmatter | undefined = type === 'markdown' ? parseFrontmatter(text) : undefined;
  const units = segmentFile(path, text, type, frontmatter);
  const diagnostics: ScanDiagnostic[] = [];
  if (decoded.invalidUtf8)
    diagnostics.push({
      ruleId: 'scan/invalid_utf8',
      severity: 'notice',
      line: 1,
      message: 'The file is not valid UTF-8; it was decoded with replacement characters and scanned.',
    });
  const matchOptions: MatchOptions = {
    path,
    secretNames: options.secretNames,
    ...(options.prefilter === false ? { prefilter: false } : {}),
  };
  const budget = new MatchBudget(detectors.detectors.length);
  const hits = detectors.automaton.scan(text);
  const waker = new Waker(detectors, options.prefilter);
  const raw = matchUnits(text, units, hits, detectors, matchOptions, budget, waker);
  const references: Reference[] = [];
  pushAll(raw, argumentListEvidence(text, units, detectors, matchOptions, budget, waker));

  // An MCP server's instructions, tool descriptions and tool docstrings: prose the model reads, each a unit of its own.
  if (type === 'script')
    for (const strings of agentFacingStrings(path, text)) {
      const id = units.length;
      const start = strings.pieces[0]![1];
      units.push({ id, kind: 'prose', start, end: Math.max(start + 1, virtualOffset(strings, strings.text.length - 1) + 1) });
      pushAll(
        raw,
        matchVirtualText(strings, { id, kind: 'prose', start: 0, end: strings.text.length }, 0, detectors, matchOptions, budget, waker),
      );
    }

  // MCP servers, hooks and settings commands: each entry is a unit of its own, read as what it launches.
  const surface = type === 'json' || type === 'config' ? surfaceEntries(path, text, type, textLines) : undefined;
  if (surface) {
    pushAll(diagnostics, surface.diagnostics);
    for (const entry of surface.entries) {
      const unit: Unit = { id: units.length, kind: 'launch', start: entry.start, end: Math.max(entry.end, entry.start + 1) };
      units.push(unit);
      for (const virtual of launchUnits(entry)) {
        const own: Unit = {
          id: unit.id,
          kind: virtual.kind === 'launch' ? 'launch' : 'code',
          start: 0,
          end: virtual.text.length,
          origin: virtual.origin,
        };
        pushAll(raw, matchVirtualText(virtual, own, 0, detectors, matchOptions, budget, waker));
        if (virtual.kind === 'code' && virtual.origin === 'launch')
          for (const ref of findRunReferences(virtual.text)) {
            const at = lines.position(view ? view.toOriginal(virtualOffset(virtual, ref.index)) : virtualOffset(virtual, ref.index));
            references.push({ unit: unit.id, line: at.line, column: at.column, path: ref.path, how: ref.how, launched: true });
          }
      }
    }
    // What a config line says inside an entry belongs to the entry: the entry is the unit judged.
    for (const r of raw) {
      const entry = units.find((u) => u.kind === 'launch' && u.start <= r.start && r.start < u.end);
      if (entry) r.unit = entry.id;
    }
  }

  // The script as it runs with the values of the files it sources and its own (a path kept in a name, a loop's words):
  // what that reading adds is the script's own.
  if (type === 'script')
    rereadWithValues(raw, units, path, text, options, (virtual, own) => matchReading(virtual, own, detectors, matchOptions, budget, waker));
  else if (type === 'markdown') {
    // A document's blocks run as one session: a value one block sets (`FLAKE_HISTORY=flaky@ingest.example:/runs`) is what
    // a later block's `"$FLAKE_HISTORY/…"` names, as are the values of the files it sources.
    const values = blockValues(text, units, options.sourcedValues);
    rereadBlocksWithValues(raw, units, text, values, (virtual, own) => matchReading(virtual, own, detectors, matchOptions, budget, waker));
  }

  // Text a script decodes and hands by name to a shell or an evaluator.
  if (type === 'script' && detectors.enabled('S006')) pushAll(raw, decodedToShell(text, units));

  // Credential files a skill's config lists for its code to gather: a source its skill's uploads pair with.
  // And folders outside the project its clean-up rules point at: a place its skill's code that removes trees pairs with.
  if ((type === 'json' || type === 'config') && !/\.(?:jsonl|ndjson)$/i.test(path)) {
    if (detectors.enabled('S005')) pushAll(raw, configSecretLists(text, units));
    if (detectors.enabled('S007')) pushAll(raw, configDeletionRoots(path, text, units));
  }

  // Encoded payloads: decoded and read again, two levels deep.
  if (detectors.enabled('S006')) pushDecodedPayloads(raw, text, units, hits.runs, detectors, matchOptions);
  // A web address a script glues from short literals: hidden from a reader and a search.
  if (type === 'script' && detectors.enabled('S006')) pushAll(raw, assembledAddresses(text, view, units));

  if (type === 'markdown' && ((documentRole(path, type) === 'reference' && catalogueOfAttacks(text)) || opensAsFlagList(text)))
    for (const r of raw) r.described = true;
  placeEvidence(raw, units, text);
  quietQuotedShellData(raw, units, text, type === 'script' && (SHELL_SCRIPT.test(path) || SHELL_SHEBANG.test(text)));
  lendLeadInTriggers(raw, units, text);
  joinLeadIns(raw, units, text);
  lendListTriggers(raw, units);
  const evidence = raw.map((r) => toEvidence(r, original, view, lines));
  if (frontmatter) {
    const fmUnit = units.find((u) => u.kind === 'frontmatter')?.id ?? -1;
    for (const e of frontmatterEvidence(path, frontmatter, text, detectors, textLines))
      evidence.push(toEvidence({ ...e, unit: fmUnit }, original, view, lines));
  }
  if (detectors.enabled('S008')) {
    const hidden = hiddenCharacterEvidence(original, lines, view, type === 'markdown');
    const originalUnits = hidden.length
      ? units.map((u) => ({ id: u.id, start: view ? view.toOriginal(u.start) : u.start, end: view ? view.toOriginalEnd(u.end) : u.end }))
      : [];
    for (const e of hidden) evidence.push({ ...e, unit: unitAt(originalUnits, e.start) });
  }

  // Local files the file's code runs, and scripts its instructions name (a block a paragraph introduces is that paragraph's).
  pushUnitReferences(units, text, references, lines, view);

  // Local modules a script loads: their code runs as part of the script's.
  if (type === 'script') {
    const whole: TextView = { text, pieces: [[0, 0]] };
    for (const found of findLocalImports(path, text)) {
      const owner = unitAt(units, found.index);
      pushReferences(
        whole,
        found.paths.map((p) => ({ path: p, index: found.index, how: 'command' as const })),
        owner < 0 ? 0 : owner,
        references,
        lines,
        view,
      );
    }
  }

  // A data file that is a test set (its records say what must happen): read once, for its cases and for the judge.
  const dataset = (type === 'json' || type === 'config') && testDataset(path, text);
  if (type === 'json' || type === 'config') quietTestRecords(evidence, original, dataset, /\.(?:jsonl|ndjson)$/i.test(path));
  quietSearchPatterns(evidence, original);
  if (type === 'script') describeTestFileCases(evidence, original, path);
  evidence.sort((a, b) => a.start - b.start || a.end - b.end);
  const role = documentRole(path, type);
  const runsDocuments =
    role === 'instructions' && mayRunDocuments(text)
      ? units.filter((u) => u.kind === 'prose').flatMap((u) => findRunDocuments(text.slice(u.start, u.end).replace(/\r?\n/g, ' ')))
      : [];
  const readsConfigs = type === 'script' ? namedConfigs(text) : [];
  const recipes = recipesOf(path, original);
  return {
    path,
    type,
    role,
    runsDocuments,
    ...(readsConfigs.length ? { readsConfigs } : {}),
    ...(type === 'markdown' && mayReadConfigValues(text) ? { readsConfigValues: true as const } : {}),
    ...(type === 'script' && (text.match(RULE_FIXTURE_ANNOTATION)?.length ?? 0) >= 2 ? { ruleFixture: true } : {}),
    ...(dataset ? { testDataset: true } : {}),
    unitCount: units.length,
    ...(type === 'markdown' ? { sections: sectionsOf(units, text) } : {}),
    evidence,
    references,
    diagnostics,
    comments: findSuppressionComments(original),
    ...(recipes?.size ? { recipes } : {}),
    ...frontmatterText(frontmatter),
  };
}
