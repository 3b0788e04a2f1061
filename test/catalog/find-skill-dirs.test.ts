import { describe, expect, it } from 'vitest';
import { emptySkillRoots, findSkillDirs, normalizeRoot } from '../../src/core/catalog/find-skill-dirs.js';
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

  it('finds skill folders at any depth below a root, never the root itself nor outside it', () => {
    const snapshot = new MemorySnapshot({
      '.github/skills/SKILL.md': md,
      '.github/skills/.curated/b/SKILL.md': md,
      '.github/skills/c/skill.md': md,
      '.github/skills/d/SKILL.md.bak': md,
      'docs/.github/skills/e/SKILL.md': md,
    });
    expect(findSkillDirs(snapshot, ['.github/skills'])).toEqual([
      {
        root: '.github/skills',
        name: 'b',
        dir: '.github/skills/.curated/b',
        skillFile: '.github/skills/.curated/b/SKILL.md',
        mode: 'file',
      },
    ]);
  });

  it('matches one folder name for each * segment, and skips ignored folders below a root (never the root itself)', () => {
    const snapshot = new MemorySnapshot({
      'plugins/a/skills/x/SKILL.md': md,
      'plugins/b/skills/y/SKILL.md': md,
      'plugins/b/skills/y/node_modules/z/SKILL.md': md,
      'plugins/b/other/skills/w/SKILL.md': md,
      'test/fixtures/skills/f/SKILL.md': md,
    });
    expect(findSkillDirs(snapshot, ['plugins/*/skills']).map((s) => s.dir)).toEqual(['plugins/a/skills/x', 'plugins/b/skills/y']);
    expect(findSkillDirs(snapshot, ['test/fixtures/skills']).map((s) => s.dir)).toEqual(['test/fixtures/skills/f']);
    expect(emptySkillRoots(['plugins/*/skills', 'skills', './skills/'], findSkillDirs(snapshot, ['plugins/*/skills', 'skills']))).toEqual([
      'skills',
    ]);
  });

  it('accepts roots written with ./, a trailing slash or the repository root, and lists a root once', () => {
    const snapshot = new MemorySnapshot({ 'skills/a/SKILL.md': md, 'top/SKILL.md': md });
    expect(findSkillDirs(snapshot, ['./skills/', 'skills']).map((s) => s.dir)).toEqual(['skills/a']);
    expect(findSkillDirs(snapshot, ['.']).map((s) => s.dir)).toEqual(['skills/a', 'top']);
    expect(normalizeRoot('./a/b//')).toBe('a/b');
  });

  it('keeps a symlinked SKILL.md as a skill (its mode says it is never read)', () => {
    const snapshot = new MemorySnapshot({ '.github/skills/link/SKILL.md': { content: '../../../etc/passwd', mode: 'symlink' } });
    expect(findSkillDirs(snapshot, ['.github/skills'])).toEqual([expect.objectContaining({ name: 'link', mode: 'symlink' })]);
  });
});
