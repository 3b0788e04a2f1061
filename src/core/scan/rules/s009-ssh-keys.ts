import type { Detector } from './scan-rule.js';
import { WRITE } from './s009-vocabulary.js';

/** Code that appends to a file: `open(expanduser(p), "a")`, `File.open(path, "a")`, `appendFileSync`, `O_APPEND`, `>>`. */
const APPENDS =
  /\bopen\s{0,4}\((?:[^()\n]|\([^()\n]{0,80}\)){0,120}?,\s{0,4}["']a\+?b?["']|\.open\s{0,4}\(\s{0,4}(?:mode\s{0,4}=\s{0,4})?["']a\+?b?["']|\bappendFile(?:Sync)?\s{0,4}\(|\bFile\.(?:write|open)\s{0,4}\((?:[^()\n]|\([^()\n]{0,80}\)){0,120}?["']a\+?["']|\bOpenFile\s{0,4}\([^)\n]{0,120}O_APPEND|\bAdd-Content\b|>>/i;
/**
 * A public key written out in full (`ssh-ed25519 AAAA…`): someone's key, not a placeholder. Its blob alone says so too
 * (`AAAAC3NzaC1lZDI1NTE5…` is "ssh-ed25519" encoded), when the type is kept on another line and joined later.
 */
const SSH_PUBLIC_KEY =
  /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com)\s{1,4}AAAA[0-9A-Za-z+/]{40}|\bAAAA(?:C3NzaC1lZDI1NTE5|B3NzaC1yc2E|E2VjZHNhLXNoYTItbmlzdHA)[0-9A-Za-z+/]{24}/;

/**
 * A public key file the script reads that is not the user's own (`"$HERE"/keys/*.pub`, `team/ops.pub`): keys under `~/.ssh`
 * or named `id_*.pub` are the user's, a path from a variable of unknown origin (`"$key.pub"` after `ssh-keygen`) is not known.
 */
const PUBLIC_KEY_FILE = /(?:^|[\s=(<])(?<path>[^\s=();|&<>]{1,160}?\.pub)\b/gm;

function shipsPublicKeys(text: string): boolean {
  if (!text.includes('.pub')) return false;
  // Quotes split a path (`"$HERE"/keys/*.pub`) without changing it.
  for (const m of text.replace(/["']/g, '').matchAll(PUBLIC_KEY_FILE)) {
    const path = m.groups!.path!;
    if (/\.ssh\/|(?:^|\/)id_\w{1,20}\.pub$/.test(path)) continue;
    // A path in the script's own folder or a relative one: shipped beside it. One from an unknown variable is not.
    if (
      /^\$\{?(?:HERE|DIR|SCRIPT_DIR|SKILL_DIR|ROOT|BASE|SELF_DIR|script_dir|here|dir|root)\}?\//.test(path) ||
      /^[\w.][\w.-]{0,60}\//.test(path)
    )
      return true;
  }
  return false;
}

/**
 * A key fetched into a variable and written into authorized_keys (`pub="$(curl -fsSL "$KEYS_URL")"` … `printf '%s\n'
 * "$pub" >> "$SSH_DIR/authorized_keys"`): the key whoever serves that address chooses, now and later.
 */
function writesDownloadedKey(text: string): boolean {
  if (!/\b(?:curl|wget)\b/.test(text)) return false;
  for (const m of text.matchAll(/(?:^|[\s;(])(\w{1,40})=["']?\$\(\s{0,4}(?:curl|wget)\b/gm))
    if (
      new RegExp(String.raw`\b(?:printf|echo)\b[^\n]{0,120}\$\{?${m[1]}\}?[^\n]{0,120}>>\s{0,4}["']?[^\s;|&]{0,120}authorized_keys\b`).test(
        text,
      )
    )
      return true;
  return false;
}

/** A forge's published keys of an account (`https://github.com/${acct}.keys`, `gitlab.com/name.keys`). */
const FORGE_KEYS = /\b(?:github\.com|gitlab\.com|codeberg\.org)\/(?:\$\{?(?<variable>\w{1,40})\}?|(?<account>[\w-]{1,39}))\.keys\b/g;

/** A variable set to a literal word (`RELAY="rdx-tunnel-health"`): an account the script names, not one the user gives. */
function literalWord(text: string, name: string): boolean {
  return new RegExp(String.raw`(?:^|[\s;(])${name}=["']?[\w.-]{1,39}["']?(?=\s|$|;)`, 'm').test(text);
}

/**
 * Keys of an account the script names itself imported with the user's own (`for acct in "$ME" "$RELAY"` … `github.com/${acct}.keys`,
 * RELAY set to a word): someone else's keys. The user's account comes from an argument, `gh api user` or a prompt.
 */
function importsNamedAccountKeys(text: string): boolean {
  if (!text.includes('.keys')) return false;
  for (const m of text.matchAll(FORGE_KEYS)) {
    if (m.groups!.account) return true;
    const variable = m.groups!.variable!;
    if (literalWord(text, variable)) return true;
    const loop = new RegExp(String.raw`\bfor\s{1,4}${variable}\s{1,4}in\s{1,4}([^;\n]{1,200})`).exec(text)?.[1];
    for (const item of loop?.split(/\s+/) ?? []) {
      const named = /^["']?\$\{?(\w{1,40})\}?["']?$/.exec(item)?.[1];
      if (named ? literalWord(text, named) : /^["']?[\w-]{1,39}["']?$/.test(item)) return true;
    }
  }
  return false;
}

/** SSH keys added to authorized_keys: on a command line, through a variable, through a program's helper. */
export const SSH_KEY_DETECTORS: readonly Detector[] = [
  {
    id: 'ssh-authorized-keys',
    keywords: ['authorized_keys', 'ssh-copy-id'],
    re: new RegExp(String.raw`${WRITE}["']?[^\s;&|"']{0,80}?authorized_keys\b|\bssh-copy-id\b`, 'i'),
    // A key written into the file from the skill (on the line, or held in a variable of the same step) is a door
    // someone else holds the key to; `AAAA...` with the user's pasted key is a placeholder.
    // A key downloaded into the file (`curl https://… >> ~/.ssh/authorized_keys`) is one whoever serves that address chooses, now and later.
    accept: (_m, c) =>
      SSH_PUBLIC_KEY.test(c.unitText) ||
      // On this machine: `cat deploy/ci.pub | ssh host "sudo tee …/authorized_keys"` provisions a server the user deploys to.
      (shipsPublicKeys(c.unitText) && !/(?<![\w./-])ssh\b|\{\{\s{0,2}\.?ssh\s{0,2}\}\}|\$\{?ssh\b/i.test(c.text)) ||
      importsNamedAccountKeys(c.unitText) ||
      writesDownloadedKey(c.unitText) ||
      /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^;&|\n]{0,300}(?:>>?|\|\s{0,4}(?:sudo\s{1,4})?tee\s{1,4}-a)\s{0,4}["']?(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/\w{1,40})\/\.ssh\/authorized_keys/i.test(
        c.text,
      )
        ? { level: 'HIGH', capabilities: ['persistence', 'privilege'] }
        : true,
    why: 'Adds an SSH key to authorized_keys: whoever holds the private key can log in to this machine, now and later.',
  },
  {
    // `echo "$KEY" >> "$AK"` where the script set AK to an authorized_keys file: the same door, through a variable.
    id: 'authorized-keys-through-variable',
    keywords: ['authorized_keys'],
    scope: 'unit',
    re: /(?:>>|\btee\s{1,4}-a)\s{0,4}["']?\$\{?(\w{1,40})\}?/,
    accept: (m, c) =>
      new RegExp(String.raw`\b${m[1]}=["']?[^\n]{0,120}authorized_keys\b`).test(c.unitText) && SSH_PUBLIC_KEY.test(c.unitText)
        ? { level: 'HIGH', capabilities: ['persistence', 'privilege'] }
        : false,
    why: 'Adds an SSH key written in the skill to authorized_keys: whoever holds the private key can log in to this machine, now and later.',
  },
  {
    // A program that names an authorized_keys file, holds a public key written in the skill and appends to a file
    // (`File.open(path, "a")`, `appendFileSync`, `open(p, "a")`): the same door, through a helper's arguments — or
    // through a list of path pieces (fish `set -l seg ssh authorized_keys`, joined later).
    id: 'authorized-keys-key-in-code',
    keywords: ['authorized_keys'],
    scope: 'unit',
    reads: ['code'],
    re: /["'\x60][^"'\x60\n]{0,80}authorized_keys["'\x60]|^\s{0,8}set\s{1,4}(?:-\w{1,3}\s{1,4}){0,3}\w{1,40}\s[^\n]{0,120}\bauthorized_keys\b/m,
    accept: (_m, c) =>
      SSH_PUBLIC_KEY.test(c.unitText) && APPENDS.test(c.unitText) ? { level: 'HIGH', capabilities: ['persistence', 'privilege'] } : false,
    why: 'Adds an SSH key written in the skill to authorized_keys: whoever holds the private key can log in to this machine, now and later.',
  },
  {
    // A skill's config that holds a public key and names `.ssh/authorized_keys` as where a file goes
    // (`trustfile=.ssh/authorized_keys`, `identity=ssh-ed25519 AAAA…`): the code appends "the configured identity".
    id: 'authorized-keys-in-config',
    keywords: ['authorized_keys'],
    reads: ['config'],
    re: /[=:]\s{0,4}["']?(?:~\/|\$HOME\/|\$\{HOME\}\/)?\.ssh\/authorized_keys["']?\s{0,4}$/m,
    accept: (_m, c) =>
      SSH_PUBLIC_KEY.test(c.fileText ?? c.unitText) ? { level: 'HIGH', capabilities: ['persistence', 'privilege'] } : false,
    why: 'Adds an SSH key written in the skill to authorized_keys: whoever holds the private key can log in to this machine, now and later.',
  },
];
