// Discovery on a large synthetic tree held in memory (so only discovery is timed): 200,000 paths,
// 20,000 skills in the shapes of the public collections (skills/, skills/.curated/, plugins/*/skills/,
// top-level folders), vendored and fixture copies that must not count, and agent files.
function tree() {
  const paths = [];
  for (let i = 0; i < 5_000; i++) paths.push(`skills/s${i}/SKILL.md`, `skills/s${i}/reference.md`);
  for (let i = 0; i < 5_000; i++) paths.push(`skills/.curated/c${i}/SKILL.md`, `skills/.curated/c${i}/scripts/run.sh`);
  for (let p = 0; p < 500; p++) {
    for (let i = 0; i < 18; i++) paths.push(`plugins/p${p}/skills/k${i}/SKILL.md`, `plugins/p${p}/skills/k${i}/notes.md`);
    paths.push(`plugins/p${p}/agents/a.md`, `plugins/p${p}/README.md`);
  }
  for (let i = 0; i < 1_000; i++) paths.push(`top${i}/SKILL.md`);
  for (let i = 0; i < 20_000; i++) paths.push(`vendor/v${i % 50}/skills/x${i}/SKILL.md`, `test/fixtures/f${i}/SKILL.md`);
  while (paths.length < 200_000) paths.push(`src/m${paths.length % 997}/f${paths.length}.ts`);
  return paths;
}

export const cases = [
  {
    name: 'discovery 200,000 paths / 20,000 skills',
    size: 'L',
    async prepare() {
      const { MemorySnapshot } = await import('../../lib/core/memory-snapshot.js');
      const { discoverSkills } = await import('../../lib/core/discovery/discover-skills.js');
      const { detectLayout } = await import('../../lib/core/config/detect.js');
      const files = Object.fromEntries(tree().map((p) => [p, '']));
      return { snapshot: new MemorySnapshot(files), discoverSkills, detectLayout };
    },
    async run(_args, { snapshot, discoverSkills, detectLayout }) {
      const t0 = performance.now();
      const found = discoverSkills(snapshot);
      const discovered = performance.now() - t0;
      const t1 = performance.now();
      const layout = detectLayout(snapshot);
      const detected = performance.now() - t1;
      if (found.skillCount !== 20_000) throw new Error(`expected 20,000 skills, found ${found.skillCount}`);
      return {
        ms: discovered,
        files: snapshot.entries().length,
        note: `detectLayout ${Math.round(detected)} ms; roots ${layout.skillRoots.join(', ')}; ignored ${found.ignored.map((i) => `${i.dir}:${i.skills}`).join(' ')}`,
      };
    },
  },
];
