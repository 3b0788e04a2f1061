export const SCAN_PATHS: string[];

export interface Ratio {
  n: number;
  of: number;
}

export interface DetectionRow {
  id: string;
  dir: string;
  label: 'malicious' | 'safe' | 'benign';
  signal: string;
  high: string[];
  medium: string[];
  highFindings: string[];
}

export interface DetectionSet {
  name: string;
  rows: DetectionRow[];
  perRule: Record<string, { malicious: number; benign: number }>;
  summary: Record<'maliciousFlagged' | 'maliciousHigh' | 'signalFlagged' | 'signalHigh' | 'harmlessHigh' | 'harmlessMedium', Ratio>;
}

export function labelledSets(corpus: string): { name: string; samples: { id: string; dir: string; label: string; signal: string }[] }[];
export function measureDetection(
  corpus: string,
  scanDir: (dir: string) => Promise<{ ruleId: string; level?: string; file?: string; line?: number; message: string }[]>,
): Promise<DetectionSet[]>;
