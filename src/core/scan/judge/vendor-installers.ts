import { urlsIn } from '../rules/shell-vocabulary.js';

/**
 * Official installers, reviewed one by one: the host (and path prefix) each project documents for
 * piping its installer into a shell. Piping these is still unreviewed code, but it is what the tool's
 * own docs say to do. Nothing a skill says about itself (its name, its description, a host named
 * like it) adds to this list: a host named after a skill is its author's choice, and so is the skill.
 */
export const OFFICIAL_INSTALLERS: readonly string[] = [
  'sh.rustup.rs',
  'static.rust-lang.org/rustup',
  'astral.sh/uv/',
  'astral.sh/ruff/',
  'bun.sh/install',
  'bun.com/install',
  'deno.land/install',
  'deno.land/x/install',
  'get.docker.com',
  'raw.githubusercontent.com/homebrew/install/',
  'raw.githubusercontent.com/nvm-sh/nvm/',
  'raw.githubusercontent.com/creationix/nvm/',
  'raw.githubusercontent.com/helm/helm/',
  'raw.githubusercontent.com/pyenv/pyenv-installer/',
  'raw.githubusercontent.com/ohmyzsh/ohmyzsh/',
  'raw.githubusercontent.com/aquasecurity/trivy/',
  'raw.githubusercontent.com/golangci/golangci-lint/',
  'raw.githubusercontent.com/anchore/syft/',
  'raw.githubusercontent.com/anchore/grype/',
  'pyenv.run',
  'get.pnpm.io/install',
  'install.python-poetry.org',
  'fnm.vercel.app/install',
  'ollama.com/install',
  'claude.ai/install',
  'opencode.ai/install',
  'cursor.com/install',
  'gh.io/copilot-install',
  'get.k3s.io',
  'sdk.cloud.google.com',
  'aka.ms/installazurecli',
  'starship.rs/install',
  'mise.run',
  'pixi.sh/install',
  'get.volta.sh',
  'get.sdkman.io',
  'foundry.paradigm.xyz',
  'tailscale.com/install',
  'install.determinate.systems/nix',
  'nixos.org/nix/install',
  'get.rvm.io',
  'deb.nodesource.com/setup',
  'rpm.nodesource.com/setup',
  'dot.net/v1/dotnet-install',
  'fly.io/install',
  'install.duckdb.org',
  'yarnpkg.com/install.sh',
  'install.perlbrew.pl',
  'sh.vector.dev',
  'get.jetify.com/devbox',
  'railway.app/install',
  'get.pulumi.com',
  'cli.doppler.com/install',
  'supabase.com/install',
  'vercel.com/install',
  'install.ohmyz.sh',
  'get.scoop.sh',
  'community.chocolatey.org/install.ps1',
  'ohmyposh.dev/install',
  'get.haskellstack.org',
  'get-ghcup.haskell.org',
  'cli.moonrepo.dev/install',
  'get.tur.so/install',
  'install.meteor.com',
  'istio.io/downloadistio',
  'run.linkerd.io/install',
  'fluxcd.io/install.sh',
  'raw.githubusercontent.com/rbenv/rbenv-installer/',
  'raw.githubusercontent.com/fluxcd/flux2/',
  'raw.githubusercontent.com/denoland/deno_install/',
  'raw.githubusercontent.com/tj/n/',
  'raw.githubusercontent.com/python-poetry/install.python-poetry.org/',
  'raw.githubusercontent.com/exploreomni/cli/',
  'hf.co/cli/install',
  'cli.genkit.dev',
  'mcp.apollo.dev/download/',
  'resend.com/install.sh',
  'cli.tavily.com/install.sh',
  'cli.inference.sh',
  'bun.sh/install.ps1',
  'wasmtime.dev/install.sh',
  'get.wasmer.io',
  'get.trunk.io',
  'get.acme.sh',
  'get.rke2.io',
  'get.k0s.sh',
  'atlasgo.sh',
  'sentry.io/get-cli',
  'zed.dev/install.sh',
];

/** Whether an https URL is one of the official installers above. */
export function isOfficialInstallerUrl(url: string): boolean {
  const m = /^https:\/\/([^/\s"'`?#)]+)([^\s"'`?#)]*)/i.exec(url);
  if (!m) return false;
  const host = m[1]!.toLowerCase().replace(/^www\./, '');
  const hostPath = `${host}${m[2]!.toLowerCase()}`;
  return OFFICIAL_INSTALLERS.some((known) => {
    const slash = known.indexOf('/');
    const knownHost = slash < 0 ? known : known.slice(0, slash);
    return host === knownHost && (slash < 0 || hostPath.startsWith(known));
  });
}

/** A download-and-run whose every URL is an official installer. */
export function isOfficialInstaller(matched: string): boolean {
  const urls = urlsIn(matched);
  return urls.length > 0 && urls.every(isOfficialInstallerUrl);
}
