import { escapeRegExp } from '../../escape-regexp.js';
import { runsFile, runsFrom } from './download-targets.js';
import type { AcceptResult, Detector } from './scan-rule.js';
import { PLAN_TEST_SPEC } from './s005-vocabulary.js';
import { hostOf } from './shell-vocabulary.js';

/**
 * S001's downloads made with git: a repository cloned from an address and a program run from it, or files checked
 * out of a remote the text adds and then run. Whoever serves that repository chooses what runs, as with `curl | sh`.
 */

/** Public code forges: a repository there is someone's published project, one look away (MEDIUM); anywhere else HIGH. */
const FORGE = /(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|sr\.ht|huggingface\.co)$/;
const LOCAL = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/** An address git fetches over the network (`https://…`, `ssh://…`, `git@host:path`), not a path on this machine. */
function remoteHost(url: string): string | undefined {
  const scp = /^[\w.-]{1,64}@([\w.-]{1,253}):/.exec(url);
  const host = scp ? scp[1]!.toLowerCase() : /^(?:https?|ssh|git):\/\//i.test(url) ? hostOf(url) : undefined;
  return host && !LOCAL.test(host) ? host : undefined;
}

const levelFor = (host: string): AcceptResult => (FORGE.test(host) ? { level: 'MEDIUM', capabilities: ['download'] } : true);

/** `git clone` options that take a value as the next word. */
const CLONE_OPTION_WITH_VALUE =
  /^(?:-b|--branch|--depth|-o|--origin|-c|--config|--reference|--reference-if-able|-j|--jobs|--filter|--separate-git-dir|--template|--shallow-since|--shallow-exclude|-u|--upload-pack)$/;

/** The address and folder of a `git clone` command: the folder is the one named, or the repository's name. */
function cloneTarget(command: string): { url: string; dir: string } | undefined {
  const words = command
    .replace(/^[^]*?\bclone\b/, '')
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^["']|["']$/g, ''));
  const args: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (/^(?:&&|\|\||[;&|>]|\d?>)/.test(w)) break;
    if (w.startsWith('-')) {
      if (CLONE_OPTION_WITH_VALUE.test(w)) i++;
      continue;
    }
    args.push(w);
  }
  const [url, named] = args;
  if (!url) return undefined;
  const dir = (
    named ??
    url
      .replace(/\/+$/, '')
      .replace(/^.*[/:]/, '')
      .replace(/\.git$/, '')
  )
    .replace(/^\.\//, '')
    .replace(/\/+$/, '');
  return dir && dir !== '.' ? { url, dir } : undefined;
}

export const GIT_FETCHED_CODE_DETECTORS: readonly Detector[] = [
  {
    // `nix run github:devshell-kit/conformance --refresh`: a flake fetched from someone's repository and run (or its
    // dev shell's hook, `nix develop`), as it stands today. Nix's own organisations publish the tool; a commit pins it.
    // One look away (MEDIUM), as a forge clone is; HIGH in a plan's test spec, whose runner holds the API keys.
    id: 'nix-runs-remote-flake',
    keywords: ['^nix$'],
    re: /\bnix\s{1,4}(?:run|develop)\b[^;&|\n]{0,80}?["']?(?:(?:github|gitlab|sourcehut):~?([\w.-]{1,60})\/[\w.-]{1,100}|git\+(?:https?|ssh):\/\/[^\s"'#?]{1,300}|(?:tarball\+)?https?:\/\/[^\s"'#?]{1,300})([^\s"'#]{0,200})/i,
    accept: (m, c) => {
      if (/^(?:NixOS|nix-community)$/i.test(m[1] ?? '')) return false;
      if (/(?:^\/|[?&]rev=)[0-9a-f]{40}\b/i.test(m[2] ?? '')) return false;
      return PLAN_TEST_SPEC.test(c.path) ? true : { level: 'MEDIUM', capabilities: ['download'] };
    },
  },
  {
    // `git clone https://git.tools.example/kit.git /tmp/kit && sh /tmp/kit/install.sh`: the clone is what runs.
    id: 'clone-then-run',
    keywords: ['clone'],
    scope: 'unit',
    re: /\bgit\s{1,4}(?:-c\s{1,4}\S{1,80}\s{1,4}){0,3}clone\b[^;&|\n]{1,300}/,
    accept: (m, c) => {
      const target = cloneTarget(m[0]);
      const host = target && remoteHost(target.url);
      if (!target || !host) return false;
      const rest = c.text.slice(m.index);
      return runsFrom(rest, target.dir) ? levelFor(host) : false;
    },
  },
  {
    // `git remote add tooling https://…` … `git fetch tooling && git checkout tooling/main -- .claude && sh .claude/hooks/x.sh`:
    // files taken from a remote the text adds, then run.
    id: 'checkout-from-added-remote-then-run',
    keywords: ['checkout', 'restore'],
    scope: 'unit',
    re: /\bgit\s{1,4}(?:checkout|restore\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}--source(?:=|\s{1,4}))\s{0,4}(?:-[\w-]{1,20}\s{1,4}){0,3}["']?([\w.-]{1,60})\/[\w./-]{1,100}["']?(?:\s{1,4}-[\w-]{1,20}){0,3}\s{1,4}--\s{1,4}([^;&|\n']{1,300})/,
    accept: (m, c) => {
      const remote = m[1]!;
      if (/^(?:origin|upstream)$/.test(remote)) return false;
      const name = escapeRegExp(remote);
      const added = new RegExp(
        String.raw`\bgit\s{1,4}(?:remote\s{1,4}(?:add|set-url)\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}["']?${name}["']?|config\s{1,4}(?:--(?:local|global)\s{1,4})?["']?remote\.${name}\.url["']?)\s{1,4}["']?(\S{1,300}?)["']?(?=[\s;&|)]|$)`,
      ).exec(c.text);
      const host = added && remoteHost(added[1]!);
      if (!host) return false;
      const rest = c.text.slice(m.index);
      const paths = m[2]!
        .trim()
        .split(/\s+/)
        .map((p) =>
          p
            .replace(/^["']|["']$/g, '')
            .replace(/^\.\//, '')
            .replace(/\/+$/, ''),
        )
        .filter((p) => p && p !== '.');
      return paths.some((p) => runsFrom(rest, p) || runsFile(rest, p)) ? levelFor(host) : false;
    },
  },
];
