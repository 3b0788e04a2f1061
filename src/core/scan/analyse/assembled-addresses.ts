import type { RawEvidence } from '../match/match-types.js';
import { changesWithin, type NormalisedView } from '../normalise/text-view.js';
import type { Unit } from '../scan-types.js';
import { unitAt } from './unit-places.js';

/** A quoted web address in the text the rules read. */
const ADDRESS = /["'](https?:\/\/[\w.-]{3,120}(?:\/[\w./-]{0,80})?)["']/g;

const MAX_ASSEMBLED = 10;

/**
 * Web addresses a script glues together from short literals only (`"https://" + "npm-doctor" + "." + "pages" + ".dev"`,
 * Clojure's `(str "https://" "npm-doctor" …)`): no program writes a fixed address in pieces but to keep it from a
 * reader and from a search for the host. Evidence of evasion; with what the script reads or sends, an evasive act.
 */
export function assembledAddresses(text: string, view: NormalisedView | undefined, units: readonly Unit[]): RawEvidence[] {
  if (!view || !text.includes('://') || !view.changes.some((c) => c.kind === 'shell-quoting')) return [];
  const out: RawEvidence[] = [];
  for (const m of text.matchAll(ADDRESS)) {
    if (out.length >= MAX_ASSEMBLED) break;
    const start = m.index + 1;
    const end = start + m[1]!.length;
    // A replacement starts where its expression does (`(str "https://" …`), before the address it makes.
    const [from, to] = [view.toOriginal(start), view.toOriginalEnd(end)];
    const glued = changesWithin(view, Math.max(0, from - 200), to).some((c) => c.kind === 'shell-quoting' && c.at + c.length > from);
    if (!glued) continue;
    out.push({
      rule: 'S006',
      detector: 'address-from-pieces',
      why: 'Glues a fixed web address together from short pieces, which hides the host from a reader and from a search.',
      unit: unitAt(units, start),
      start,
      end,
      matched: m[1]!,
      level: 'MEDIUM',
      capabilities: ['evasion'],
      evidenceOnly: false,
    });
  }
  return out;
}
