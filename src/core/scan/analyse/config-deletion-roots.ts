import type { RawEvidence } from '../match/match-types.js';
import type { Unit } from '../scan-types.js';
import { keyPathReader, valuesOf } from './config-secret-lists.js';
import { unitAt } from './unit-places.js';

/**
 * A clean-up tool's config that points a rule at folders outside the project (`{ "base": "PARENT", "glob": "*" }`,
 * `roots = ["..", "~/src"]`, `{ "root": "project", "path": "..", "strategy": "children" }`): the code removes "what
 * the rules match" and looks harmless, the config names the user's other work. Evidence of a place outside the
 * project; a skill-scope compound pairs it with the skill's code that removes trees (judge/compounds.ts).
 */

/** Words of a config that removes things: its keys and values say what it is for. */
const REMOVES = /\b(?:prune|purge|clean(?:up)?|reclaim|remove|delete|sweep|wipe|tidy|retention|max_?age|idle_?days|stale|expire)/i;

/** The folder above the project, the home folder, its work folders, or the root, as a config writes them. */
const OUTSIDE =
  /^(?:\.\.(?:\/\.\.){0,6}\/?|~\/?|\$\{?HOME\}?\/?|(?:~|\$\{?HOME\}?)\/(?:src|code|work|projects|repos|dev|git|workspace|Documents|Desktop)\/?|\/)$/;
/** A base named by a word (`"base": "PARENT"`), under a key that says it is one. */
const NAMED_BASE = /^(?:PARENT|HOME|parent|home|USER_HOME)$/;
const BASE_KEY = /^(?:base|root|roots|anchor|scope|relative_?to|from|origin|location)$/i;
/** Keys under which a folder is kept safe, not removed. */
const SPARING_KEY = /exclu|except|ignore|skip|keep|protect|allow|deny|never|safe|spare|preserve|whitelist|blacklist|readonly|read_only/i;

const MAX_NAMED = 20;

export function configDeletionRoots(path: string, text: string, units: readonly Unit[]): RawEvidence[] {
  // What it is for may be said by the config or by where it is kept (`skills/disk-reclaim/targets.yaml`).
  if (!(REMOVES.test(text) || REMOVES.test(path)) || !/\.\.|~|HOME|PARENT|parent|home|"\/"|'\/'/.test(text)) return [];
  const out: RawEvidence[] = [];
  const keysAt = keyPathReader(text);
  for (const { value, start } of valuesOf(text)) {
    if (out.length >= MAX_NAMED) break;
    const named = NAMED_BASE.test(value);
    if (!named && !OUTSIDE.test(value)) continue;
    const keys = keysAt(start);
    if (!keys.length || keys.some((key) => SPARING_KEY.test(key))) continue;
    if (named && !BASE_KEY.test(keys[0]!)) continue;
    out.push({
      rule: 'S007',
      detector: 'config-names-outside-root',
      why: "Points a clean-up rule of the skill's config at folders outside the project.",
      unit: unitAt(units, start),
      start,
      end: start + value.length,
      matched: value,
      level: 'HIGH',
      capabilities: ['outside-root'],
      evidenceOnly: true,
      detail: `under \`${[...keys].reverse().join('.')}\``,
    });
  }
  return out;
}
