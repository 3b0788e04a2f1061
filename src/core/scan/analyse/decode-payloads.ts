import type { ScanLevel } from '../../finding.js';
import { eachEncodedBlob, findEncodedBlobs, looksLikeCode, type EncodedBlob } from '../decode/find-encoded-blobs.js';
import type { CompiledDetectors } from '../match/compile-detectors.js';
import { MatchBudget, matchUnits, type MatchOptions, type RawEvidence } from '../match/match-units.js';
import { LEVEL_RANK } from '../rules/scan-rule.js';
import type { Capability, Unit } from '../scan-types.js';

/** Payloads inside payloads are decoded this deep, no deeper. */
export const MAX_DECODE_DEPTH = 2;

export interface DecodedPayload {
  blob: EncodedBlob;
  /** The innermost payload that explains the finding. */
  payload: string;
  /** What the payload (at any depth) can do, with decoding. */
  capabilities: Capability[];
  /** The highest level a match in it has alone. */
  level: ScanLevel;
  /** Rules its matches belong to, for the message. */
  rules: string[];
}

/** What the detectors find in one decoded text, read as code and as prose. */
function readPayload(payload: string, detectors: CompiledDetectors, options: MatchOptions) {
  const units: Unit[] = [
    { id: 0, kind: 'code', start: 0, end: payload.length, origin: 'decoded' },
    { id: 1, kind: 'prose', start: 0, end: payload.length },
  ];
  return matchUnits(payload, units, detectors.automaton.scan(payload), detectors, options, new MatchBudget(detectors.detectors.length));
}

/**
 * Encoded blobs in a unit's text whose payload is worth a finding: it (at any depth up to
 * MAX_DECODE_DEPTH) does something a detector sees, or reads like code or an address. `shown`
 * collects the `[start, end)` of every blob decoded in which no detector sees anything.
 */
export function decodePayloads(
  text: string,
  detectors: CompiledDetectors,
  options: MatchOptions,
  limit: number,
  shown?: [number, number][],
): DecodedPayload[] {
  const out: DecodedPayload[] = [];
  for (const blob of eachEncodedBlob(text)) {
    if (out.length >= limit) break;
    const capabilities = new Set<Capability>(['decode']);
    const rules = new Set<string>();
    let level: ScanLevel = 'MEDIUM';
    let explained = blob.payload;
    let layer = [blob.payload];
    let found = false;
    for (let depth = 1; depth <= MAX_DECODE_DEPTH && layer.length; depth++) {
      const next: string[] = [];
      for (const payload of layer) {
        const matches = readPayload(payload, detectors, options);
        if (matches.length && !found) explained = payload;
        for (const m of matches) {
          found = true;
          for (const c of m.capabilities) if (c !== 'mentions-attack') capabilities.add(c);
          rules.add(m.rule);
          if (!m.evidenceOnly && LEVEL_RANK[m.level] > LEVEL_RANK[level]) level = m.level;
        }
        if (depth < MAX_DECODE_DEPTH) for (const inner of findEncodedBlobs(payload)) next.push(inner.payload);
      }
      if (!found && next.length) explained = next[0]!;
      layer = next;
    }
    if (!found) shown?.push([blob.start, blob.end]);
    if (!found && !looksLikeCode(explained) && !looksLikeCode(blob.payload)) continue;
    out.push({ blob, payload: explained, capabilities: [...capabilities], level, rules: [...rules].sort() });
  }
  return out;
}

/**
 * A decode-and-run whose line holds only payloads written out in it that do nothing a detector sees
 * (`echo ZWNobyBoaQo= | base64 -d | sh` is `echo hi`): obfuscation worth a look, not code hidden from the
 * reader. A payload fetched, read from a file or left undecoded keeps the decode-and-run as it is.
 */
export function runsOnlyShownPayloads(
  raw: RawEvidence[],
  text: string,
  shown: readonly (readonly [number, number])[],
  acting: readonly (readonly [number, number])[],
): void {
  if (!shown.length) return;
  const on = (blobs: readonly (readonly [number, number])[], from: number, to: number) => blobs.some(([s]) => s >= from && s < to);
  for (const r of raw) {
    if (r.rule !== 'S006' || r.detector === 'decoded-payload' || !r.capabilities.includes('execute')) continue;
    const from = text.lastIndexOf('\n', r.start - 1) + 1;
    const end = text.indexOf('\n', r.start);
    const to = end < 0 ? text.length : end;
    if (!on(shown, from, to) || on(acting, from, to)) continue;
    r.level = 'MEDIUM';
    r.capabilities = r.capabilities.filter((c) => c !== 'execute');
  }
}
