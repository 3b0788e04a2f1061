import type { ScanLevel } from '../../finding.js';
import { scanRuleById } from '../rules/all-rules.js';
import type { RulePattern } from '../rules/scan-rule.js';
import type { RuleHit, ScanBlock } from '../scan-types.js';
import { findCompound, type Signal } from './signals.js';
import { isVendorInstaller, topicWords } from './vendor-installer.js';

/** What the file says about the skill it belongs to. */
export interface FileEvidenceContext {
  path: string;
  /** Frontmatter `name` and `description`, when the file has them. */
  name?: string;
  description?: string;
}

const UNIT_AND_SKILL = new Set(['unit', 'skill'] as const);
const patternCache = new Map<string, RulePattern | undefined>();

function patternOf(hit: RuleHit): RulePattern | undefined {
  if (!hit.pattern) return undefined;
  const key = `${hit.ruleId}/${hit.pattern}`;
  if (!patternCache.has(key))
    patternCache.set(
      key,
      scanRuleById(hit.ruleId)?.patterns.find((p) => p.id === hit.pattern),
    );
  return patternCache.get(key);
}

/** The signals a hit is evidence of: what the match decided, else its pattern's, else its rule's. */
export function ownSignals(hit: RuleHit): Signal[] {
  return [...((hit.signals ?? patternOf(hit)?.signals ?? scanRuleById(hit.ruleId)?.signals ?? []) as readonly Signal[])];
}

/** The words that say what a skill is about: its folder names, its name and its description. */
export function skillTopic(context: FileEvidenceContext): Set<string> {
  const folders = context.path.split('/').slice(0, -1).join(' ');
  return new Set(topicWords(`${folders} ${context.name ?? ''} ${context.description ?? ''}`));
}

/**
 * Unit of each hit: the outermost code block, config value, prose block or comment that holds
 * it (an inline code span belongs to its sentence's paragraph; a script is one unit). Blocks are
 * made disjoint first, so each hit finds its unit by binary search.
 */
function unitIndexes(hits: readonly RuleHit[], blocks: readonly ScanBlock[]): number[] {
  const sorted = blocks.filter((b) => b.kind !== 'inline-code' && b.end > b.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const outer: ScanBlock[] = [];
  for (const b of sorted) if (!outer.length || b.start >= outer[outer.length - 1]!.end) outer.push(b);
  return hits.map((hit) => {
    let lo = 0;
    let hi = outer.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (outer[mid]!.start <= hit.start) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Outside every block (file-level checks): a unit of its own line.
    return found >= 0 && hit.start < outer[found]!.end ? found : -1 - hit.line;
  });
}

function lower(level: ScanLevel): ScanLevel {
  return level === 'HIGH' ? 'MEDIUM' : level;
}

/**
 * Rule hits of one file → the hits that become findings, each with its level decided from the
 * evidence: a compound of signals in its unit is HIGH whatever the surrounding wording says;
 * otherwise the pattern's own level, lowered one step when the text presents the command as an
 * example or a thing not to do. Each hit's `signals` become the ones its level rests on.
 * Evidence-only matches inform the others and are dropped.
 */
export function combineEvidence(hits: readonly RuleHit[], blocks: readonly ScanBlock[], context: FileEvidenceContext): RuleHit[] {
  if (hits.length === 0) return [];
  const units = unitIndexes(hits, blocks);
  let topic: Set<string> | undefined;
  const own = hits.map((hit) => {
    const signals = new Set(ownSignals(hit));
    if (signals.has('download') && signals.has('execute') && isVendorInstaller(hit.matched, (topic ??= skillTopic(context))))
      signals.add('vendor-installer');
    return signals;
  });
  const byUnit = new Map<number, Set<Signal>>();
  hits.forEach((_, i) => {
    const set = byUnit.get(units[i]!) ?? new Set<Signal>();
    for (const s of own[i]!) set.add(s);
    byUnit.set(units[i]!, set);
  });
  const out: RuleHit[] = [];
  const evidenceOnly = hits.map((hit) => patternOf(hit)?.evidenceOnly === true);
  const compounds = hits.map((_, i) => findCompound(own[i]!, byUnit.get(units[i]!)!, UNIT_AND_SKILL));
  // A compound one finding reports by itself is not reported again by the neighbours it borrows from.
  const reported = new Set<string>();
  compounds.forEach((c, i) => {
    if (c && !c.defusedBy && c.selfContained && !evidenceOnly[i]) reported.add(`${units[i]}:${c.index}`);
  });
  const unitsWithHigh = new Set<number>();
  hits.forEach((hit, i) => {
    if (evidenceOnly[i]) return;
    const mine = own[i]!;
    let compound = compounds[i];
    if (compound && !compound.selfContained && reported.has(`${units[i]}:${compound.index}`)) compound = undefined;
    if (compound && !compound.defusedBy) unitsWithHigh.add(units[i]!);
    if (compound && !compound.defusedBy) {
      out.push({ ...hit, level: 'HIGH', signals: compound.signals, cautioned: undefined });
    } else if (compound?.defusedBy) {
      out.push({ ...hit, level: lower(hit.level), signals: [...compound.signals, compound.defusedBy], cautioned: undefined });
    } else {
      const lowered = hit.cautioned === true && hit.level === 'HIGH';
      out.push({ ...hit, level: lowered ? 'MEDIUM' : hit.level, signals: [...mine], cautioned: lowered || undefined });
    }
  });
  // Evidence that completes a compound no finding of its unit reports (a credential path and an
  // upload in one script) becomes the finding, once per unit.
  hits.forEach((hit, i) => {
    if (!evidenceOnly[i] || unitsWithHigh.has(units[i]!)) return;
    const compound = compounds[i];
    if (!compound || compound.defusedBy) return;
    unitsWithHigh.add(units[i]!);
    out.push({ ...hit, level: 'HIGH', signals: compound.signals, cautioned: undefined });
  });
  return out.sort((a, b) => a.start - b.start);
}
