import type { Report } from '../core/report.js';
import { renderJson } from '../render/json.js';
import { LIMITS, renderMarkdown } from '../render/markdown.js';
import { renderText } from '../render/text.js';

export const FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

/** SARIF is imported when asked for: it carries every scan rule's metadata, which other formats never load. */
export async function formatReport(report: Report, format: Format, options: { color: boolean; version: string }): Promise<string> {
  switch (format) {
    case 'json':
      return renderJson(report);
    case 'sarif':
      return (await import('../render/sarif.js')).renderSarif(report, { toolVersion: options.version });
    case 'markdown':
      return `${renderMarkdown(report, { maxLength: LIMITS.jobSummary })}\n`;
    default:
      return renderText(report, { color: options.color });
  }
}
