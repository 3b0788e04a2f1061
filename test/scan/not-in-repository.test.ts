import { describe, expect, it } from 'vitest';
import { isLfsPointer, notInRepositoryDiagnostic } from '../../src/core/scan/not-in-repository.js';

const enc = (s: string) => new TextEncoder().encode(s);
const POINTER =
  'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';

describe('Git LFS pointers and submodules are content that is not in the repository', () => {
  it('recognises a pointer file by its first line, and nothing else', () => {
    expect(isLfsPointer(enc(POINTER))).toBe(true);
    expect(isLfsPointer(enc(`#!/bin/sh\n${POINTER}`))).toBe(false);
    expect(isLfsPointer(enc('version https://git-lfs.github.com/spec/v1'))).toBe(false);
    expect(isLfsPointer(enc(POINTER + 'x'.repeat(1024)))).toBe(false);
  });

  it('names the path, what it is and the command that references it', () => {
    const d = notInRepositoryDiagnostic('.claude/skills/helper', 'submodule', '.claude/settings.json hook');
    expect(d).toMatchObject({ ruleId: 'scan/content_not_in_repository', severity: 'error' });
    expect(d.message).toContain('.claude/skills/helper is a git submodule');
    expect(d.message).toContain('referenced by .claude/settings.json hook');
    expect(notInRepositoryDiagnostic('s/x.sh', 'lfs').message).toContain('Git LFS pointer');
  });
});
