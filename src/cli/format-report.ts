import type { ChangedLines } from '../core/check-context.js';
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
export interface FormatOptions {
  color: boolean;
  version: string;
  /** Text: list every notice instead of counting them by rule. */
  notices?: boolean;
  /** The command that runs this check again, for the closing "next" line of a failing report. */
  rerun?: string;
  changedLines?: ChangedLines;
}

export async function formatReport(report: Report, format: Format, options: FormatOptions): Promise<string> {
  switch (format) {
    case 'json':
      return escapeJsonForTerminal(renderJson(report));
    case 'sarif':
      return escapeJsonForTerminal((await import('../render/sarif.js')).renderSarif(report, { toolVersion: options.version }));
    case 'markdown': {
      const { LIMITS, renderMarkdown } = await import('../render/markdown.js');
      return `${renderMarkdown(report, { maxLength: LIMITS.jobSummary, rerun: options.rerun, changedLines: options.changedLines })}\n`;
    }
    default:
      return renderText(report, {
        color: options.color,
        notices: options.notices,
        rerun: options.rerun,
        changedLines: options.changedLines,
      });
  }
}
