import type { Report } from '../core/report.js';
import { renderJson } from '../render/json.js';
import { LIMITS, renderMarkdown } from '../render/markdown.js';
import { renderSarif } from '../render/sarif.js';
import { renderText } from '../render/text.js';

export const FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

export function formatReport(report: Report, format: Format, options: { color: boolean; version: string }): string {
  switch (format) {
    case 'json':
      return renderJson(report);
    case 'sarif':
      return renderSarif(report, { toolVersion: options.version });
    case 'markdown':
      return `${renderMarkdown(report, { maxLength: LIMITS.jobSummary })}\n`;
    default:
      return renderText(report, { color: options.color });
  }
}
