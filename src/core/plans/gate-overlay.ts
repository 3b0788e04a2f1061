import { codeSpan, escapeMarkdownText } from '../markdown-safe.js';
import type { PlansGateDetails } from '../report.js';

/** The oh-my-codex overlay text, so users recognise the gate wherever it shows up. */
export function renderGateOverlay(details: PlansGateDetails): string {
  if (details.status === 'NOT_REQUIRED') {
    return `**Ralph Ralplan-First Gate:** NOT REQUIRED\n- Reason: ${escapeMarkdownText(details.reason ?? 'not required')}`;
  }
  if (details.status === 'UNLOCKED') {
    const lines = ['**Ralph Ralplan-First Gate:** UNLOCKED', `- Planning artifacts present: ${details.layout === 'ralphdex' ? 'PRD + task graph' : details.layout === 'spiral' ? 'reviewed plan' : 'PRD + test spec'}`];
    if (details.prd) lines.push(`- PRD: ${codeSpan(details.prd)}`);
    if (details.testSpec) lines.push(`- ${details.layout === 'ralphdex' ? 'Task graph' : 'Test spec'}: ${codeSpan(details.testSpec)}`);
    return lines.join('\n');
  }
  return [
    '**Ralph Ralplan-First Gate:** BLOCKED',
    '- Requirement: complete planning artifacts before implementation/tool execution.',
    `- Missing: ${details.missing.length ? details.missing.map((m) => codeSpan(m)).join(', ') : 'see the findings below'}`,
    `- Path: ${codeSpan(details.dir)}`,
  ].join('\n');
}
