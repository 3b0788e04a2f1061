import { lazyLines, type Lines } from '../lazy-lines.js';
import { scanDecodedPayloads } from '../decode/scan-decoded-payloads.js';
import type { HitBudget } from '../engine/cap-hits.js';
import { candidatesIn, type CompiledRules } from '../engine/compile-rules.js';
import { matchBlock, matchUnit, type MatchTarget } from '../engine/match-units.js';
import type { RuleHit } from '../scan-types.js';
import { buildUnits, proseView } from '../segment/build-units.js';
import { virtualOffset, type VirtualText } from './launch-units.js';

export interface VirtualMatchContext {
  path: string;
  rules: CompiledRules;
  /** Lines of the file the virtual text came from: hits are reported there. */
  fileLines: Lines;
  budget: HitBudget;
}

/**
 * Runs the rules over a text built from config values, as if it were a file of its own (code
 * is read line by line and as one block, a descriptor as one line), then moves every hit to
 * where its part of the text sits in the real file.
 */
export function matchVirtualText(virtual: VirtualText, context: VirtualMatchContext, out: RuleHit[]): void {
  const { text } = virtual;
  if (!text.trim()) return;
  const patterns = candidatesIn(context.rules, text, virtual.kind === 'launch').filter((p) => p.kinds.has(virtual.kind));
  const local: RuleHit[] = [];
  const target: MatchTarget = { path: context.path, lines: lazyLines(text), blockText: () => text, budget: context.budget };
  if (patterns.length) {
    const { units, blocks } = buildUnits(text, [{ kind: virtual.kind, start: 0, end: text.length, origin: virtual.origin }], () =>
      proseView(text),
    );
    for (const unit of units) matchUnit(unit, patterns, target, local);
    for (const block of blocks) matchBlock(block, patterns, target, local);
  }
  if (virtual.kind === 'code' && context.rules.enabled('S006')) {
    for (const d of scanDecodedPayloads(text, context.rules, context.path, context.budget.left('S006'))) {
      local.push({
        ruleId: 'S006',
        level: d.level,
        start: d.blob.start,
        end: d.blob.end,
        matched: text.slice(d.blob.start, d.blob.end),
        detail: `${d.blob.encoding} decodes to "${d.payload}"`,
        line: 1,
        pattern: 'decoded-payload',
        signals: d.signals,
      });
    }
  }
  for (const hit of local) {
    const start = virtualOffset(virtual, hit.start);
    const end = Math.max(start + 1, virtualOffset(virtual, Math.max(hit.start, hit.end - 1)) + 1);
    out.push({ ...hit, start, end, line: context.fileLines.position(start).line });
  }
}
