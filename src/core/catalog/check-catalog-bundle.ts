import type { Finding } from '../finding.js';
import type { RepoSnapshot } from '../snapshot.js';
import { catalogFinding } from './catalog-finding.js';
import { readCapabilitiesModel, readSkillsModel, type CapabilityEntry, type SkillsModel } from './catalog-model.js';
import { capabilitiesFileSchema, skillsFileSchema } from './catalog-schemas.js';
import { acceptedCompatStates, checkCapabilities, KNOWN_COMPAT_PROVIDER_STATES } from './check-capabilities.js';
import { checkCatalogParity } from './check-catalog-parity.js';
import { checkCatalogReferences } from './check-catalog-references.js';
import { checkCatalogSkills } from './check-catalog-skills.js';
import { normalizeRoot, type SkillDir } from './find-skill-dirs.js';
import { readCatalogFile } from './read-catalog-file.js';
import { pushAll } from '../push-all.js';

export const SKILLS_CATALOG_FILE = 'skills-general.json';
export const CAPABILITIES_FILE = 'capabilities.json';

export interface CatalogBundleResult {
  /** False when `<catalogDir>/skills-general.json` does not exist: the bundle rules do not apply. */
  enabled: boolean;
  findings: Finding[];
  /** The readable skills catalog, for the skill lint (aliases). */
  skills?: SkillsModel;
}

export interface CatalogBundleInput {
  snapshot: RepoSnapshot;
  catalogDir: string;
  skillDirs: readonly SkillDir[];
  roots: readonly string[];
}

/** The oh-my-copilot catalog bundle (docs/rules/catalog.md): both files, their rules, and parity with the skill dirs. */
export async function checkCatalogBundle(input: CatalogBundleInput): Promise<CatalogBundleResult> {
  const { snapshot } = input;
  const dir = normalizeRoot(input.catalogDir);
  const skillsPath = dir ? `${dir}/${SKILLS_CATALOG_FILE}` : SKILLS_CATALOG_FILE;
  const capabilitiesPath = dir ? `${dir}/${CAPABILITIES_FILE}` : CAPABILITIES_FILE;
  if (!snapshot.entry(skillsPath)) return { enabled: false, findings: [] };

  const skillsRead = await readCatalogFile(snapshot, skillsPath, skillsFileSchema);
  const capsRead = await readCatalogFile(snapshot, capabilitiesPath, capabilitiesFileSchema);
  const findings: Finding[] = [];
  if (skillsRead.status !== 'missing') pushAll(findings, skillsRead.findings);
  if (capsRead.status === 'missing') {
    findings.push(
      catalogFinding({
        code: 'json_invalid',
        file: capabilitiesPath,
        message: `${capabilitiesPath} is missing; the catalog bundle needs it next to ${skillsPath}`,
        help: 'Commit capabilities.json with the capabilities the skills reference.',
        key: 'missing-file',
      }),
    );
  } else pushAll(findings, capsRead.findings);

  const caps = capsRead.status === 'ok' ? readCapabilitiesModel(capsRead.value) : undefined;
  if (caps && capsRead.status === 'ok') pushAll(findings, checkCapabilities(caps, capsRead.doc, capabilitiesPath));

  const skills = skillsRead.status === 'ok' ? readSkillsModel(skillsRead.value) : undefined;
  if (!skills || skillsRead.status !== 'ok') return { enabled: true, findings };

  let capabilitiesById: Map<string, CapabilityEntry> | undefined;
  if (caps) {
    capabilitiesById = new Map();
    for (const cap of caps.capabilities) if (cap.id !== undefined && !capabilitiesById.has(cap.id)) capabilitiesById.set(cap.id, cap);
  }
  pushAll(
    findings,
    checkCatalogSkills({
      skills,
      doc: skillsRead.doc,
      file: skillsPath,
      capabilitiesById,
      compatStates: caps ? acceptedCompatStates(caps) : KNOWN_COMPAT_PROVIDER_STATES,
    }),
    checkCatalogParity({ snapshot, skills, doc: skillsRead.doc, file: skillsPath, skillDirs: input.skillDirs, roots: input.roots }),
  );
  if (caps && capsRead.status === 'ok') {
    pushAll(
      findings,
      checkCatalogReferences({
        capabilities: caps,
        capabilitiesDoc: capsRead.doc,
        capabilitiesFile: capabilitiesPath,
        skills,
        skillsDoc: skillsRead.doc,
        skillsFile: skillsPath,
        skillDirNames: new Set(input.skillDirs.map((s) => s.name)),
      }),
    );
  }
  return { enabled: true, findings, skills };
}
