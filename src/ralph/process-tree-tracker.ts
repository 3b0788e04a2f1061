import { ancestorsOf, carriesMark, ownUid, readProcessTable, uidOf, type ProcessEntry, type ProcessMark } from './process-tree.js';

/** Matches any start time: the root before it was first seen. */
const ANY_START = -2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every process a command started, whatever it did with sessions, so that none outlives the
 * command. The command runs in its own session and process group (spawned detached) with a
 * marker in its environment. A process belongs to it when it is the root, or was seen belonging
 * before (same pid and start time), or its parent, process group or session belongs, or it
 * carries the marker — or it is an orphan the command left: born while the command ran, owned by
 * this user, re-parented to init or an ancestor of the runner (where the kernel re-parents
 * orphans), in a session that did not exist before the command. `poll()` while the command runs
 * keeps track of processes whose parent chain will break later.
 *
 * Linux reads /proc (sessions, start times, environments). Elsewhere only `ps` parents and
 * process groups are known: a `setsid` double fork that leaves before a poll sees it escapes.
 * What any platform cannot see: a process another service starts on the command's behalf (cron,
 * `at`, `systemd-run`, a container engine, sudo to another user).
 */
export class ProcessTreeTracker {
  private readonly known = new Map<number, number>();

  /** `since`: the process clock when the command was spawned (-1 when unknown); `ps`: where there is no /proc. */
  constructor(
    private readonly root: number,
    private readonly mark: ProcessMark,
    private readonly since: number,
    private readonly ps?: string,
  ) {
    this.known.set(root, ANY_START);
  }

  /** The command's processes alive now; remembers them. */
  poll(): ProcessEntry[] {
    return this.members(readProcessTable(this.ps));
  }

  /** Sends `signal` to every process of the command. */
  signalAll(signal: NodeJS.Signals): void {
    for (const member of this.poll()) send(member.pid, signal);
  }

  /**
   * Stops every process of the command (SIGSTOP, so none forks while the tree is read again),
   * then kills them all, until none is left. Returns how many could not be killed.
   */
  async reap(): Promise<number> {
    for (let round = 0; round < 25; round++) {
      const members = this.poll();
      if (!members.length) return 0;
      for (const member of members) send(member.pid, 'SIGSTOP');
      for (const member of this.poll()) send(member.pid, 'SIGKILL');
      await sleep(20);
    }
    return this.poll().length;
  }

  private members(table: ReadonlyMap<number, ProcessEntry>): ProcessEntry[] {
    const self = process.pid;
    const ancestors = ancestorsOf(self, table);
    for (const pid of this.known.keys()) if (!table.has(pid)) this.known.delete(pid);
    const bornSince = (e: ProcessEntry) => this.since < 0 || e.start < 0 || e.start >= this.since;
    const candidates = [...table.values()].filter((e) => e.pid !== self && !ancestors.has(e.pid) && bornSince(e));
    const olderSessions = new Set([...table.values()].filter((e) => !bornSince(e) && e.sid > 0).map((e) => e.sid));
    const members = new Map<number, ProcessEntry>();
    const groups = new Set<number>([this.root]);
    const sessions = new Set<number>([this.root]);
    const marked = new Map<number, boolean>();
    const add = (e: ProcessEntry) => {
      members.set(e.pid, e);
      groups.add(e.pgid);
      if (e.sid > 0) sessions.add(e.sid);
      this.known.set(e.pid, e.start);
    };
    for (const e of candidates) {
      const start = this.known.get(e.pid);
      if (start === ANY_START || (start !== undefined && start === e.start)) add(e);
    }
    const uid = ownUid();
    const isOrphan = (e: ProcessEntry) =>
      this.since >= 0 &&
      e.start >= this.since &&
      ancestors.has(e.ppid) &&
      !olderSessions.has(e.sid) &&
      uid !== undefined &&
      uidOf(e.pid) === uid;
    for (let grew = true; grew;) {
      grew = false;
      for (const e of candidates) {
        if (members.has(e.pid)) continue;
        if (!marked.has(e.pid)) marked.set(e.pid, carriesMark(e.pid, this.mark));
        if (members.has(e.ppid) || groups.has(e.pgid) || (e.sid > 0 && sessions.has(e.sid)) || marked.get(e.pid) || isOrphan(e)) {
          add(e);
          grew = true;
        }
      }
    }
    return [...members.values()];
  }
}

function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already, or not ours to signal.
  }
}
