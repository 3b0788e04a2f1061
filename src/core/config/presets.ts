import type { PlangateConfigInput, PresetName } from './schema.js';
import type { CheckName } from '../finding.js';

export interface Preset {
  /** Checks this preset turns on. */
  checks: CheckName[];
  /** Config values the preset sets; the user's file overrides them key by key. */
  config: PlangateConfigInput;
}

export const PRESETS: Record<PresetName, Preset> = {
  omx: { checks: ['plans'], config: { plans: { layout: 'omx', dir: '.omx/plans' } } },
  omc: {
    checks: ['plans', 'tasks'],
    config: { plans: { layout: 'omc', dir: '.omc/plans' }, tasks: { files: [], prdFiles: ['.omc/prd.json', 'prd.json'] } },
  },
  spiral: {
    checks: ['plans', 'tasks'],
    config: {
      plans: { layout: 'spiral', dir: '.spiral/plans' },
      tasks: { files: [], prdFiles: ['.spiral/ralph/*/prd.json', '.spiral/prd.json', 'prd.json'] },
    },
  },
  ralphdex: {
    checks: ['plans', 'tasks'],
    config: { plans: { layout: 'ralphdex', dir: '.ralph' }, tasks: { files: ['.ralph/tasks.json'], claims: '.ralph/claims.json' } },
  },
  omp: {
    checks: ['plans', 'catalog', 'scan'],
    config: {
      plans: { layout: 'omx', dir: '.omx/plans' },
      catalog: { skillRoots: ['.github/skills'], catalogDir: 'catalog', portability: true },
    },
  },
};

/** Preset order decides which plans layout wins when several are detected. */
export const PRESET_PRIORITY: PresetName[] = ['omx', 'omc', 'spiral', 'ralphdex', 'omp'];
