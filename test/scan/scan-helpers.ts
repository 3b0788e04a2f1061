import { resolveConfig, type ResolvedConfig } from '../../src/core/config/resolve-config.js';
import type { PlangateConfigInput } from '../../src/core/config/schema.js';
import type { CheckContext, CheckOutput } from '../../src/core/check-context.js';
import { MemorySnapshot, type MemoryFile } from '../../src/core/memory-snapshot.js';
import { scanRepository } from '../../src/core/scan/run-scan-check.js';
import type { RuleExample, ScanRule } from '../../src/core/scan/rules/scan-rule.js';

export const SKILL_DIR = '.github/skills/example';

export function scanConfig(input: PlangateConfigInput = {}): ResolvedConfig {
  return resolveConfig({ ...input, scan: { ...(input.scan ?? {}) } }, { presets: [], skillRoots: [] }, '.github/plangate.yml');
}

export async function scanFiles(
  files: Record<string, string | Uint8Array | MemoryFile>,
  options: { config?: PlangateConfigInput; context?: CheckContext; prefilter?: boolean } = {},
): Promise<CheckOutput> {
  return scanRepository(new MemorySnapshot(files), scanConfig(options.config), options.context ?? {}, { prefilter: options.prefilter });
}

/** Where a rule example lives: its own path, else a script for command rules and SKILL.md for prose rules. */
export function examplePath(rule: ScanRule, example: RuleExample): string {
  if (typeof example !== 'string' && example.path) return `${SKILL_DIR}/${example.path}`;
  return rule.reads.includes('code') ? `${SKILL_DIR}/scripts/example.sh` : `${SKILL_DIR}/SKILL.md`;
}

export function exampleText(example: RuleExample): string {
  return typeof example === 'string' ? `${example}\n` : example.text;
}
