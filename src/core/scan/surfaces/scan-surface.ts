import type { Lines } from '../lazy-lines.js';
import type { FileType } from '../classify-path.js';
import type { HitBudget } from '../engine/cap-hits.js';
import type { CompiledRules } from '../engine/compile-rules.js';
import type { RuleHit, ScanBlock, ScanDiagnostic } from '../scan-types.js';
import { classifySurface } from './classify-surface.js';
import type { EntryBudget } from './entry-budget.js';
import type { LaunchFile } from './launch-entry.js';
import { launchUnits } from './launch-units.js';
import { matchVirtualText } from './match-virtual-text.js';
import { readCodexToml } from './read-codex-toml.js';
import { readLaunchJson } from './read-launch-json.js';

export interface SurfaceScan {
  hits: RuleHit[];
  /** One block per entry: evidence is combined within a server, a hook or a settings group. */
  blocks: ScanBlock[];
  diagnostics: ScanDiagnostic[];
}

/** Longest config read entry by entry. */
export const MAX_CONFIG_CHARS = 256 * 1024;
/** Entries read one by one per file: real configs have tens; a file of thousands is built to waste time. */
export const MAX_ENTRIES = 200;

/** Keys that make a JSON file worth parsing for launch entries (a cheap test before the parser). */
const LAUNCH_KEYS =
  /"(?:mcpServers|mcp_servers|servers|hooks|env|statusLine|apiKeyHelper|awsAuthRefresh|awsCredentialExport|otelHeadersHelper|enableAllProjectMcpServers)"/;

function readLaunchFile(path: string, text: string, type: FileType): LaunchFile | undefined {
  const surface = classifySurface(path);
  if (surface === 'codex-toml') return readCodexToml(text);
  if (type !== 'json' || (!surface && !LAUNCH_KEYS.test(text))) return undefined;
  return readLaunchJson(text, { servers: true, settings: surface === 'agent-settings', maxServers: MAX_ENTRIES });
}

/**
 * The MCP servers, hooks and settings commands a config file declares → rule hits: each
 * command line and inline script is read as code (every shell rule), and each entry as
 * descriptor lines for the MCP and hook rules (secrets forwarded to a server, unpinned
 * packages, plain-HTTP and raw-IP remotes, hooks that send the session out). Undefined
 * for files that declare nothing.
 */
export function scanSurface(
  path: string,
  text: string,
  type: FileType,
  rules: CompiledRules,
  lines: Lines,
  budget: HitBudget,
  entryBudget?: EntryBudget,
): SurfaceScan | undefined {
  if (text.length > MAX_CONFIG_CHARS && (classifySurface(path) || LAUNCH_KEYS.test(text.slice(0, 4096)))) {
    return {
      hits: [],
      blocks: [],
      diagnostics: [
        {
          ruleId: 'scan/config_unreadable',
          severity: 'error',
          line: 1,
          message: `This agent config is ${text.length} characters long, too long to read server by server (agent configs are a few KB; padding one is a way past the MCP and hook rules); every line was still scanned as text.`,
        },
      ],
    };
  }
  const file = readLaunchFile(path, text, type);
  if (!file) return undefined;
  const diagnostics: ScanDiagnostic[] = [];
  if (file.problem && classifySurface(path)) {
    const at = lines.position(Math.min(file.problem.offset, text.length));
    diagnostics.push({
      ruleId: 'scan/config_unreadable',
      severity: 'warning',
      line: at.line,
      column: at.column,
      message: `This agent config could not be read as a whole (${file.problem.message}); its servers and hooks were read as far as it parses, and every line was still scanned as text.`,
    });
  }
  if (!file.entries.length) return diagnostics.length ? { hits: [], blocks: [], diagnostics } : undefined;
  const readable = Math.min(file.entries.length, MAX_ENTRIES);
  const granted = entryBudget ? entryBudget.take(readable) : readable;
  if (granted < file.entries.length || file.skipped) {
    diagnostics.push({
      ruleId: 'scan/config_unreadable',
      severity: 'warning',
      line: lines.position(granted < file.entries.length ? file.entries[granted]!.start : file.skipped!.offset).line,
      message: `This config declares ${file.skipped ? 'more than ' : ''}${file.entries.length} servers, hooks and settings; ${granted} were read one by one (at most ${MAX_ENTRIES} per file, and a scan reads about one per 2 KB past its first 500), and every line of the rest was still scanned as text.`,
    });
  }
  const hits: RuleHit[] = [];
  const blocks: ScanBlock[] = [];
  const context = { path, rules, fileLines: lines, budget };
  for (const entry of file.entries.slice(0, granted)) {
    blocks.push({ id: blocks.length, kind: 'value', start: entry.start, end: Math.max(entry.end, entry.start + 1) });
    for (const unit of launchUnits(entry)) matchVirtualText(unit, context, hits);
  }
  return { hits, blocks, diagnostics };
}
