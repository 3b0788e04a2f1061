import { resolveTrustedPrograms, type TrustedPrograms } from '../../src/ralph/trusted-programs.js';

/** git, sh (and ps) as the ralph runner resolves them from this test process's PATH. */
export function testPrograms(): TrustedPrograms {
  const resolved = resolveTrustedPrograms(process.env);
  if (!resolved.ok) throw new Error(resolved.problem);
  return resolved.programs;
}
