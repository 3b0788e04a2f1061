import { describe, expect, it } from 'vitest';
import { findSkillDirs, normalizeRoot } from '../../src/core/catalog/find-skill-dirs.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';

const md = '---\nname: x\ndescription: d\n---\n';

describe('findSkillDirs', () => {
  it('finds <root>/<name>/SKILL.md under every configured root, named by the directory', () => {
    const snapshot = new MemorySnapshot({
      '.github/skills/beta/SKILL.md': md,
      '.github/skills/alpha/SKILL.md': md,
      '.github/skills/alpha/references/guide.md': md,
      '.claude/skills/gamma/SKILL.md': md,
      '.agents/skills/delta/SKILL.md': md,
    });
    const found = findSkillDirs(snapshot, ['.github/skills', '.claude/skills']);
    expect(found).toEqual([
      { root: '.github/skills', name: 'alpha', dir: '.github/skills/alpha', skillFile: '.github/skills/alpha/SKILL.md', mode: 'file' },
      { root: '.github/skills', name: 'beta', dir: '.github/skills/beta', skillFile: '.github/skills/beta/SKILL.md', mode: 'file' },
      { root: '.claude/skills', name: 'gamma', dir: '.claude/skills/gamma', skillFile: '.claude/skills/gamma/SKILL.md', mode: 'file' },
    ]);
  });

  it('ignores SKILL.md files that are not exactly one level below a root', () => {
    const snapshot = new MemorySnapshot({
      '.github/skills/SKILL.md': md,
      '.github/skills/a/b/SKILL.md': md,
      '.github/skills/c/skill.md': md,
      '.github/skills/d/SKILL.md.bak': md,
      'docs/.github/skills/e/SKILL.md': md,
    });
    expect(findSkillDirs(snapshot, ['.github/skills'])).toEqual([]);
  });

  it('accepts roots written with ./, a trailing slash or the repository root, and lists a root once', () => {
    const snapshot = new MemorySnapshot({ 'skills/a/SKILL.md': md, 'top/SKILL.md': md });
    expect(findSkillDirs(snapshot, ['./skills/', 'skills']).map((s) => s.dir)).toEqual(['skills/a']);
    expect(findSkillDirs(snapshot, ['.']).map((s) => s.dir)).toEqual(['top']);
    expect(normalizeRoot('./a/b//')).toBe('a/b');
  });

  it('keeps a symlinked SKILL.md as a skill (its mode says it is never read)', () => {
    const snapshot = new MemorySnapshot({ '.github/skills/link/SKILL.md': { content: '../../../etc/passwd', mode: 'symlink' } });
    expect(findSkillDirs(snapshot, ['.github/skills'])).toEqual([expect.objectContaining({ name: 'link', mode: 'symlink' })]);
  });
});
