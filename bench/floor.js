// The floor: a minimal script that reads every scanned file and runs one combined regex over it.
// plangate's own run is compared against this, in the same process setup and on the same repo.
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const COMBINED =
  /curl[^\n|]*\|\s*(?:ba|z)?sh|ignore (?:all )?previous instructions|rm -rf \/|ghp_[A-Za-z0-9]{36}|base64 -d|[\u200b-\u200d\u202a-\u202e]/g;

export async function floor(root, dirs = ['.github/skills', '.github/agents', '.claude/skills']) {
  let files = 0;
  let bytes = 0;
  let hits = 0;
  const pending = dirs.map((d) => join(root, d));
  while (pending.length) {
    const dir = pending.pop();
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) pending.push(full);
      else if (e.isFile()) {
        const text = await readFile(full, 'utf8');
        files++;
        bytes += text.length;
        hits += (text.match(COMBINED) ?? []).length;
      }
    }
  }
  return { files, bytes, hits };
}

/** The same floor with synchronous reads (no promise per file): the fastest plain read loop Node has. */
export function floorSync(root, dirs = ['.github/skills', '.github/agents', '.claude/skills']) {
  let files = 0;
  let bytes = 0;
  let hits = 0;
  const pending = dirs.map((d) => join(root, d));
  while (pending.length) {
    const dir = pending.pop();
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) pending.push(full);
      else if (e.isFile()) {
        const text = readFileSync(full, 'utf8');
        files++;
        bytes += text.length;
        hits += (text.match(COMBINED) ?? []).length;
      }
    }
  }
  return { files, bytes, hits };
}
