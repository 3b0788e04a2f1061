import type { Capability, Evidence, ScanLevel } from '../scan-types.js';
import { COMPOUNDS, type Compound } from './compounds.js';
import { wearsOwnerName, ownedBy, privateHost } from '../rules/secret-context.js';

/** Evidence from elsewhere that a unit's judgement takes in: a file the unit runs, or another file of its skill. */
export interface BorrowedEvidence {
  evidence: Evidence;
  /** Where it is (`scripts/sync.sh`), for the message. */
  path: string;
}

/** One judgement: the rule a finding is reported under, its level, where it points and what made it. */
export interface Verdict {
  rule: string;
  level: ScanLevel;
  /** The evidence the finding points at (always the unit's own). */
  anchor: Evidence;
  /** The compound that made it, if one did. */
  compound?: string;
  /** What made the level: each capability with the evidence that shows it (the anchor's own first). */
  parts: { capability: Capability; evidence: Evidence; path?: string }[];
}

/** A request that signs in with a credential: a bearer or API-key header, basic auth. */
const SIGNS_IN = /\bAuthorization\s{0,4}:|\bBearer\s|\bx-api-key\s{0,4}:|\bPRIVATE-TOKEN\s{0,4}:|\s(?:-u|--user)\s/i;

const PROVIDES_NOTHING: ReadonlySet<Capability> = new Set(['mentions-attack']);

/** Credentials sent only where they belong: to their own issuer (how they are used), or within the user's own network. */
function issuerBound(sources: readonly Evidence[], hosts: ReadonlySet<string>): boolean {
  if (!sources.length) return false;
  // Sent only within the user's own network (a Vault at vault.corp.internal, localhost): nothing leaves it.
  if (hosts.size && [...hosts].every(privateHost)) return true;
  return sources.every((s) => {
    if (!s.owners?.length) return s.authenticates === true;
    if ([...hosts].some((h) => ownedBy(h, s.owners!))) return true;
    // Signing in is how an API is called, unless the host wears the credential owner's name on a domain it does not hold.
    return s.authenticates === true && ![...hosts].some((h) => wearsOwnerName(h, s.owners!));
  });
}

/** Whether every host the unit talks to is the credential's issuer or on the user's network (not one of several). */
function onlyIssuers(e: Evidence, hosts: ReadonlySet<string>): boolean {
  return hosts.size > 0 && [...hosts].every((h) => privateHost(h) || (e.owners !== undefined && ownedBy(h, e.owners)));
}

/** Whether the compound's groups are all shown by one piece of evidence. */
function selfContained(compound: Compound, e: Evidence): boolean {
  return compound.groups.every(
    (group, g) =>
      (!compound.onlyDetectors?.[g] || compound.onlyDetectors[g]!.includes(e.detector)) && group.some((c) => e.capabilities.includes(c)),
  );
}

/** Evidence of a detector the compound pairs only within its own clause needs every other group there too. */
function pairsHere(compound: Compound, e: Evidence, g: number, usable: readonly Evidence[]): boolean {
  if (!compound.ownClauseOnly?.includes(e.detector)) return true;
  return compound.groups.every(
    (group, h) => h === g || usable.some((o) => o.clause === e.clause && group.some((c) => o.capabilities.includes(c))),
  );
}

/** Whether evidence counts for group `g` of the compound. */
function counts(compound: Compound, g: number, e: Evidence): boolean {
  // An official installer is defused where a compound says so (LOW) and takes part in no other: "run the official
  // command from https://rustup.rs" is not a hidden order to download.
  if (compound.unless !== 'vendor-installer' && e.capabilities.includes('vendor-installer')) return false;
  const only = compound.onlyDetectors?.[g];
  if (only && !only.includes(e.detector)) return false;
  return compound.groups[g]!.some((c) => e.capabilities.includes(c)) && !compound.unlessMatched?.[g]?.test(e.matched);
}

function pick(group: readonly Capability[], e: Evidence): Capability {
  return group.find((c) => e.capabilities.includes(c))!;
}

/**
 * The verdicts of one unit (a paragraph, a list item, a code block, a script, a config entry): its own
 * evidence, the evidence of the files it runs (`borrowed`), and — for compounds of skill scope — the
 * evidence of the rest of its skill (`skill`). A compound of capabilities is HIGH (LOW when its anchor
 * is an official installer); evidence no compound takes is reported at its own level, unless it is
 * evidence only. The unit's own evidence must take part: what lives elsewhere is judged there.
 */
export function judgeUnit(
  own: readonly Evidence[],
  borrowed: readonly BorrowedEvidence[],
  skill: readonly BorrowedEvidence[],
  section: readonly BorrowedEvidence[] = [],
): Verdict[] {
  const verdicts: Verdict[] = [];
  const consumed = new Set<Evidence>();
  const reported = new Set<string>();
  const toIssuer = new Set<Evidence>();
  const hosts = new Set<string>([...own, ...borrowed.map((b) => b.evidence)].flatMap((e) => e.hosts ?? []));
  const fromSection = new Set(section);
  const sectionEvidence = new Set(section.map((b) => b.evidence));
  const sourcesOf = (list: readonly Evidence[]) => list.filter((e) => e.capabilities.includes('source'));

  // A compound one piece of evidence shows by itself (`curl … | bash`, `cat ~/.ssh/id_rsa | curl -d @- …`).
  for (const e of own) {
    for (const compound of COMPOUNDS) {
      if (!selfContained(compound, e)) continue;
      if (compound.id === 'exfiltration' && issuerBound([e], hosts)) {
        if (onlyIssuers(e, hosts)) toIssuer.add(e);
        continue;
      }
      const defused = compound.unless !== undefined && e.capabilities.includes(compound.unless);
      verdicts.push({
        rule: e.rule,
        level: defused ? 'LOW' : e.described ? 'MEDIUM' : 'HIGH',
        anchor: e,
        compound: compound.id,
        parts: [
          ...compound.groups.map((g) => ({ capability: pick(g, e), evidence: e })),
          ...(defused ? [{ capability: compound.unless!, evidence: e }] : []),
        ],
      });
      consumed.add(e);
      reported.add(compound.id);
      break;
    }
  }

  // A piece inside a command already judged whole (`irm https://get.scoop.sh | iex`: the `iex` of an official installer's
  // pipe) is that command's part, not an act of its own to pair with the unit's other downloads.
  const judgedWhole = [...consumed];
  const insideJudged = (e: Evidence) => !consumed.has(e) && judgedWhole.some((w) => w.start <= e.start && e.end <= w.end);
  // Compounds the unit's evidence shows together, with what it runs and (skill scope) what its skill does.
  const usable = own.filter((e) => !e.capabilities.every((c) => PROVIDES_NOTHING.has(c)) && !insideJudged(e));
  const clauses = [...new Set(usable.map((e) => e.clause))];
  for (const compound of COMPOUNDS) {
    if (reported.has(compound.id)) continue;
    const within = compound.oneClause
      ? clauses.find((clause) => compound.groups.every((_, g) => usable.some((e) => e.clause === clause && counts(compound, g, e))))
      : undefined;
    if (compound.oneClause && within === undefined) continue;
    const providers = compound.groups.map((group, g) => {
      const mine = usable.filter(
        (e) =>
          (!compound.oneClause || e.clause === within) &&
          compound.fromRunOnly !== g &&
          (!compound.instructedAnchor || g !== compound.anchor || !e.inCode) &&
          // A command its sentence names rather than orders (`Hits like \`tar … | curl -T - https://transfer.sh\` mean …`), or a
          // block shown as an exhibit (the attacker's commands, recovered), is no destination or act for the unit's other evidence.
          (g === compound.anchor || !((e.inSpan || e.inCode) && e.described)) &&
          counts(compound, g, e) &&
          pairsHere(compound, e, g, usable),
      );
      const away = compound.oneClause
        ? []
        : [
            ...borrowed,
            ...(compound.scope === 'skill' && g !== compound.anchor && compound.fromRunOnly !== g ? skill : []),
            ...(compound.section && g !== compound.anchor && compound.fromRunOnly !== g ? section : []),
          ].filter(
            (b) =>
              group.some((c) => b.evidence.capabilities.includes(c)) &&
              (!compound.onlyDetectors?.[g] || compound.onlyDetectors[g]!.includes(b.evidence.detector)) &&
              !compound.ownClauseOnly?.includes(b.evidence.detector) &&
              !((b.evidence.inSpan || b.evidence.inCode) && b.evidence.described),
          );
      return { mine, away };
    });
    if (providers.some((p) => !p.mine.length && !p.away.length)) continue;
    if (!providers.some((p) => p.mine.length)) continue;
    // Paired across steps, the act itself (the anchor) must be this step's own: the section is judged once, at the act.
    const acrossSteps = providers.some((p) => !p.mine.length && p.away.every((b) => fromSection.has(b)));
    if (acrossSteps && !providers[compound.anchor]!.mine.length) continue;
    if (compound.id === 'exfiltration' || compound.id === 'configured-exfiltration') {
      const sources = [...sourcesOf(providers[0]!.mine), ...sourcesOf(providers[0]!.away.map((b) => b.evidence))];
      if (issuerBound(sources, hosts)) continue;
      // A secret read in an earlier step and used here to sign in (a header, basic auth) is how an API is called.
      if (acrossSteps && own.some((e) => e.authenticates || SIGNS_IN.test(e.matched))) continue;
    }
    const anchorGroup = providers[compound.anchor]!;
    // Of the unit's acts, the one the compound names first (an upload before the `fetch(` that makes it).
    const rank = (e: Evidence) => compound.groups[compound.anchor]!.findIndex((c) => e.capabilities.includes(c));
    const first = anchorGroup.mine.reduce<Evidence | undefined>((best, e) => (best && rank(best) <= rank(e) ? best : e), undefined);
    const anchor = first ?? providers.find((p) => p.mine.length)!.mine[0]!;
    const defused = compound.unless !== undefined && anchor.capabilities.includes(compound.unless);
    const parts = compound.groups.map((group, g) => {
      const p = providers[g]!;
      const e = g === compound.anchor ? (first ?? p.mine[0]) : p.mine[0];
      if (e) return { capability: pick(group, e), evidence: e };
      const b = p.away[0]!;
      return { capability: pick(group, b.evidence), evidence: b.evidence, path: b.path };
    });
    if (defused) parts.push({ capability: compound.unless!, evidence: anchor });
    // Every part from inline code the sentences talk about (a deobfuscation guide's `eval(atob(…))`): worth a look.
    // So is an act in a code block shown as a bad example (`# BAD`), whatever the block's other lines fetch or read.
    // Parts taken from other steps of the same section are of this document, as described as they were written there.
    const described =
      parts.every((p) => (p.path === undefined || sectionEvidence.has(p.evidence)) && p.evidence.described) ||
      ((anchor.inCode === true || anchor.inSpan === true) && anchor.described === true);
    const actRule = first?.rule ?? anchorGroup.away[0]?.evidence.rule ?? anchor.rule;
    verdicts.push({
      rule: compound.rule === 'act' ? actRule : compound.rule,
      level: defused ? 'LOW' : described ? 'MEDIUM' : 'HIGH',
      anchor,
      compound: compound.id,
      parts,
    });
    reported.add(compound.id);
    for (const p of providers) for (const e of p.mine) consumed.add(e);
  }

  // What no compound took: each piece at its own level. One act a sentence forbids ("never run `rm -rf ~`") is
  // worth a look, not a failed check: no compound made it, so nothing else in the unit tells the agent to do it.
  for (const e of own) {
    if (consumed.has(e) || e.evidenceOnly) continue;
    // A credential sent to its own issuer is how it is used: worth a look when it is read from a keychain, no more.
    const level = (e.negated || e.described || toIssuer.has(e)) && e.level === 'HIGH' ? 'MEDIUM' : e.level;
    verdicts.push({ rule: e.rule, level, anchor: e, parts: e.capabilities.map((capability) => ({ capability, evidence: e })) });
  }
  return verdicts;
}
