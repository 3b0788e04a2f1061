import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintSkillFile } from '../../src/core/catalog/lint-skill-file.js';
import { skillNameLine, suggestSkillName } from '../../src/core/catalog/lint-skill-name.js';
import { only, ruleIds, runCatalog } from './catalog-harness.js';

const ROOT = '.github/skills';

function skill(frontmatter: string, body = '# Skill\n'): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

/** Lints one skill in a repo without a catalog bundle (only the skills/* rules apply). */
async function lintOne(dir: string, text: string | Uint8Array, portability = false) {
  return runCatalog({ [`${ROOT}/${dir}/SKILL.md`]: text }, { portability });
}

describe('skills/* frontmatter lint', () => {
  it('passes a skill that follows the spec', async () => {
    expect(await lintOne('alpha', skill('name: alpha\ndescription: Does alpha.\nallowed-tools: Read\nargument-hint: "<x>"'))).toEqual([]);
  });

  it('reports a missing frontmatter block', async () => {
    const findings = await lintOne('alpha', '# Alpha\n\nNo frontmatter here.\n');
    expect(findings).toEqual([
      expect.objectContaining({
        ruleId: 'skills/frontmatter_missing',
        severity: 'error',
        check: 'catalog',
        file: `${ROOT}/alpha/SKILL.md`,
        line: 1,
      }),
    ]);
  });

  it('reports invalid YAML with its line in the file', async () => {
    const findings = await lintOne('alpha', '\n---\nname: alpha\ndescription: one\ndescription: two\n---\n');
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'skills/frontmatter_invalid', severity: 'error', line: 5 })]);
  });

  it('reports a YAML alias bomb as invalid frontmatter instead of expanding it', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      levels.push(
        `a${i}: &a${i} [${Array(9)
          .fill(i === 1 ? '*a' : `*a${i - 1}`)
          .join(',')}]`,
      );
    const findings = await lintOne('bomb', skill(`name: bomb\ndescription: d\n${levels.join('\n')}`));
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'skills/frontmatter_invalid', severity: 'error', line: 5 })]);
    expect(findings[0]!.message).toMatch(/alias/);
  });

  it('warns when name is missing and the directory name stands in', async () => {
    const findings = await lintOne('alpha', skill('description: Does alpha.'));
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'skills/name_missing', severity: 'warning', line: 1 })]);
    expect(findings[0]!.message).toContain('"alpha"');
  });

  it('rejects a name that would escape the skills root', async () => {
    const findings = await lintOne('etc', skill('name: ../../etc\ndescription: d'));
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'skills/name_path_traversal', severity: 'error', line: 2 })]);
    for (const name of ['a/b', '"a\\\\b"', 'C:evil', '..']) {
      expect(ruleIds(await lintOne('x', skill(`name: ${name}\ndescription: d`)))).toEqual(['skills/name_path_traversal']);
    }
  });

  it('catches a traversal that only appears after NFKC normalisation', async () => {
    // Fullwidth full stops and solidus normalise to "../etc".
    const findings = await lintOne('x', skill('name: "\uff0e\uff0e\uff0fetc"\ndescription: d'));
    expect(ruleIds(findings)).toEqual(['skills/name_path_traversal']);
  });

  it('rejects names outside 1–64 chars of a-z0-9- with single inner hyphens', async () => {
    const long = 'a'.repeat(65);
    const findings = await lintOne(long, skill(`name: ${long}\ndescription: d`));
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'skills/name_invalid', severity: 'error', line: 2 })]);
    expect(findings[0]!.message).toMatch(/65 characters/);
    for (const name of ['Alpha', '-alpha', 'alpha-', 'al--pha', 'al_pha', '""', '123', 'ålpha']) {
      expect(ruleIds(await lintOne('x', skill(`name: ${name}\ndescription: d`))), name).toEqual(['skills/name_invalid']);
    }
  });

  it('accepts a 64-character name and a name that NFKC-normalises to a valid one', async () => {
    const max = 'a'.repeat(64);
    expect(await lintOne(max, skill(`name: ${max}\ndescription: d`))).toEqual([]);
    // Fullwidth "alpha" normalises to "alpha".
    expect(await lintOne('alpha', skill('name: "\uff41\uff4c\uff50\uff48\uff41"\ndescription: d'))).toEqual([]);
  });

  it('warns when the name differs from its directory', async () => {
    const findings = await lintOne('alpha', skill('name: beta\ndescription: d'));
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'skills/name_dir_mismatch', severity: 'warning', line: 2 })]);
  });

  it('accepts a name that the catalog lists as an alias of the directory', () => {
    const text = skill('name: autopilot\ndescription: d');
    expect(lintSkillFile(text, { dirName: 'omp-autopilot', catalogAliases: new Set(['omp-autopilot', 'autopilot']) })).toEqual([]);
    expect(lintSkillFile(text, { dirName: 'omp-autopilot' }).map((i) => i.code)).toEqual(['name_dir_mismatch']);
  });

  it('suggests a name that is itself valid, and the folder rename it needs', async () => {
    const [bad] = await lintOne('-21risk-automation', skill('name: "-21risk-automation"\ndescription: Automates 21RISK.'));
    expect(bad).toMatchObject({ ruleId: 'skills/name_invalid' });
    expect(bad!.help).toContain('`name: "21risk-automation"`, and rename the folder to `21risk-automation`');
    expect(await lintOne('21risk-automation', skill('name: "21risk-automation"\ndescription: Automates 21RISK.'))).toEqual([]);
    fc.assert(
      fc.property(fc.string({ maxLength: 90 }), (dir) => {
        const name = suggestSkillName(dir);
        const issues = lintSkillFile(skill(`${skillNameLine(name)}\ndescription: x`), { dirName: name });
        expect(issues).toEqual([]);
      }),
    );
  });

  it('says how to fix a name that differs from its folder without naming aliases when there is no catalog', async () => {
    const [mismatch] = await lintOne('video-downloader', skill('name: youtube-downloader\ndescription: Downloads.'));
    expect(mismatch!.message).toBe('`name` "youtube-downloader" differs from its directory "video-downloader"');
    expect(mismatch!.help).toBe('Rename one of them so they match.');
  });

  it('requires a non-empty text description', async () => {
    for (const fm of ['name: alpha', 'name: alpha\ndescription:', 'name: alpha\ndescription: "  "', 'name: alpha\ndescription: [a, b]']) {
      const findings = await lintOne('alpha', skill(fm));
      expect(
        findings.map((f) => [f.ruleId, f.severity]),
        fm,
      ).toEqual([['skills/description_missing', 'error']]);
    }
  });

  it('warns on a description over 1024 characters and a compatibility over 500, not at the limit', async () => {
    const at = await lintOne('alpha', skill(`name: alpha\ndescription: ${'d'.repeat(1024)}\ncompatibility: ${'c'.repeat(500)}`));
    expect(at).toEqual([]);
    const over = await lintOne('alpha', skill(`name: alpha\ndescription: ${'d'.repeat(1025)}\ncompatibility: ${'c'.repeat(501)}`));
    expect(over.map((f) => [f.ruleId, f.severity, f.line])).toEqual([
      ['skills/description_too_long', 'warning', 3],
      ['skills/compatibility_too_long', 'warning', 4],
    ]);
  });

  it('notes keys outside the spec and Claude Code set, each at its line', async () => {
    const known =
      'license: MIT\ncompatibility: any\nmetadata: {a: 1}\ndisable-model-invocation: true\nuser-invocable: false\ncontext: fork\nagent: x\nmodel: y\nhooks: {}';
    expect(await lintOne('alpha', skill(`name: alpha\ndescription: d\n${known}`))).toEqual([]);
    const findings = await lintOne('alpha', skill('name: alpha\ndescription: d\nversion: 2\ntags: [a]'));
    expect(findings.map((f) => [f.ruleId, f.severity, f.line])).toEqual([
      ['skills/unknown_frontmatter_key', 'notice', 4],
      ['skills/unknown_frontmatter_key', 'notice', 5],
    ]);
  });

  it('flags provider-specific wording in the body only when portability is on', async () => {
    const text = skill(
      'name: alpha\ndescription: Mentions .claude in the description only.',
      'Intro.\nWrite state to `.omx/state` first.\nThis is tmux-only; read $TMUX_PANE.\nfoo.claude and .claudex are fine.\n',
    );
    expect(await lintOne('alpha', text, false)).toEqual([]);
    const findings = await lintOne('alpha', text, true);
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
      ['skills/portability', 6, 17],
      ['skills/portability', 7, 9],
      ['skills/portability', 7, 26],
    ]);
    expect(only(findings, 'skills/portability').every((f) => f.severity === 'warning')).toBe(true);
  });

  it('gives findings fingerprints that survive the lines moving', async () => {
    const a = await lintOne('alpha', skill('name: Alpha\ndescription: d'));
    const b = await lintOne('alpha', `\n\n${skill('description: d\nname: Alpha')}`);
    expect(a[0]!.line).not.toBe(b[0]!.line);
    expect(a[0]!.fingerprint).toBe(b[0]!.fingerprint);
  });

  it('lints UTF-16, invalid UTF-8 and binary files without crashing', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'---\nname: alpha\ndescription: d\n---\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await lintOne('alpha', utf16)).toEqual([]);
    const broken = new Uint8Array([
      ...new TextEncoder().encode('---\nname: alpha\ndescription: d '),
      0xc3,
      0x28,
      10,
      ...new TextEncoder().encode('---\n'),
    ]);
    expect(await lintOne('alpha', broken)).toEqual([]);
    expect(ruleIds(await lintOne('alpha', new Uint8Array([0, 1, 2, 3])))).toEqual(['skills/frontmatter_missing']);
  });
});
