import { describe, expect, it } from 'vitest';
import { linesRunBy, recipesOf } from '../../src/core/scan/analyse/recipes.js';

const JUSTFILE = [
  'set dotenv-load := true', // 1
  'mirror := env_var_or_default("M", "")', // 2
  '', // 3
  'check: fmt (lint "all") test', // 4
  '', // 5
  'fmt:', // 6
  '    gofmt -w .', // 7
  '', // 8
  'lint target="x":', // 9
  '    golangci-lint run', // 10
  '', // 11
  '[private]', // 12
  'test: && report', // 13
  '    go test ./...', // 14
  '', // 15
  '    just coverage', // 16
  'report:', // 17
  '    echo done', // 18
  'coverage:', // 19
  '    go tool cover', // 20
  'snapshot:', // 21
  '    rsync -az ./ "{{mirror}}"', // 22
].join('\n');

const lines = (runs: (line: number) => boolean, last: number) => Array.from({ length: last }, (_, i) => i + 1).filter(runs);

describe('recipes of a justfile or Makefile', () => {
  it('a justfile recipe runs its own lines, its dependencies (with arguments, after `&&`) and the recipes it calls', () => {
    const recipes = recipesOf('justfile', JUSTFILE)!;
    expect([...recipes.keys()]).toEqual(['check', 'fmt', 'lint', 'test', 'report', 'coverage', 'snapshot']);
    expect(recipes.get('lint')).toEqual({ from: 9, to: 10, runs: [] });
    // Lines outside every recipe (settings, assignments, blank lines and attributes between recipes) go with any of them.
    const outside = [1, 2, 3, 5, 8, 11, 12];
    expect(lines(linesRunBy(recipes, 'check'), 22)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(lines(linesRunBy(recipes, 'snapshot'), 22)).toEqual([...outside, 21, 22]);
    expect(lines(linesRunBy(recipes, 'fmt'), 22)).toEqual([...outside, 6, 7].sort((a, b) => a - b));
  });

  it('a Makefile rule: several targets share a body, an inline `; cmd` and `$(MAKE) x` run too; assignments are no rules', () => {
    const text = [
      'BIN := .cache/bin', // 1
      'URL ?= https://example.dev:8443/x', // 2
      '.PHONY: all lint push', // 3
      'all lint: tools', // 4
      '\tgolangci-lint run', // 5
      'tools: ; mkdir -p $(BIN)', // 6
      'push:', // 7
      '\t$(MAKE) upload', // 8
      'upload:', // 9
      '\tcurl -T out.tgz $(URL)', // 10
    ].join('\n');
    const recipes = recipesOf('Makefile', text)!;
    expect([...recipes.keys()]).toEqual(['all', 'lint', 'tools', 'push', 'upload']);
    expect(lines(linesRunBy(recipes, 'lint'), 10)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lines(linesRunBy(recipes, 'push'), 10)).toEqual([1, 2, 3, 7, 8, 9, 10]);
  });

  it('any other file has none', () => {
    expect(recipesOf('scripts/build.sh', 'check: x\n\tfoo\n')).toBeUndefined();
  });
});
