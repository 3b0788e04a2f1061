import type { ScanLevel } from '../../finding.js';
import { eachEncodedBlob, findEncodedBlobs, looksLikeCode, type EncodedBlob } from '../decode/find-encoded-blobs.js';
import type { CompiledDetectors } from '../match/compile-detectors.js';
import { MatchBudget, matchUnits, type MatchOptions, type RawEvidence } from '../match/match-units.js';
import { decodableRunStarts, escapedPayloadStarts, hasEscapedPayloadShape } from '../decode/find-encoded-blobs.js';
import { datasetRecordInput } from '../rules/dataset-record.js';
import { LEVEL_RANK } from '../rules/scan-rule.js';
import { DEFANGED_ADDRESS, describesAttack } from '../rules/shell-vocabulary.js';
import { unitAt } from './unit-places.js';
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

/**
 * A blob echoed into a decoder whose output only reaches the screen (`echo '<b64>' | base64 -d | iconv -f UTF-16LE`,
 * `| xxd`, `| less`): decoded to be read, as a triage step does. Into a shell, a file or anything else, it is not.
 */
function printedOnly(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  return (
    /^[\s>$]{0,8}(?:echo|printf)\s{1,4}(?:-\w{1,3}\s{1,4})?["']?$/.test(before) &&
    /^["']?\s{0,4}\|\s{0,4}base64\s{1,4}(?:-d|--decode|-D)\b(?:\s{0,4}\|\s{0,4}(?:iconv|xxd|hexdump|od|less|more|head|strings|jq|cat)\b[^|;&<>\n\x60]{0,120}){0,3}[\s\x60]{0,4}$/.test(
      after,
    )
  );
}

/**
 * The encoded payloads of a file's units as evidence: each unit with a decodable run (or an escaped payload) decoded
 * and its payload read again. A payload in a table row, a dataset's input or with a defanged address is shown, not run.
 */
export function pushDecodedPayloads(
  raw: RawEvidence[],
  text: string,
  units: readonly Unit[],
  runs: readonly number[],
  detectors: CompiledDetectors,
  matchOptions: MatchOptions,
): void {
  const starts = [...decodableRunStarts(text, runs), ...(hasEscapedPayloadShape(text) ? escapedPayloadStarts(text) : [])];
  const seen = new Set<number>();
  const shown: [number, number][] = [];
  const acting: [number, number][] = [];
  for (const at of starts) {
    const id = unitAt(units, at);
    if (id < 0 || seen.has(id)) continue;
    seen.add(id);
    const unit = units[id]!;
    const harmless: [number, number][] = [];
    const decoded = decodePayloads(text.slice(unit.start, unit.end), detectors, matchOptions, 100, harmless);
    for (const [from, to] of harmless) shown.push([unit.start + from, unit.start + to]);
    for (const d of decoded) {
      if (d.rules.length) acting.push([unit.start + d.blob.start, unit.start + d.blob.end]);
      const fired = d.rules.length ? `; the payload also matches ${d.rules.join(', ')}` : '';
      // An encoded injection string as the input of a dataset record (an evaluation case) is a case, not a hidden order.
      const dataCase =
        unit.kind === 'config' &&
        d.capabilities.every((c) => c === 'decode' || c === 'injection') &&
        datasetRecordInput(text, unit.start + d.blob.start);
      // In a table row the payload is described (a catalogue of droppers), as every act in a row is (match-units.ts);
      // a payload whose address is defanged (`hxxp://`, `[.]`) cannot fetch anything as written: a sample, shown.
      const described =
        dataCase ||
        unit.tableRow === true ||
        // In a sentence about attacks or test data ("fixtures, e.g. the encoded stub `…`"), as an inline act there is.
        (unit.kind === 'prose' && describesAttack(text, unit.start + d.blob.start)) ||
        DEFANGED_ADDRESS.test(d.payload) ||
        printedOnly(text, unit.start + d.blob.start, unit.start + d.blob.end);
      raw.push({
        rule: 'S006',
        detector: 'decoded-payload',
        why: 'Hides what runs: an encoded payload decoded into commands or an address a reviewer cannot read as written.',
        unit: id,
        start: unit.start + d.blob.start,
        end: unit.start + d.blob.end,
        matched: text.slice(unit.start + d.blob.start, unit.start + d.blob.end),
        // Bytes unmasked with a key are a program only when the code runs them: judged with what the unit runs.
        level: described || (d.blob.encoding === 'xored bytes' && d.level === 'HIGH') ? 'MEDIUM' : d.level,
        capabilities: described ? ['mentions-attack'] : d.capabilities,
        evidenceOnly: false,
        detail: `${d.blob.encoding} decodes to "${d.payload}"${fired}`,
      });
    }
  }
  runsOnlyShownPayloads(raw, text, shown, acting);
}
