import type { ReadKind } from '../rules/scan-rule.js';
import { describesAttack } from '../rules/shell-vocabulary.js';
import type { Unit } from '../scan-types.js';
import { logicalLines, proseView, withQueryAmpersandsMasked, type TextView } from '../segment/unit-text.js';
import type { CompiledDetectors } from './compile-detectors.js';
import { executesStrings, shellMessageFunctions, type CodeContext } from './code-context.js';
import type { KeywordHits } from './keyword-automaton.js';
import type { MatchBudget } from './match-types.js';
import { type MatchOptions, type RawEvidence } from './match-types.js';
import { run, type Holding, type Occurrences } from './run-detector.js';
import { languageOf, readKindOf, ruleFileLanguage } from './unit-reading.js';
import { linesWithHits, Waker } from './waker.js';

export { MAX_MATCHES_PER_FILE, MatchBudget, type MatchOptions, type RawEvidence } from './match-types.js';

/**
 * The matches in a file's units: `hits` are the keyword occurrences of the whole text (one scan),
 * and in each unit only the detectors a keyword there wakes run — on each logical line (code,
 * config, frontmatter), on the paragraph as prose reads it, on inline code spans as code, and on
 * the whole unit for unit-scope detectors.
 */
export function matchUnits(
  text: string,
  units: readonly Unit[],
  hits: KeywordHits,
  compiled: CompiledDetectors,
  options: MatchOptions,
  budget: MatchBudget,
  waker: Waker = new Waker(compiled, options.prefilter),
): RawEvidence[] {
  const out: RawEvidence[] = [];
  options = { ...options, fileText: text };
  const prefilter = options.prefilter !== false;
  const occurrences: Occurrences | undefined = prefilter ? { hits, automaton: compiled.automaton } : undefined;
  // A paragraph that introduces a code block is read with it: one step.
  const introduces = new Map<number, Unit>();
  for (const u of units) if (u.leadIn !== undefined) introduces.set(u.leadIn, u);
  const continued = text.includes('\\\n') || text.includes('\\\r');
  for (const unit of units) {
    let woken = waker.woken(hits, unit.start, unit.end, budget);
    // A config's shell (a workflow's `run: |` block) continues lines with a backslash as a script does.
    const joins =
      (unit.kind === 'code' || unit.kind === 'config') &&
      !unit.noContinuation &&
      continued &&
      /\\\r?\n|\\\r/.test(text.slice(unit.start, unit.end));
    const lines = () => (prefilter ? linesWithHits(text, unit.start, unit.end, hits) : logicalLines(text, unit.start, unit.end, false));
    if (!woken.length && !joins) continue;
    const kind = readKindOf(unit);
    let source: string | undefined;
    const own = () => (source ??= text.slice(unit.start, unit.end));
    let executes: boolean | undefined;
    let messages: Set<string> | undefined;
    const code: CodeContext | undefined =
      kind === 'code' || kind === 'config' || kind === 'launch' || unit.asCode
        ? {
            language: ruleFileLanguage(languageOf(unit, options.path), own),
            get executesStrings() {
              return (executes ??= executesStrings(own(), this.language));
            },
            inMarkdown: unit.kind === 'code' && unit.origin !== 'script',
            get messageFunctions() {
              return (messages ??= shellMessageFunctions(own()));
            },
          }
        : undefined;
    let whole: string | undefined;
    const block = introduces.get(unit.id);
    const unitText = () => (whole ??= own() + (block ? `\n${text.slice(block.start, block.end)}` : ''));
    const detectors = (ids: readonly number[], read: ReadKind, scope: 'line' | 'unit') => {
      const found = [];
      for (const i of ids) {
        const d = compiled.detectors[i]!;
        if (d.scope === scope && d.reads.has(read)) found.push(d);
      }
      return found;
    };
    if (kind === 'code' || kind === 'config' || kind === 'frontmatter' || kind === 'launch' || unit.asCode) {
      const lineKind: ReadKind = unit.asCode ? 'code' : kind;
      const launched = unit.origin === 'launch' || unit.origin === 'inline-script';
      if (joins) {
        for (const joined of logicalLines(text, unit.start, unit.end, true)) {
          const line = withQueryAmpersandsMasked(joined);
          const first = line.pieces[0]![1];
          const last = line.pieces[line.pieces.length - 1]!;
          let ids = waker.woken(hits, first, last[1] + (line.text.length - last[0]), budget);
          // A keyword split by a line continuation (`cu\⏎rl`) is whole only in the joined line.
          if (line.pieces.length > 1)
            ids = [...new Set([...ids, ...waker.woken(compiled.automaton.scan(line.text), 0, line.text.length, budget)])].sort(
              (a, b) => a - b,
            );
          for (const d of detectors(ids, lineKind, 'line'))
            run(d, line, lineKind, unit.id, options, budget, out, { code, unitStart: unit.start, launched }, unit.within ?? unitText());
        }
        woken = [
          ...new Set([
            ...woken,
            ...waker.woken(compiled.automaton.scan(own().replace(/\\\r?\n|\\\r/g, '  ')), 0, unit.end - unit.start, budget),
          ]),
        ];
      } else if (detectors(woken, lineKind, 'line').length) {
        for (const read of lines()) {
          const line = withQueryAmpersandsMasked(read);
          const at = line.pieces[0]![1];
          for (const d of detectors(waker.woken(hits, at, at + line.text.length, budget), lineKind, 'line'))
            run(
              d,
              line,
              lineKind,
              unit.id,
              options,
              budget,
              out,
              { code, unitStart: unit.start, launched },
              unit.within ?? unitText(),
              occurrences,
            );
        }
      }
      const unitScoped = detectors(woken, lineKind, 'unit');
      if (unitScoped.length) {
        // A command continued over lines is one command to a unit detector too (`curl … -o "$f" \⏎ && mv …`).
        const all: TextView = {
          text: joins ? unitText().replace(/\\\r?\n|\\\r/g, (c) => ' '.repeat(c.length)) : unitText(),
          pieces: [[0, unit.start]],
        };
        for (const d of unitScoped) {
          if (d.requires && !d.requires.test(all.text)) continue;
          run(d, all, lineKind, unit.id, options, budget, out, { code });
        }
      }
    }
    if (kind === 'prose' || kind === 'comment' || unit.asCode) {
      const proseKind: ReadKind = kind === 'comment' ? 'comment' : 'prose';
      const lineScoped = detectors(woken, proseKind, 'line');
      const unitScoped = detectors(woken, proseKind, 'unit');
      if (lineScoped.length || unitScoped.length) {
        const view = proseView(text, unit.start, unit.end);
        const holding: Holding = {
          tableRow: unit.tableRow,
          stepCells: unit.stepCells,
          describedAt: (at) => describesAttack(view.text, at),
        };
        for (const d of lineScoped)
          run(d, view, proseKind, unit.id, options, budget, out, holding, block ? unitText() : view.text, occurrences);
        for (const d of unitScoped) {
          if (d.requires && !d.requires.test(view.text)) continue;
          run(d, view, proseKind, unit.id, options, budget, out, holding);
        }
      }
    }
    // Only detectors a keyword anywhere in the unit woke can wake in one of its spans; once each has
    // spent its budget for the file, the rest of the spans (a paragraph may hold thousands) cannot match.
    const inline = unit.spans?.length ? detectors(woken, 'inline', 'line') : [];
    for (const [start, end] of inline.length ? unit.spans! : []) {
      if (inline.every((d) => budget.spent(d.index))) break;
      const ids = waker.woken(hits, start, end, budget);
      if (!ids.length) continue;
      // A paragraph of thousands of spans: once a detector's budget for the file is spent, its spans cost nothing.
      const live = detectors(ids, 'inline', 'line').filter((d) => !budget.spent(d.index));
      if (!live.length) continue;
      const span: TextView = { text: text.slice(start, end), pieces: [[0, start]] };
      let described: boolean | undefined;
      // Read only when a detector matched in the span: a paragraph may hold thousands of spans.
      const holding: Holding = {
        tableRow: unit.tableRow,
        stepCells: unit.stepCells,
        get described() {
          return (described ??= describesAttack(text, start));
        },
      };
      for (const d of live) run(d, span, 'inline', unit.id, options, budget, out, holding, unitText(), occurrences);
    }
  }
  return out;
}
