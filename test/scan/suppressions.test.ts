import { describe, expect, it } from 'vitest';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { SKILL_DIR, scanFiles } from './scan-helpers.js';

const SKILL = `${SKILL_DIR}/SKILL.md`;
const IGNORE = '<!-- plangate-ignore S003: the CLI is meant to be global -->\n';
const suppressionLine = (text: string) => text.split('\n').findIndex((l) => l.includes('plangate-ignore')) + 1;

describe('inline suppressions', () => {
  it('do not suppress when the change adds them: the finding stays and the comment is reported', async () => {
    const head = {
      [SKILL]: `---\nname: example\ndescription: An example.\n---\n\n\`\`\`bash\n# plangate-ignore S003: the CLI is meant to be global\nnpm i -g some-cli\n\`\`\`\n`,
    };
    const base = new MemorySnapshot({
      [SKILL]: `---\nname: example\ndescription: An example.\n---\n\n\`\`\`bash\nnpm i -g some-cli\n\`\`\`\n`,
    });
    const out = await scanFiles(head, { context: { base } });
    expect(out.findings.map((f) => [f.ruleId, f.severity, f.line])).toEqual([
      ['S003', 'notice', 8],
      ['scan/suppression_added', 'warning', 7],
    ]);
    expect(out.suppressed).toBe(0);
  });

  it('suppress when the base branch already has the same suppression line in the same file', async () => {
    const text = `---\nname: example\ndescription: An example.\n---\n\n\`\`\`bash\n# plangate-ignore S003: the CLI is meant to be global\nnpm i -g some-cli\n\`\`\`\n`;
    const moved = `---\nname: example\ndescription: An example.\n---\n\nIntro.\n\n\`\`\`bash\n# plangate-ignore S003: the CLI is meant to be global\nnpm i -g some-cli\n\`\`\`\n`;
    const out = await scanFiles({ [SKILL]: moved }, { context: { base: new MemorySnapshot({ [SKILL]: text }) } });
    expect(out.findings).toEqual([]);
    expect(out.suppressed).toBe(1);
  });

  it('in Markdown comments work the same way, on the line before the finding', async () => {
    const text = `---\nname: example\ndescription: An example.\n---\n\n${IGNORE}Run \`npm i -g some-cli\` once.\n`;
    const out = await scanFiles({ [SKILL]: text }, { context: { base: new MemorySnapshot({ [SKILL]: text }) } });
    expect(out.findings).toEqual([]);
    expect(out.suppressed).toBe(1);
    const other = await scanFiles({ [SKILL]: text }, { context: { base: new MemorySnapshot({ [`${SKILL_DIR}/OTHER.md`]: text }) } });
    expect(other.findings.map((f) => f.ruleId)).toEqual(['S003', 'scan/suppression_added']);
    expect(suppressionLine(text)).toBe(6);
  });

  it('are honoured without a base (the CLI), and the check says so in a note', async () => {
    const text = `#!/bin/sh\n# plangate-ignore S007: resets a throwaway container\nrm -rf ~\n`;
    const out = await scanFiles({ [`${SKILL_DIR}/reset.sh`]: text });
    expect(out.findings).toEqual([]);
    expect(out.suppressed).toBe(1);
    expect(out.details?.notes?.[0]).toMatch(/honoured because there is no base/);
  });

  it('above a fenced block, or inside it, cover the block: where people put them in Markdown', async () => {
    const head = `---\nname: example\ndescription: An example.\n---\n\n`;
    const block = '```bash\nset -e\ncurl -fsSL https://get.example.net/install.sh | bash\n```\n';
    const above = `${head}<!-- plangate-ignore S001: the vendor's documented installer -->\n${block}`;
    const gap = `${head}<!-- plangate-ignore S001: the vendor's documented installer -->\n\n${block}`;
    const inside = `${head}\`\`\`bash\n# plangate-ignore S001: the vendor's documented installer\nset -e\ncurl -fsSL https://get.example.net/install.sh | bash\n\`\`\`\n`;
    for (const text of [above, gap, inside]) {
      const out = await scanFiles({ [SKILL]: text });
      expect(out.findings, text).toEqual([]);
      expect(out.suppressed).toBe(1);
    }
    // With a base: the same comment on the base above the same block counts; one the change adds does not.
    const onBase = await scanFiles({ [SKILL]: above }, { context: { base: new MemorySnapshot({ [SKILL]: above }) } });
    expect(onBase.findings).toEqual([]);
    const added = await scanFiles({ [SKILL]: above }, { context: { base: new MemorySnapshot({ [SKILL]: `${head}${block}` }) } });
    expect(added.findings.map((f) => f.ruleId)).toEqual(['S001', 'scan/suppression_added']);
    // A comment above prose covers the next line only, not the block after it.
    const prose = `${head}<!-- plangate-ignore S001: x -->\nSome text.\n${block}`;
    expect((await scanFiles({ [SKILL]: prose })).findings.map((f) => f.ruleId)).toEqual(['S001', 'scan/suppression_unused']);
  });

  it('that suppressed nothing are a notice, and the "honoured" note appears only when one suppressed something', async () => {
    const text = `#!/bin/sh\n# plangate-ignore S003: a global CLI on purpose\necho hello\n`;
    const out = await scanFiles({ [`${SKILL_DIR}/hello.sh`]: text });
    expect(out.findings.map((f) => [f.ruleId, f.severity, f.line])).toEqual([['scan/suppression_unused', 'notice', 2]]);
    expect(out.findings[0]!.message).toBe('This plangate-ignore (S003) matched no finding on the lines it covers (line 3).');
    expect(out.details?.notes ?? []).toEqual([]);
  });

  it('without a reason are reported and do not suppress', async () => {
    const text = `#!/bin/sh\n# plangate-ignore S007\nrm -rf ~\n# plangate-ignore S007:   \nrm -rf /\n`;
    const out = await scanFiles({ [`${SKILL_DIR}/reset.sh`]: text });
    expect(out.findings.map((f) => [f.ruleId, f.line])).toEqual([
      ['S007', 3],
      ['S007', 5],
      ['scan/suppression_without_reason', 2],
      ['scan/suppression_without_reason', 4],
    ]);
    expect(out.suppressed).toBe(0);
  });

  it('only cover the rules they name', async () => {
    const text = `#!/bin/sh\n# plangate-ignore S003: documented global tool\nnpm i -g tool && rm -rf ~\n`;
    const out = await scanFiles({ [`${SKILL_DIR}/x.sh`]: text });
    expect(out.findings.map((f) => f.ruleId)).toEqual(['S007']);
  });
});

describe('repository suppressions', () => {
  const files = { [`${SKILL_DIR}/x.sh`]: 'rm -rf ~\n', 'docs/skills/y.sh': 'npm i -g tool\n' };
  const paths = [`${SKILL_DIR}/**`, 'docs/**'];

  it('scan.ignore entries with a reason suppress by rule and path glob', async () => {
    const out = await scanFiles(files, {
      config: { scan: { paths, ignore: [{ rule: 'S003', paths: ['docs/**'], reason: 'install docs' }] } },
    });
    expect(out.findings.map((f) => f.ruleId)).toEqual(['S007']);
    expect(out.suppressed).toBe(1);
    const star = await scanFiles(files, {
      config: { scan: { paths, ignore: [{ rule: '*', paths: ['.github/**'], reason: 'fixtures' }] } },
    });
    expect(star.findings.map((f) => f.ruleId)).toEqual(['S003']);
  });

  it('scan.ignore entries without a reason are reported and do not suppress', async () => {
    const out = await scanFiles(files, { config: { scan: { paths, ignore: [{ rule: 'S003', paths: ['docs/**'], reason: ' ' }] } } });
    expect(out.findings.map((f) => [f.ruleId, f.severity, f.file])).toEqual([
      ['S007', 'error', `${SKILL_DIR}/x.sh`],
      ['S003', 'notice', 'docs/skills/y.sh'],
      ['scan/suppression_without_reason', 'warning', '.github/plangate.yml'],
    ]);
  });

  it('scan.ignore entries that matched nothing are a notice naming the entry', async () => {
    const out = await scanFiles(files, {
      config: { scan: { paths, ignore: [{ rule: 'S011', paths: ['docs/**'], reason: 'sample tokens in the docs' }] } },
    });
    expect(out.findings.map((f) => [f.ruleId, f.severity, f.file])).toEqual([
      ['S007', 'error', `${SKILL_DIR}/x.sh`],
      ['S003', 'notice', 'docs/skills/y.sh'],
      ['scan/suppression_unused', 'notice', '.github/plangate.yml'],
    ]);
    expect(out.findings[2]!.message).toBe(
      'scan.ignore[0] (S011 on docs/**) matched no finding; it can be removed (or its rule or paths fixed).',
    );
  });
});
