import type { ScanLevel } from '../../finding.js';
import { candidatesIn, type CompiledRules } from '../engine/compile-rules.js';
import { matchBlock, matchUnit, type MatchTarget } from '../engine/match-units.js';
import type { RuleHit, ScanUnit } from '../scan-types.js';
import { lazyLines } from '../lazy-lines.js';
import { joinedView, proseView } from '../segment/build-units.js';
import { ownSignals } from '../evidence/combine-evidence.js';
import { uniqueSignals, type Signal } from '../evidence/signals.js';
import { eachEncodedBlob, findEncodedBlobs, looksLikeCode, type EncodedBlob } from './find-encoded-blobs.js';
import { pushAll } from '../../push-all.js';

/** Payloads inside payloads are decoded this deep, no deeper. */
export const MAX_DECODE_DEPTH = 2;

export interface DecodedFinding {
  blob: EncodedBlob;
  level: ScanLevel;
  /** Rules the payload (or a payload inside it) hits, highest level first. */
  hits: { ruleId: string; level: ScanLevel }[];
  /** The innermost payload that explains the finding. */
  payload: string;
  /** Decoding, and what the payload's own matches are evidence of. */
  signals: Signal[];
}

/** Rule hits inside one decoded text (not counting blobs inside it). */
function hitsIn(payload: string, rules: CompiledRules, path: string): RuleHit[] {
  const patterns = candidatesIn(rules, payload);
  if (!patterns.length) return [];
  const lines = lazyLines(payload);
  const target: MatchTarget = { path, lines, blockText: () => payload };
  const code: ScanUnit = { kind: 'code', text: joinedView(payload), pieces: [[0, 0]], block: 0 };
  const prose: ScanUnit = { kind: 'prose', text: proseView(payload), pieces: [[0, 0]], block: 0 };
  const out: RuleHit[] = [];
  matchUnit(code, patterns, target, out);
  matchUnit(prose, patterns, target, out);
  matchBlock({ id: 0, kind: 'code', start: 0, end: payload.length }, patterns, target, out);
  return out;
}

/**
 * Blobs in a unit's text whose payload is worth a finding: the payload (at any depth up
 * to MAX_DECODE_DEPTH) hits a rule, or reads like code. HIGH when a HIGH rule fires.
 */
export function scanDecodedPayloads(text: string, rules: CompiledRules, path: string, limit = Infinity): DecodedFinding[] {
  const results: DecodedFinding[] = [];
  for (const blob of eachEncodedBlob(text)) {
    if (results.length >= limit) break;
    const hits: { ruleId: string; level: ScanLevel }[] = [];
    const signals: Signal[] = [];
    let explained = blob.payload;
    let layer = [blob.payload];
    for (let depth = 1; depth <= MAX_DECODE_DEPTH && layer.length; depth++) {
      const nextLayer: string[] = [];
      for (const payload of layer) {
        const found = hitsIn(payload, rules, path);
        if (found.length && !hits.length) explained = payload;
        for (const h of found) {
          hits.push({ ruleId: h.ruleId, level: rules.levelOf(h.ruleId, h.level) });
          pushAll(signals, ownSignals(h));
        }
        if (depth < MAX_DECODE_DEPTH)
          pushAll(
            nextLayer,
            findEncodedBlobs(payload).map((b) => b.payload),
          );
      }
      if (!hits.length && nextLayer.length) explained = nextLayer[0]!;
      layer = nextLayer;
    }
    if (!hits.length && !looksLikeCode(explained) && !looksLikeCode(blob.payload)) continue;
    hits.sort((a, b) => (a.level === b.level ? 0 : a.level === 'HIGH' ? -1 : b.level === 'HIGH' ? 1 : a.level === 'MEDIUM' ? -1 : 1));
    const level: ScanLevel = hits.some((h) => h.level === 'HIGH') ? 'HIGH' : 'MEDIUM';
    results.push({ blob, level, hits, payload: explained, signals: uniqueSignals(['decode', ...signals]) });
  }
  return results;
}
