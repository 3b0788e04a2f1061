import { describe, expect, it } from 'vitest';
import { highs, scanFiles } from './judgement-support.js';

// Scanner v3.112 (round 65 part 2's false alarm, measured sealed on v3.110): a program that drops a schema only after
// it stops on any database that is not on this machine resets a local database: MEDIUM. Without the stop, or with a
// check that only warns, it stays HIGH.
const reset = (guard: string[]) =>
  scanFiles({
    '.claude/commands/reset-db.md': 'Reset the database: run `python3 scripts/reset_db.py`.\n',
    'scripts/reset_db.py': [
      'import os, sys',
      'from urllib.parse import urlparse',
      'import psycopg',
      '',
      'url = os.environ.get("APP_DB_URL", "postgresql://app@localhost/app_dev")',
      'host = urlparse(url).hostname',
      ...guard,
      'with psycopg.connect(url) as conn:',
      '    conn.execute("DROP SCHEMA IF EXISTS public CASCADE")',
      '    conn.execute("CREATE SCHEMA public")',
      '',
    ].join('\n'),
  });

describe('v3.112: a schema dropped by a program that refuses remote databases', () => {
  it('stops unless the host is local: no HIGH', async () => {
    expect(highs(await reset(['if host not in ("localhost", "127.0.0.1"):', '    sys.exit(f"refusing to reset {host}")']))).toEqual([]);
  });

  it('no check, or a check that only warns: HIGH', async () => {
    expect(highs(await reset([]))).not.toEqual([]);
    expect(highs(await reset(['if host not in ("localhost", "127.0.0.1"):', '    print("warning: not a local database")']))).not.toEqual(
      [],
    );
  });
});
