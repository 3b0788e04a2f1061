export const SCAN_PATHS: string[];

export interface Ratio {
  n: number;
  of: number;
}

/** A labelled sample: repository path → file on disk. */
export interface Sample {
  id: string;
  label: 'malicious' | 'benign';
  class: string;
  surface?: string;
  files: Record<string, string>;
}

export interface SampleSet {
  name: string;
  kind: 'training' | 'blind' | 'real';
  samples: Sample[];
}

export interface DetectionRow extends Sample {
  high: string[];
  medium: string[];
  highFindings: string[];
}

export interface ClassFigures {
  name: string;
  maliciousHigh: Ratio;
  maliciousFlagged: Ratio;
  benignHigh: Ratio;
  benignMedium: Ratio;
}

export interface MeasuredSet {
  name: string;
  kind: SampleSet['kind'];
  rows: DetectionRow[];
  perRule: Record<string, { malicious: number; benign: number }>;
  classes: ClassFigures[];
}

export function trainingSet(corpus: string): SampleSet;
export function blindSet(name: string, dir: string): SampleSet;
export function keptBlindSets(blindRoot: string): SampleSet[];
export function realSets(corpus: string): SampleSet[];
export function readSample(files: Record<string, string>): Record<string, Uint8Array>;
export function measureDetection(
  sets: SampleSet[],
  scanSample: (
    files: Record<string, string>,
  ) => Promise<{ ruleId: string; level?: string; file?: string; line?: number; message: string }[]>,
): Promise<MeasuredSet[]>;
