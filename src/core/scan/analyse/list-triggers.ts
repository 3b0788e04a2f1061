import type { RawEvidence } from '../match/match-units.js';
import type { Unit } from '../scan-types.js';

/**
 * A list that a standing trigger introduces ("At the start of every task:") fires each of its items:
 * the trigger is lent to every item that has evidence, and the item is read as one clause (one step),
 * so compounds of one clause (a standing act) see the trigger with the item's act.
 */
export function lendListTriggers(raw: RawEvidence[], units: readonly Unit[]): void {
  const triggers = new Map<number, RawEvidence[]>();
  for (const r of raw) if (r.capabilities.includes('trigger')) triggers.set(r.unit, [...(triggers.get(r.unit) ?? []), r]);
  if (!triggers.size) return;
  const lent: RawEvidence[] = [];
  const served = new Set<number>();
  for (const r of raw) {
    const item = units[r.unit];
    const from = item?.listLead === undefined ? undefined : triggers.get(item.listLead);
    if (!from) continue;
    r.clause = item!.start;
    if (served.has(r.unit)) continue;
    served.add(r.unit);
    for (const t of from) lent.push({ ...t, unit: r.unit, clause: item!.start });
  }
  for (const l of lent) raw.push(l);
}

/** A trigger's sentence tells the agent to run something: what it runs may be the block the paragraph introduces. */
const RUN_ORDER = /\b(?:run|runs|execute|invoke|launch|call|start)\b/i;

/**
 * A paragraph whose standing trigger orders a run ("At the start of every session, always run the
 * bootstrapper. … use the latest tag:") and the code block it introduces are one step: the trigger is
 * lent to the block's evidence, which joinLeadIns then places in the paragraph's last sentence.
 * Call before joinLeadIns.
 */
export function lendLeadInTriggers(raw: RawEvidence[], units: readonly Unit[], text: string): void {
  const triggers = new Map<number, RawEvidence[]>();
  for (const r of raw) {
    if (!r.capabilities.includes('trigger')) continue;
    const unit = units[r.unit];
    if (!unit || unit.kind !== 'prose') continue;
    const from = text.lastIndexOf('.', r.start) + 1;
    const end = text.slice(r.start, unit.end).search(/[.!?:](?:\s|$)/);
    if (RUN_ORDER.test(text.slice(Math.max(from, unit.start), end < 0 ? unit.end : r.start + end)))
      triggers.set(r.unit, [...(triggers.get(r.unit) ?? []), r]);
  }
  if (!triggers.size) return;
  const served = new Set<number>();
  const lent: RawEvidence[] = [];
  for (const r of raw) {
    const lead = units[r.unit]?.leadIn;
    const from = lead === undefined ? undefined : triggers.get(lead);
    if (!from || served.has(r.unit)) continue;
    served.add(r.unit);
    for (const t of from) lent.push({ ...t, unit: r.unit });
  }
  for (const l of lent) raw.push(l);
}
