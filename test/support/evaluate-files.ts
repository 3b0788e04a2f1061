import { evaluate, type EvaluateInput } from '../../src/core/evaluate.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import type { Report } from '../../src/core/report.js';

/** Evaluates an in-memory tree the way every entry point does; fails the test on config problems. */
export async function evaluateFiles(
  files: Record<string, string>,
  options: Pick<EvaluateInput, 'context' | 'checks' | 'sourceLinks'> & { config?: string } = {},
): Promise<Report> {
  const snapshot = new MemorySnapshot(files);
  const result = await evaluate({
    snapshot,
    configText: options.config,
    configFile: '.github/plangate.yml',
    context: options.context,
    checks: options.checks,
    sourceLinks: options.sourceLinks,
  });
  if (!result.ok) throw new Error(`config problems: ${JSON.stringify(result.problems)}`);
  return result.report;
}

export function ruleIds(report: Report): string[] {
  return report.findings.map((f) => f.ruleId).sort();
}

export const PRD_BODY = `# PRD\n\nBuild the export command so operations can load reports without scripts.\n\n## Acceptance criteria\n- [ ] \`app export --csv out.csv\` writes one row per finding\n`;
export const SPEC_BODY = `# Test spec\n\nAn integration test runs the export and compares the CSV with a fixture.\n\n\`\`\`bash\nnpm test -- export\n\`\`\`\n`;
