import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';

/** One process as the table shows it. `start` tells a pid apart from a later one that reuses it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** Session id; -1 where the platform does not say. */
  sid: number;
  /** Start time in clock ticks since boot; -1 where the platform does not say. */
  start: number;
  /** Controlling terminal (0 = none); -1 where unknown. */
  tty: number;
}

/** The marker every process of one command inherits through its environment. */
export interface ProcessMark {
  name: string;
  value: string;
}

const PROC = '/proc';
/** USER_HZ: the unit of `/proc/<pid>/stat` start times on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export function hasProcfs(): boolean {
  try {
    statSync(`${PROC}/self/stat`);
    return true;
  } catch {
    return false;
  }
}

/** Now, in the clock of `ProcessEntry.start` (Linux), or -1. */
export function processClockNow(): number {
  try {
    return Math.floor(Number(readFileSync(`${PROC}/uptime`, 'utf8').split(' ')[0]) * TICKS_PER_SECOND);
  } catch {
    return -1;
  }
}

/**
 * Every process: from /proc on Linux, from `ps` elsewhere (no sessions, start times or
 * environments there) — `ps` by the absolute path plangate resolved before the agent ran.
 */
export function readProcessTable(ps?: string): Map<number, ProcessEntry> {
  return hasProcfs() ? readProcfs() : readPs(ps);
}

function readProcfs(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const name of readdirSync(PROC)) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`${PROC}/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // `pid (comm) state ppid pgrp session tty_nr … starttime(22) …`; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') continue;
    table.set(Number(name), {
      pid: Number(name),
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      sid: Number(fields[3]),
      tty: Number(fields[4]),
      start: Number(fields[19]),
    });
  }
  return table;
}

function readPs(ps: string | undefined): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  if (!ps) return table;
  let out: string;
  try {
    out = execFileSync(ps, ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' });
  } catch {
    return table;
  }
  for (const line of out.split('\n')) {
    const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
    if (!pid || !ppid || !pgid || stat?.startsWith('Z')) continue;
    table.set(Number(pid), { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), sid: -1, tty: -1, start: -1 });
  }
  return table;
}

/** Whether a process carries the mark in its environment (Linux; false where it cannot be read). */
export function carriesMark(pid: number, mark: ProcessMark): boolean {
  try {
    const environ = readFileSync(`${PROC}/${pid}/environ`, 'latin1');
    return environ.startsWith(`${mark.name}=${mark.value}\0`) || environ.includes(`\0${mark.name}=${mark.value}\0`);
  } catch {
    return false;
  }
}

/** This process and its ancestors (where orphans of a descendant are re-parented: init or the nearest subreaper). */
export function ancestorsOf(pid: number, table: ReadonlyMap<number, ProcessEntry>): Set<number> {
  const out = new Set<number>([1]);
  for (let p: number | undefined = pid; p !== undefined && p > 0 && !out.has(p); p = table.get(p)?.ppid) out.add(p);
  return out;
}

export function ownUid(): number | undefined {
  return process.getuid?.();
}

/** The owner of a process (Linux), or undefined. */
export function uidOf(pid: number): number | undefined {
  try {
    return statSync(`${PROC}/${pid}`).uid;
  } catch {
    return undefined;
  }
}
