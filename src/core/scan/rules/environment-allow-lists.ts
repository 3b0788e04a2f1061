import { issuedBy, ISSUER_DOMAINS } from './s005-lookalike-issuers.js';

/** A variable's name that says it holds a secret. */
const SECRET_NAME = /TOKEN|SECRET|KEY|PASS|CRED|AUTH|COOKIE|SESSION|PRIVATE|CERT|SIGN|WEBHOOK|DSN/i;

/**
 * Whether a literal list, tuple or set (`("CI", "GITHUB_SHA")`) holds names only, none of them a secret's; false for a list
 * not found or holding anything else.
 */
function onlyNonSecretNames(list: string | undefined): boolean {
  if (list === undefined) return false;
  const names = [...list.matchAll(/["']([\w.-]{1,80})["']/g)].map((m) => m[1]!);
  const rest = list.replace(/["'][\w.-]{1,80}["']/g, '').replace(/[\s,()[\]{}]/g, '');
  return names.length > 0 && !rest && !names.some((n) => SECRET_NAME.test(n));
}

/**
 * The environment walked and kept only for names a literal allow-list holds, none of them a secret's (`{k: v for k, v in
 * os.environ.items() if k in CONTEXT_KEYS}` with `CONTEXT_KEYS = ("CI", "GITHUB_SHA")`, or `.filter(([k]) =>
 * KEEP.includes(k))`): the run's metadata, not its tokens. A prefix (`k.startswith("AWS_")`) keeps whatever is set.
 */
export function onlyListedKept(text: string, at: number): boolean {
  const after = text.slice(at, at + 200);
  const filter =
    /^os\.environ\.items\s{0,4}\(\s{0,4}\)\s{0,4}\)?\s{1,4}if\s{1,4}\w{1,40}\s{1,4}in\s{1,4}(\w{1,60}|\([^()\n]{0,600}\)|\[[^\]\n]{0,600}\]|\{[^}\n]{0,600}\})/.exec(
      after,
    ) ??
    /^Object\.entries\s{0,4}\(\s{0,4}process\.env\s{0,4}\)\s{0,4}\.filter\s{0,4}\(\s{0,4}\(\s{0,4}\[\s{0,4}(\w{1,40})[^\]]{0,40}\]\s{0,4}\)\s{0,4}=>\s{0,4}(\w{1,60})\.(?:includes|has)\s{0,4}\(\s{0,4}\1\s{0,4}\)/.exec(
      after,
    );
  if (!filter) return false;
  const list = filter[2] ?? filter[1]!;
  const literal = /^\w/.test(list)
    ? new RegExp(
        String.raw`(?:^|[\s;])(?:const\s{1,4}|let\s{1,4}|var\s{1,4})?${list}\s{0,4}=\s{0,4}(?:new\s{1,4}Set\s{0,4}\(\s{0,4})?(\([^()]{0,1000}\)|\[[^\]]{0,1000}\]|\{[^}]{0,1000}\}|frozenset\s{0,4}\(\s{0,4}[[({][^\])}]{0,1000}[\])}])`,
        'm',
      ).exec(text)?.[1]
    : list;
  return onlyNonSecretNames(literal?.replace(/^frozenset\s{0,4}\(/, '').replace(/\)$/, ''));
}

/**
 * PowerShell's environment listed and kept only for names an allow-list holds (`Get-ChildItem env: | Where-Object {
 * $_.Name -in $ReproVars }` with `$ReproVars = @('RUNNER_OS', 'CI')`): not `-notin`, which keeps everything else.
 */
export function powershellListedKept(matched: string, unitText: string): boolean {
  if (!/env:/i.test(matched)) return false;
  const filter =
    /(?:Get-ChildItem|gci|dir|ls)\s{1,4}env:\s{0,4}\|\s{0,8}(?:Where-Object|where|\?)\s{0,4}\{\s{0,4}\$_\.(?:Name|Key)\s{1,4}-in\s{1,4}(\$\w{1,60}|@\([^()\n]{0,600}\))\s{0,4}\}/i.exec(
      unitText,
    );
  if (!filter) return false;
  const list = filter[1]!.startsWith('$')
    ? new RegExp(String.raw`^\s{0,8}\$${filter[1]!.slice(1)}\s{0,4}=\s{0,4}(@\([^()]{0,1000}\))`, 'im').exec(unitText)?.[1]
    : filter[1]!;
  return onlyNonSecretNames(list?.replace(/^@/, ''));
}

const BRAND_PREFIX = new RegExp(
  String.raw`^[^\n]{0,120}\n?[^\n]{0,160}?\b\w{1,40}\.(?:startswith|startsWith)\s{0,4}\(\s{0,4}["'](${Object.keys(ISSUER_DOMAINS).join('|')})_["']`,
  'i',
);

/**
 * The environment walked for one vendor's names only (`for k, v in os.environ.items(): if k.startswith("OPENAI_")`) in a
 * program whose every address is that vendor's API (or the machine itself): its own keys, used with their issuer. An
 * address anywhere else may receive them.
 */
export function vendorKeysKeptForIssuer(text: string, at: number, unitText: string): boolean {
  const prefix = BRAND_PREFIX.exec(text.slice(at, at + 300));
  if (!prefix) return false;
  const brand = prefix[1]!.toLowerCase();
  const hosts = [...unitText.matchAll(/\bhttps?:\/\/([\w.-]{1,200})/gi)].map((m) => m[1]!.toLowerCase());
  return hosts.length > 0 && hosts.every((host) => issuedBy(brand, host) || /^(?:localhost|127\.0\.0\.1)$/.test(host));
}
