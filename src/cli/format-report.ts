import type { Report } from '../core/report.js';
import { escapeJsonForTerminal } from '../core/terminal-safe.js';
import { renderJson } from '../render/json.js';
import { renderText } from '../render/text.js';

export const FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * The report as the CLI prints it. JSON and SARIF keep their data, with the characters a terminal
 * would act on escaped. SARIF and markdown are imported when asked for: they carry every scan rule's metadata, which other formats never load.
 */
export async function formatReport(report: Report, format: Format, options: { color: boolean; version: string }): Promise<string> {
  switch (format) {
    case 'json':
      return escapeJsonForTerminal(renderJson(report));
    case 'sarif':
      return escapeJsonForTerminal((await import('../render/sarif.js')).renderSarif(report, { toolVersion: options.version }));
    case 'markdown': {
      const { LIMITS, renderMarkdown } = await import('../render/markdown.js');
      return `${renderMarkdown(report, { maxLength: LIMITS.jobSummary })}\n`;
    }
    default:
      return renderText(report, { color: options.color });
  }
}
