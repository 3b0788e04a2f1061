import type { Detector } from './scan-rule.js';

/**
 * A `.pth` file in site-packages whose line starts with `import` is executed by every Python interpreter at start-up
 * (site.py runs it), in every project that uses that interpreter. A `.pth` that lists folders only adds them to the
 * path; one that starts a process, runs a shell or fetches code makes that happen again at every start, unasked.
 */
export const INTERPRETER_STARTUP_DETECTORS: readonly Detector[] = [
  {
    id: 'python-startup-file-runs-code',
    keywords: ['.pth'],
    // Read within the string literal, however it is split over lines (`"import subprocess; "` ⏎ `f"subprocess.Popen(…)"`).
    scope: 'unit',
    reads: ['code'],
    re: /["'](?:[^"'\n]{0,40}\\n)?import\s{1,4}[\w., ]{1,80};(?:[^"'\n]|["']\s{0,8}(?:\n\s{0,8})?[fbru]{0,2}["']){0,240}?\b(?:Popen|subprocess\.(?:run|call|check_output)|os\.system|os\.spawn\w{0,4}|exec\s{0,4}\(|urlopen|urllib\.request|runpy\.run_path)\b/,
    // Anchored at the start, each lookahead reads the unit once: a `.pth` and site-packages both named in it.
    requires: /^(?=[^]{0,100000}?\.pth\b)(?=[^]{0,100000}?(?:getusersitepackages|getsitepackages|site-packages|purelib|USER_SITE))/,
    level: 'HIGH',
    capabilities: ['persistence'],
    why: 'Writes a .pth file into site-packages whose `import` line starts a program: it runs at every Python start, in every project, without anyone asking.',
  },
];
