import type { DetectedLayout } from '../core/config/detect.js';

/** A commented starting config for the detected layout; every value shown is the effective default. */
export function renderInitialConfig(detected: DetectedLayout, schemaId: string): string {
  const presets = detected.presets.length ? detected.presets : [];
  const lines = [
    `# yaml-language-server: $schema=${schemaId}`,
    '# plangate config — read from the base branch by the Action and the App, so a PR cannot weaken its own gate.',
    `presets: [${presets.join(', ')}]${presets.length ? '' : '   # none detected: add omx, omc, spiral, ralphdex or omp'}`,
    '',
    'plans:',
    '  require: always          # always | when-changed | never',
    '  matching: slug           # slug (newest oh-my-codex) | any',
    '  mustChangeInPr: false',
    '  requireAdr: false',
    '  requireApproval: false   # App: execution labels need a recorded /plangate approve',
    '  exemptLabels: [plangate:skip]',
  ];
  if (detected.skillRoots.length) {
    lines.push('', 'catalog:', `  skillRoots: [${detected.skillRoots.join(', ')}]`, '', 'scan:', '  failOn: high             # high | medium | low | never', '  ignore: []               # [{ rule: S003, paths: ["docs/**"], reason: "install docs" }]');
  }
  lines.push(
    '',
    'ralph:',
    '  workflow: plangate-ralph.yml',
    '  maxIterations: 10',
    '  approvers: write         # triage | write | maintain | admin',
    '  agent: "codex exec --full-auto {prompt_file}"',
    '',
  );
  return lines.join('\n');
}
