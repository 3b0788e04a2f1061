import { codeSpan, escapeMarkdownText, renderMessage } from '../markdown-safe.js';
import type { PlansGateDetails } from '../report.js';

const PRESENT: Record<string, string> = {
  ralphdex: 'PRD + task graph',
  spiral: 'reviewed plan',
  omc: 'plan (acceptance criteria and verification inside)',
};

/** The oh-my-codex overlay text, so users recognise the gate wherever it shows up. */
export function renderGateOverlay(details: PlansGateDetails): string {
  if (details.status === 'NOT_REQUIRED') {
    return `**Ralph Ralplan-First Gate:** NOT REQUIRED\n- Reason: ${escapeMarkdownText(details.reason ?? 'not required')}`;
  }
  const why = details.requiredBecause ? [`- Required because: ${renderMessage(details.requiredBecause, 400)}`] : [];
  if (details.status === 'UNLOCKED') {
    const lines = [
      '**Ralph Ralplan-First Gate:** UNLOCKED',
      `- Planning artifacts present: ${PRESENT[details.layout] ?? 'PRD + test spec'}`,
    ];
    if (details.prd)
      lines.push(
        `- ${details.layout === 'omc' || details.layout === 'spiral' ? 'Plan' : 'PRD'}: ${codeSpan(details.prd)}${details.selectedBy ? ` (${escapeMarkdownText(details.selectedBy)})` : ''}`,
      );
    if (details.testSpec) lines.push(`- ${details.layout === 'ralphdex' ? 'Task graph' : 'Test spec'}: ${codeSpan(details.testSpec)}`);
    return [...lines, ...why].join('\n');
  }
  return [
    '**Ralph Ralplan-First Gate:** BLOCKED',
    '- Requirement: complete planning artifacts before implementation/tool execution.',
    `- Missing: ${details.missing.length ? details.missing.map((m) => codeSpan(m)).join(', ') : 'see the findings below'}`,
    `- Path: ${codeSpan(details.dir)}`,
    ...why,
  ].join('\n');
}
