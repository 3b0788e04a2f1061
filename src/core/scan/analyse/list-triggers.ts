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
