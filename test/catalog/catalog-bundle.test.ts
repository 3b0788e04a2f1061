import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/finding.js';
import { editJson, lineOf, miniRepo, only, ruleIds, runCatalog } from './catalog-harness.js';

const SKILLS = 'catalog/skills-general.json';
const CAPS = 'catalog/capabilities.json';

/** Line of `needle` inside the entry that starts at `anchor` (e.g. a skill's `"name": "beta"`). */
function lineIn(text: string, anchor: string, needle: string): number {
  return lineOf(text, needle, text.indexOf(anchor));
}

async function withEdit(
  path: string,
  edit: Parameters<typeof editJson>[2],
): Promise<{ findings: Finding[]; files: Record<string, string> }> {
  const files = miniRepo();
  editJson(files, path, edit);
  return { findings: await runCatalog(files), files };
}

describe('catalog bundle', () => {
  it('passes the valid mini repo (aliases excuse a frontmatter name that differs from its dir)', async () => {
    expect(await runCatalog(miniRepo())).toEqual([]);
  });

  it('does not apply without skills-general.json', async () => {
    const files = miniRepo();
    delete files[SKILLS];
    files[CAPS] = '{ not json';
    // Without the catalog, nothing excuses beta's frontmatter name "b" (a catalog alias).
    expect(ruleIds(await runCatalog(files))).toEqual(['skills/name_dir_mismatch']);
  });

  it('honours a configured catalogDir', async () => {
    const files = miniRepo();
    files['meta/skills-general.json'] = files[SKILLS]!;
    files['meta/capabilities.json'] = files[CAPS]!;
    delete files[SKILLS];
    editJson(files, 'meta/skills-general.json', (v) => v.skills.pop());
    expect(ruleIds(await runCatalog(files, { catalogDir: 'meta' }))).toEqual(['catalog/skill_uncataloged', 'catalog/unknown_source_skill']);
    expect(ruleIds(await runCatalog(files))).toEqual(['skills/name_dir_mismatch']);
  });

  describe('json_invalid and schema_invalid', () => {
    it('reports a JSON syntax error with line and column, and nothing that would cascade from it', async () => {
      const files = miniRepo();
      files[SKILLS] = '{\n  "schemaVersion": 1,\n  "skills": [,]\n}\n';
      const findings = await runCatalog(files);
      // No parity finding, and no name_dir_mismatch for beta's alias "b": the aliases are unknown.
      expect(findings).toEqual([
        expect.objectContaining({ ruleId: 'catalog/json_invalid', severity: 'error', file: SKILLS, line: 3, column: 14 }),
      ]);
    });

    it('reports a missing capabilities.json once and still checks the skills file and parity', async () => {
      const files = miniRepo();
      delete files[CAPS];
      editJson(files, SKILLS, (v) => v.skills.pop());
      const findings = await runCatalog(files);
      expect(ruleIds(findings)).toEqual(['catalog/json_invalid', 'catalog/skill_uncataloged']);
      expect(only(findings, 'catalog/json_invalid')[0]).toMatchObject({ file: CAPS });
    });

    it('names the JSON path of each shape problem and points at its line', async () => {
      const { findings, files } = await withEdit(SKILLS, (v) => {
        v.skills[1].summary = 5;
        delete v.skills[2].projection;
      });
      expect(findings.map((f) => [f.ruleId, f.line])).toEqual([
        ['catalog/schema_invalid', lineIn(files[SKILLS]!, '"name": "beta"', '"summary"')],
        ['catalog/schema_invalid', lineIn(files[SKILLS]!, '"name": "gamma"', '"name": "gamma"') - 1],
      ]);
      expect(findings[0]!.message).toMatch(/^\$\.skills\[1\]\.summary: .*expected string/);
      expect(findings[1]!.message).toMatch(/^\$\.skills\[2\]\.projection: /);
    });

    it('checks schemaVersion and the capability shape', async () => {
      const { findings } = await withEdit(CAPS, (v) => {
        v.schemaVersion = 2;
        delete v.capabilities[0].title;
        v.capabilities[1].phase1 = 'yes';
      });
      expect(findings.map((f) => f.message.split(':')[0])).toEqual([
        '$.schemaVersion',
        '$.capabilities[0].title',
        '$.capabilities[1].phase1',
      ]);
      expect(findings.every((f) => f.ruleId === 'catalog/schema_invalid' && f.file === CAPS)).toBe(true);
    });

    it('survives entries and roots of the wrong type', async () => {
      const files = miniRepo();
      editJson(files, SKILLS, (v) => {
        v.skills[1] = 42;
      });
      editJson(files, CAPS, (v) => {
        v.capabilities = 'none';
      });
      const findings = await runCatalog(files);
      expect(only(findings, 'catalog/schema_invalid').map((f) => f.message.split(':')[0])).toEqual(['$.skills[1]', '$.capabilities']);
      files[SKILLS] = '[]';
      expect(ruleIds(await runCatalog(files))).toEqual(['catalog/schema_invalid', 'catalog/schema_invalid']);
    });
  });

  describe('capabilities.json rules', () => {
    it('invalid-provider-state: providerStates declares a state oh-my-copilot does not know', async () => {
      const { findings, files } = await withEdit(CAPS, (v) => v.providerStates.push('bogus'));
      expect(findings).toEqual([
        expect.objectContaining({ ruleId: 'catalog/invalid-provider-state', line: lineOf(files[CAPS]!, '"bogus"') }),
      ]);
    });

    it('unknown-provider-state: a providerSupport or support state that providerStates does not declare', async () => {
      const { findings, files } = await withEdit(CAPS, (v) => {
        v.capabilities[2].providerSupport.copilot.state = 'maybe';
        v.capabilities[3].support.copilot = 'perhaps';
      });
      expect(findings.map((f) => [f.ruleId, f.line])).toEqual([
        ['catalog/unknown-provider-state', lineOf(files[CAPS]!, '"maybe"')],
        ['catalog/unknown-provider-state', lineOf(files[CAPS]!, '"perhaps"')],
      ]);
      // A state removed from the declared list makes its users unknown.
      const narrowed = await withEdit(CAPS, (v) => (v.providerStates = ['handoff', 'stub', 'unsupported']));
      expect(only(narrowed.findings, 'catalog/unknown-provider-state')).toHaveLength(8);
    });

    it('invalid-compat-provider-state: providers.copilot, projections state or a declared compat state outside the vocabulary', async () => {
      const files = miniRepo();
      editJson(files, CAPS, (v) => {
        v.capabilities[0].providers.copilot = 'sometimes';
        v.compatProviderStates.push('kinda');
      });
      editJson(files, SKILLS, (v) => (v.skills[0].projections.copilot.state = 'nah'));
      const findings = await runCatalog(files);
      expect(findings.map((f) => [f.ruleId, f.file])).toEqual([
        ['catalog/invalid-compat-provider-state', CAPS],
        ['catalog/invalid-compat-provider-state', CAPS],
        ['catalog/invalid-compat-provider-state', SKILLS],
      ]);
      expect(findings.map((f) => f.line)).toEqual([
        lineOf(files[CAPS]!, '"kinda"'),
        lineOf(files[CAPS]!, '"sometimes"'),
        lineOf(files[SKILLS]!, '"nah"'),
      ]);
    });

    it('missing-capability-id and duplicate-capability-id', async () => {
      const { findings, files } = await withEdit(CAPS, (v) => {
        delete v.capabilities[2].id;
        v.capabilities[3].id = 'alpha';
      });
      expect(only(findings, 'catalog/missing-capability-id')).toHaveLength(1);
      expect(only(findings, 'catalog/duplicate-capability-id')).toEqual([
        expect.objectContaining({ line: lineOf(files[CAPS]!, '"id": "alpha"', files[CAPS]!.indexOf('"id": "alpha"') + 1) }),
      ]);
      // The skills that pointed at the lost ids now reference unknown capabilities.
      expect(only(findings, 'catalog/unknown-skill-capability').map((f) => f.message)).toEqual([
        expect.stringContaining('"beta"'),
        expect.stringContaining('"gamma"'),
      ]);
    });

    it('missing-provider-support', async () => {
      const { findings } = await withEdit(CAPS, (v) => delete v.capabilities[1].providerSupport.copilot);
      expect(findings).toEqual([expect.objectContaining({ ruleId: 'catalog/missing-provider-support', severity: 'error', file: CAPS })]);
    });
  });

  describe('skills-general.json rules', () => {
    it('missing-skill-name and duplicate-skill-name', async () => {
      const missing = await withEdit(SKILLS, (v) => delete v.skills[2].name);
      expect(ruleIds(missing.findings)).toEqual(['catalog/missing-skill-name', 'catalog/unknown_source_skill']);
      const dup = await withEdit(SKILLS, (v) => (v.skills[2].name = 'alpha'));
      expect(only(dup.findings, 'catalog/duplicate-skill-name')).toEqual([
        expect.objectContaining({ line: lineOf(dup.files[SKILLS]!, '"name": "alpha"', dup.files[SKILLS]!.indexOf('"name": "alpha"') + 1) }),
      ]);
    });

    it('skill-missing-source, skill-missing-capability, skill-missing-slash-command', async () => {
      const { findings } = await withEdit(SKILLS, (v) => {
        delete v.skills[0].source;
        delete v.skills[0].sourcePath;
        delete v.skills[0].canonicalPath;
        delete v.skills[1].capabilityId;
        v.skills[1].capabilityIds = [];
        v.skills[2].slashCommands = [];
      });
      expect(ruleIds(findings)).toEqual([
        'catalog/skill-missing-capability',
        'catalog/skill-missing-slash-command',
        'catalog/skill-missing-source',
      ]);
    });

    it('unknown-skill-capability points at the id that does not resolve', async () => {
      const { findings, files } = await withEdit(SKILLS, (v) => v.skills[2].capabilityIds.push('nope'));
      expect(findings).toEqual([
        expect.objectContaining({ ruleId: 'catalog/unknown-skill-capability', line: lineOf(files[SKILLS]!, '"nope"') }),
      ]);
    });

    it('missing-phase1-skill-capability: a phase 1 skill whose capability is not phase 1', async () => {
      const { findings } = await withEdit(CAPS, (v) => (v.capabilities[3].phase1 = false));
      expect(findings).toEqual([expect.objectContaining({ ruleId: 'catalog/missing-phase1-skill-capability', file: SKILLS })]);
      expect(findings[0]!.message).toContain('"gamma"');
      const notPhase1 = await withEdit(SKILLS, (v) => (v.skills[2].phase1 = false));
      expect(notPhase1.findings).toEqual([]);
    });
  });

  describe('parity between skill dirs and the catalog', () => {
    it('skill_uncataloged: removing a catalog entry reports its directory', async () => {
      const { findings } = await withEdit(SKILLS, (v) => v.skills.splice(2, 1));
      expect(only(findings, 'catalog/skill_uncataloged')).toEqual([
        expect.objectContaining({
          severity: 'error',
          file: '.github/skills/gamma/SKILL.md',
          line: 1,
          message: expect.stringContaining('.github/skills/gamma/'),
        }),
      ]);
      // The capability still names the removed skill.
      expect(ruleIds(findings)).toEqual(['catalog/skill_uncataloged', 'catalog/unknown_source_skill']);
    });

    it('skill_missing: deleting a skill directory reports the entry at its sourcePath line', async () => {
      const files = miniRepo();
      delete files['.github/skills/gamma/SKILL.md'];
      const findings = await runCatalog(files);
      expect(findings).toEqual([
        expect.objectContaining({
          ruleId: 'catalog/skill_missing',
          severity: 'error',
          file: SKILLS,
          line: lineIn(files[SKILLS]!, '"name": "gamma"', '"sourcePath"'),
          message: expect.stringContaining('.github/skills/gamma/SKILL.md'),
        }),
      ]);
    });

    it('checks every configured root, and only sources under a root must exist on disk', async () => {
      const files = miniRepo();
      files['.claude/skills/delta/SKILL.md'] = '---\nname: delta\ndescription: d\n---\n';
      editJson(files, SKILLS, (v) => (v.skills[2].sourcePath = 'vendor/gamma/SKILL.md'));
      const findings = await runCatalog(files, { skillRoots: ['.github/skills', '.claude/skills'] });
      expect(findings.map((f) => [f.ruleId, f.file])).toEqual([['catalog/skill_uncataloged', '.claude/skills/delta/SKILL.md']]);
    });
  });

  describe('references and consistency', () => {
    it('unknown_source_skill', async () => {
      const { findings, files } = await withEdit(CAPS, (v) => (v.capabilities[3].sourceSkill = 'nobody'));
      expect(findings).toEqual([
        expect.objectContaining({ ruleId: 'catalog/unknown_source_skill', file: CAPS, line: lineOf(files[CAPS]!, '"nobody"') }),
      ]);
    });

    it('alias_inconsistent: aliases of one skill disagree on defaultCommand or sourceSkill', async () => {
      const command = await withEdit(CAPS, (v) => (v.capabilities[1].defaultCommand = 'alpha-run'));
      expect(command.findings).toEqual([
        expect.objectContaining({ ruleId: 'catalog/alias_inconsistent', line: lineOf(command.files[CAPS]!, '"alpha-run"') }),
      ]);
      expect(command.findings[0]!.message).toContain('"alpha.generic"');
      const source = await withEdit(CAPS, (v) => (v.capabilities[1].sourceSkill = 'beta'));
      expect(only(source.findings, 'catalog/alias_inconsistent').length).toBeGreaterThanOrEqual(1);
    });

    it("alias_inconsistent: a skill alias that names another skill or another skill's alias", async () => {
      const { findings } = await withEdit(SKILLS, (v) => (v.skills[2].aliases = ['b', 'alpha', 'g']));
      expect(findings.map((f) => [f.ruleId, f.message])).toEqual([
        ['catalog/alias_inconsistent', expect.stringContaining('is an alias of "beta"')],
        ['catalog/alias_inconsistent', expect.stringContaining('is a skill name')],
      ]);
    });

    it("summary_mismatch is a warning at the skill's summary line", async () => {
      const { findings, files } = await withEdit(SKILLS, (v) => (v.skills[0].summary = 'Something else.'));
      expect(findings).toEqual([
        expect.objectContaining({
          ruleId: 'catalog/summary_mismatch',
          severity: 'warning',
          line: lineOf(files[SKILLS]!, '"Something else."'),
        }),
      ]);
    });
  });

  it('keeps fingerprints when the catalog is reformatted', async () => {
    const files = miniRepo();
    editJson(files, SKILLS, (v) => (v.skills[0].summary = 'Changed.'));
    const before = await runCatalog(files);
    files[SKILLS] = `\n\n${JSON.stringify(JSON.parse(files[SKILLS]!), null, 6)}`;
    const after = await runCatalog(files);
    expect(before[0]!.line).not.toBe(after[0]!.line);
    expect(after[0]!.fingerprint).toBe(before[0]!.fingerprint);
  });
});
