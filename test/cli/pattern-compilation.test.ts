import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The entry points (CLI, Action, App worker) switch V8 to compile patterns on first use after
// their imports have loaded, and so after some patterns have already run in the interpreter.
// Those patterns must keep working: the flag once chosen for this crashed V8 here, intermittently
// in real runs and every time in this shape. Runs the built module, as the entry points do.
const runtime = fileURLToPath(new URL('../../lib/runtime.js', import.meta.url));

const script = `
const patterns = Array.from({ length: 200 }, (_, i) => new RegExp('c' + (i % 10) + '(?:a|b)+z|x' + i + 'y', 'g'));
const run = (subject) => patterns.filter((p) => { p.lastIndex = 0; return p.test(subject); }).length;
const before = run('c1ababz');
const { compilePatternsEagerly } = await import(${JSON.stringify(runtime)});
compilePatternsEagerly();
const late = new RegExp('c1(?:a|b)+z');
const long = 'c1' + 'ab'.repeat(600) + 'z';
const after = [run('c1ababz'), run(long), run(long), late.test(long) ? 1 : 0];
console.log(JSON.stringify([before, ...after]));
`;

it('patterns that ran before the entry point switches to eager compilation still run after it', () => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(child.signal).toBeNull();
  expect(child.stderr).toBe('');
  expect(JSON.parse(child.stdout)).toEqual([20, 20, 20, 20, 1]);
});
