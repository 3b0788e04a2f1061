import { describeDiscovery } from '../discovery/describe-discovery.js';
import { describeRoot } from '../discovery/skill-root-pattern.js';
import type { ReportSetup } from '../report.js';
import type { ResolvedConfig } from './resolve-config.js';

/** What every output says about how the evaluation was set up: config origin, layout and why. */
export function describeSetup(config: ResolvedConfig, configFile: string | undefined, configOrigin = config.origin): ReportSetup {
  const detected = config.detected;
  const evidence = new Map((detected.evidence ?? []).map((e) => [e.preset, e.because]));
  const discovery = detected.discovery;
  return {
    configOrigin,
    ...(configFile !== undefined ? { configFile } : {}),
    presets: config.appliedPresets.map((name) => ({ name, because: evidence.get(name) ?? 'named in the config' })),
    nearMisses: (detected.nearMisses ?? []).map((m) => `${m.because}, so the ${m.preset} plan gate is off`),
    discovered: discovery ? describeDiscovery(discovery) : 'no skills',
    skills: { count: discovery?.skillCount ?? 0, roots: (discovery?.roots ?? []).map((r) => describeRoot(r.root)) },
    agentFiles: discovery?.agentFiles.length ?? 0,
    instructionFiles: discovery?.instructionFiles.length ?? 0,
  };
}
