// The catalog check on the L repository: 10,000 skills discovered, each SKILL.md read and its
// frontmatter linted, and the 10,000-entry catalog bundle checked in both directions.
async function load(repo) {
  const { LocalDirSnapshot } = await import('../../lib/sources/local-dir-snapshot.js');
  const { detectLayout } = await import('../../lib/core/config/detect.js');
  const { resolveConfig } = await import('../../lib/core/config/resolve-config.js');
  const { runCatalogCheck } = await import('../../lib/core/catalog/run-catalog-check.js');
  const snapshot = await LocalDirSnapshot.open(repo);
  const config = resolveConfig(undefined, detectLayout(snapshot), 'bench');
  return { snapshot, config, runCatalogCheck };
}

export const cases = [
  {
    name: 'catalog 10,000 skills',
    size: 'L',
    prepare: ({ repo }) => load(repo),
    async run(_args, { snapshot, config, runCatalogCheck }) {
      const skillFiles = snapshot.entries().filter((e) => /^\.github\/skills\/[^/]+\/SKILL\.md$/.test(e.path));
      const bytes = skillFiles.reduce((sum, e) => sum + e.size, 0);
      const t0 = performance.now();
      const output = await runCatalogCheck(snapshot, config, {});
      const ms = performance.now() - t0;
      if (skillFiles.length !== 10_000) throw new Error(`expected 10,000 skills, found ${skillFiles.length}`);
      return { ms, files: skillFiles.length, bytes, note: `${output.findings.length} findings; snapshot listing excluded` };
    },
  },
];
