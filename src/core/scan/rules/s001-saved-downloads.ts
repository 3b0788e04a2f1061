import type { Detector } from './scan-rule.js';
import { DOWNLOADER, DOWNLOADER_KEYWORDS, IN_COMMAND, IN_COMMAND_LINES } from './shell-vocabulary.js';
import { downloadedFiles, runsDownloadedFile, runsDownloadedFileChecked, wholeTextRuns } from './download-targets.js';

/**
 * S001's downloads saved before they run: to a file run later in the same command, block or document, unpacked into a
 * folder a program is then run from, or kept in a variable that is evaluated. A download saved and never run is
 * evidence only (`download-to-file`), for a persistence compound to pair with.
 */
export const SAVED_DOWNLOAD_DETECTORS: readonly Detector[] = [
  {
    id: 'download-then-run',
    keywords: DOWNLOADER_KEYWORDS,
    re: new RegExp(String.raw`${DOWNLOADER}[^;&|]{0,200}(?:(?:&&|;|\|\|)[^;&|]{0,160}){1,3}`, 'i'),
    accept: runsDownloadedFileChecked,
  },
  {
    id: 'download-then-run-block',
    keywords: DOWNLOADER_KEYWORDS,
    scope: 'unit',
    re: new RegExp(
      String.raw`${DOWNLOADER}${IN_COMMAND}\s(?:-[a-zA-Z]{0,6}[oO][a-zA-Z]{0,6}|--output|--output-document|--remote-name(?:-all)?|-OutFile)(?=[\s=])[^;&|\n]{0,300}|\bwget\b[^;&|\n]{0,200}?\b(?:https?|ftp):\/\/\S{1,300}|${DOWNLOADER}[^;&|\n]{0,300}?\s>\s{0,4}\S{1,200}|\.DownloadFile(?:Async)?\s{0,4}\([^)\n]{1,400}\)`,
      'i',
    ),
    accept: runsDownloadedFileChecked,
  },
  {
    // Unpacked straight from the pipe into a folder (`curl … | tar -xz -C "$pkg"`), then a program run from there
    // (`cd "$pkg" && sh ./prepare`): the download is what runs. Woken by `tar`, so a flood of downloads costs it nothing.
    id: 'download-unpacked-then-run',
    keywords: ['^tar$'],
    scope: 'unit',
    re: new RegExp(
      String.raw`${DOWNLOADER}(?=(?<piped>[^;&|\n]{0,300}))\k<piped>\|\s{0,4}(?:sudo\s{1,4})?tar\s[^;&|\n]{0,200}?(?:-C|--directory)(?:\s{1,4}|=)\S{1,200}`,
      'i',
    ),
    accept: runsDownloadedFile,
  },
  {
    // Saved in one step and run in a later one (another code block of the same document): the same download and run.
    id: 'download-then-run-later',
    keywords: DOWNLOADER_KEYWORDS,
    re: new RegExp(
      String.raw`${DOWNLOADER}${IN_COMMAND}\s(?:-[a-zA-Z]{0,6}[oO][a-zA-Z]{0,6}|--output|--output-document|-OutFile)(?=[\s=])[^;&|\n]{0,300}`,
      'i',
    ),
    accept: (m, c) => {
      const files = downloadedFiles(m[0]);
      // (Inline code is matched span by span: a span that runs the file in the same paragraph is a later step too.)
      if (c.fileText === undefined || (c.kind !== 'inline' && files.some((f) => wholeTextRuns(c.unitText, f)))) return false;
      // A later step runs it in a code block, or in inline code in a sentence ("then run `sh /tmp/x.sh`").
      return files.some((f) => wholeTextRuns(c.fileText!, f, true));
    },
  },
  {
    // A download saved to disk (or unpacked there, `curl … | tar -x`): alone an ordinary step, with persistence a dropper.
    id: 'download-to-file',
    keywords: [...DOWNLOADER_KEYWORDS, 'urlretrieve'],
    evidenceOnly: true,
    capabilities: ['download'],
    re: new RegExp(
      String.raw`${DOWNLOADER}${IN_COMMAND_LINES}\s(?:-o|-O|--output|--output-document|-OutFile)(?:\s{1,4}|=)\S|\burlretrieve\s{0,4}\(|${DOWNLOADER}[^|;&\n]{0,300}\|\s{0,4}(?:sudo\s{1,4})?tar\s{1,4}-?[a-zA-Z]{0,6}x`,
      'i',
    ),
    // Written to the null device (`curl -fsS -o /dev/null -w '%{http_code}' …`, a reachability check), nothing is kept.
    accept: (m, c) =>
      !/^["']?(?:\/dev\/null|NUL|\$null)(?=["'\s;&|)]|$)/i.test(c.text.slice(m.index + m[0].length - 1, m.index + m[0].length + 12)),
  },
  {
    // CMake's `file(DOWNLOAD <url> <file>)` with no `EXPECTED_HASH`, then `include(<file>)`: what the host serves runs as
    // the build's own script. Pinned by a hash, the file run is the one reviewed.
    id: 'cmake-download-then-include',
    keywords: ['download'],
    scope: 'unit',
    re: /\bfile\s{0,4}\(\s{0,4}DOWNLOAD\s{1,4}"?[^\s")]{1,300}"?\s{1,4}"?(?<file>\$\{\w{1,60}\}|[\w./-]{1,200})"?(?<options>[^)]{0,600})\)/i,
    accept: (m, c) => {
      if (/\bEXPECTED_(?:HASH|MD5)\b/i.test(m.groups!.options!)) return false;
      const file = m.groups!.file!.replace(/[$.{}]/g, (ch) => `\\${ch}`);
      return new RegExp(String.raw`\binclude\s{0,4}\(\s{0,4}"?${file}"?\s{0,4}\)|\bexecute_process\s{0,4}\([^)]{0,200}${file}`, 'i').test(
        c.unitText.slice(m.index + m[0].length),
      );
    },
  },
  {
    id: 'download-into-variable-then-eval',
    keywords: DOWNLOADER_KEYWORDS,
    scope: 'unit',
    re: new RegExp(String.raw`\b\w{1,40}=["']?(?:\$\(|\x60)\s{0,4}(?:sudo\s{1,4})?${DOWNLOADER}`, 'i'),
    // A here-string feeds a variable to a program: run only when that program is an interpreter (not `jq … <<< "$resp"`).
    requires:
      /\b(?:eval|source|exec)\s{1,4}["']?\$|\b(?:ba|z|da|k)?sh\s{1,4}-c\s{1,4}["']?\$|\b(?:(?:ba|z|da|k)?sh|python[23]?|node|perl|ruby|pwsh|powershell|iex)(?:\s{1,4}-\S{0,4})?\s{0,4}<<<\s{0,4}["']?\$/,
  },
];
