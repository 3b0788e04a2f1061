import type { Finding } from '../../src/core/finding.js';
import { SKILL_DIR, scanFiles as scanOutput } from './scan-helpers.js';

/** Shared by the judgement tests of scanner v3.9–v3.12: a skill's findings, and which of them are HIGH. */
export const scanFiles = async (files: Record<string, string>) => (await scanOutput(files)).findings;

export const SKILL = `${SKILL_DIR}/SKILL.md`;
export const md = (body: string) => `---\nname: build-helper\ndescription: Keeps the build healthy.\n---\n\n${body}\n`;
export const highs = (findings: Finding[]) =>
  findings.filter((f) => /^S0/.test(f.ruleId) && f.level === 'HIGH').map((f) => `${f.ruleId}:${f.line}`);
