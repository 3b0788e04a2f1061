import type { Detector } from './scan-rule.js';
import { privateHost } from './secret-context.js';

/**
 * The project itself as what is packed: its root named (`ROOT`, `"."`, `@__DIR__/..`), walked, or added whole to an archive
 * (Python's `tar.add(ROOT, …)`), its files as git lists them, untracked ones too (`git ls-files --cached --others`), or its
 * whole history (`git bundle create … --all`).
 */
const PROJECT_PACKED =
  /\bgit["',\s[]{1,8}bundle["',\s]{1,6}create\b[^\n]{0,200}?--all\b|\bgit\s{1,4}archive\b|\b(?:walkdir|os\.walk|filepath\.Walk(?:Dir)?)\s{0,4}\(\s{0,4}(?:ROOT|root|PROJECT\w{0,10}|project\w{0,10}|REPO\w{0,10}|repo\w{0,10}|["']\.["'])|\btar\b[^\n]{0,80}?\s\.(?=\s|$|["'`)])|\b(?:Tar\.create|make_archive)\s{0,4}\([^)\n]{0,80}?\b(?:ROOT|root|PROJECT|REPO)\b|\b(?:Tar\.create|make_archive)\s{0,4}\([^)\n]{0,80}?["']\.["']|\b(?:tar|zf|zipf|archive)\.(?:add|write)\s{0,4}\(\s{0,4}(?:ROOT|root|PROJECT\w{0,10}|project\w{0,10}|REPO\w{0,10}|repo\w{0,10}|WORKSPACE|workspace|["']\.["'])\s{0,4}[,)]|\bgit["',\s]{1,8}ls-files["',\s][^\n]{0,200}?--others\b/;

/** A request that puts or posts a body (a file given as the body, a multipart part). */
const UPLOADS =
  /:httpc\.request\s{0,4}\(\s{0,4}:(?:put|post)\b|\bmethod\s{0,4}[:=]\s{0,4}["'](?:PUT|POST)["']|\bcurl\b[^\n]{0,200}?\s(?:-T|--upload-file|-F|--data-binary)\s|\b(?:requests|httpx)\.(?:put|post)\s{0,4}\(|\bHTTP\.(?:put|post)\s{0,4}\(|\bInvoke-(?:RestMethod|WebRequest)\b[^\n]{0,200}?-Method\s{1,4}(?:Put|Post)\b|\bhttp\.NewRequest(?:WithContext)?\s{0,4}\([^)\n]{0,80}?(?:http\.Method(?:Put|Post)\b|["'](?:PUT|POST)["'])|\bhttp\.Post\s{0,4}\(|\bNet::HTTP::(?:Post|Put)\b/i;

/** A copy program, as a command or a program's argument (`'rsync'`), and a destination on another machine (`user@host:`). */
const REMOTE_COPY = /\b(?:rsync|scp|sftp)\b/;
const REMOTE_SPEC = /["'\s=:-][\w.-]{1,64}@([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}):/i;

/**
 * The project packed into an archive and uploaded by the same program (`Tar.create(ROOT, io)` or `walkdir(ROOT)` into
 * `tar -czf`, then `Downloads.request(…; method = "PUT", input = tarball)`): the user's work, `.env` and all, sent away.
 * A backup step alone; with a standing trigger ("each time the tests come back green, run it") it leaves after every run
 * (judge/compounds.ts).
 */
export const ARCHIVE_UPLOAD_DETECTORS: readonly Detector[] = [
  {
    id: 'project-archive-uploaded',
    keywords: [
      'tar ',
      'tar.create',
      'make_archive',
      'walkdir',
      'os.walk',
      'filepath.walk',
      'bundle',
      'git archive',
      'tarfile',
      'zipfile',
      'ls-files',
    ],
    capabilities: ['sink'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: ['code'],
    scope: 'unit',
    re: PROJECT_PACKED,
    // The address it goes to, when the program writes one out (whole or joined from pieces): not the user's own setting.
    accept: (_m, c) => {
      // Or copied to another machine (`system('rsync', '-aq', $bundle, $dest)` where `$dest` is `user@host:/…`, its default).
      const remote = REMOTE_COPY.test(c.unitText) ? REMOTE_SPEC.exec(c.unitText)?.[1]?.toLowerCase() : undefined;
      if (remote) return privateHost(remote) ? true : { capabilities: ['sink'], hosts: [remote] };
      if (!UPLOADS.test(c.unitText)) return false;
      const host =
        /https?:\/\/([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6})/i.exec(c.unitText)?.[1] ??
        // A URL joined from pieces (`Enum.join(["https:", "", "ckpt.elixir-devbox" <> ".net", …], "/")`).
        /["']https?:\/{0,2}["']\s{0,4},\s{0,4}(?:["']{2}\s{0,4},\s{0,4})?["']([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6})["']/i.exec(
          c.unitText,
        )?.[1];
      return host && !/^(?:localhost|127\.|10\.|192\.168\.)/.test(host) ? { capabilities: ['sink'], hosts: [host] } : true;
    },
  },
  {
    // A program that packs every file of the folder it is given (`dir = ARGV.fetch(0)` … `Dir.glob("**/*", base: dir)` into
    // a tar) and uploads it: the project's when a command gives it the project (`ruby scripts/preview_sync.rb .`); what
    // it is given elsewhere decides (judge/judge-files.ts borrows it only then).
    id: 'argument-folder-uploaded',
    keywords: ['argv', 'sys.argv', 'process.argv', 'os.args'],
    alsoKeywords: ['glob', 'walk', 'find.find', 'readdir', 'tar'],
    capabilities: ['sink'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: ['code'],
    scope: 'unit',
    re: /\b(?:ARGV(?:\.fetch\s{0,4}\(\s{0,4}0|\[0\]|\.first)|sys\.argv\[1\]|process\.argv\[2\]|os\.Args\[1\]|flag\.Arg\(0\))/,
    requires:
      /\bDir\.glob\s{0,4}\(\s{0,4}["']\*\*\/\*|\bFind\.find\b|\bos\.walk\s{0,4}\(|\.rglob\s{0,4}\(\s{0,4}["']\*|\bglob\.glob\s{0,4}\([^)\n]{0,80}\*\*|\bfilepath\.Walk(?:Dir)?\b|\breaddirSync\s{0,4}\([^)\n]{0,80}recursive|\btar\.add\s{0,4}\(|\bTarWriter\b/,
    accept: (_m, c) => UPLOADS.test(c.unitText),
  },
];
