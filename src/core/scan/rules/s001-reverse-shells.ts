import type { Detector } from './scan-rule.js';

/** A shell handed to another machine: reverse shells in every common form, and reverse SSH tunnels. */
export const REVERSE_SHELL_DETECTORS: readonly Detector[] = [
  {
    // `ssh -N -R 0:localhost:22 relay@host`: this machine's SSH port opened on someone else's server. A step that asks
    // is a pairing session; kept running by a scheduler or a unit, it is a door.
    id: 'reverse-ssh-tunnel',
    keywords: ['ssh', 'autossh', '"-r"', "'-r'", 'serveraliveinterval', 'stricthostkeychecking', 'exitonforwardfailure'],
    // The whole unit: a command's options may go on over lines.
    scope: 'unit',
    // As a command line (its options may go on over lines, as in Ruby's `%w[ssh -N …` ⏎ `-R 0:localhost:22 …]`), or as an
    // argument list (`["ssh", "-N", "-R", f"{NAME}:22:localhost:22", …]`), or by ssh's own options before `-R` whatever the
    // program is called (`$u{bin} -N -o StrictHostKeyChecking=no -o ServerAliveInterval=30 -R $u{fwd} $u{relay}`).
    re: /\b(?:auto)?ssh\b(?:[^;&|\n]{0,200}?\n[ \t]{0,40}(?=[ \t]-))?[^;&|\n]{0,200}?\s-[a-zA-Z]{0,6}R\s{0,4}["']?(?:[\w.*{}$-]{0,60}:)?\d{1,5}:(?:localhost|127\.0\.0\.1|\[::1\]):22\b|["']-R["']\s{0,4},\s{0,4}f?["'](?:[\w.*{}$-]{0,60}:)?\d{1,5}:(?:localhost|127\.0\.0\.1|\[::1\]):22\b|-o\s{0,4}["']?(?:StrictHostKeyChecking\s{0,2}=\s{0,2}no|ServerAliveInterval\s{0,2}=\s{0,2}\d{1,4}|ExitOnForwardFailure\s{0,2}=\s{0,2}yes)\b[^;&|\n]{0,160}?\s-[a-zA-Z]{0,6}R\s{1,4}["']?[$\w{]/,
    capabilities: ['reverse-shell'],
    level: 'MEDIUM',
    // In a service definition (a systemd unit started at login and restarted, a launchd job kept alive): the door stays open.
    accept: (_m, c) =>
      /^\s{0,8}(?:WantedBy\s{0,4}=|Restart\s{0,4}=\s{0,4}always\b)|<key>\s{0,4}(?:RunAtLoad|KeepAlive)\s{0,4}<\/key>\s{0,4}<true/m.test(
        c.fileText ?? c.unitText,
      )
        ? { level: 'HIGH', capabilities: ['reverse-shell', 'persistence'] }
        : true,
    why: "Opens this machine's SSH port on a remote server (a reverse tunnel): whoever controls that server can log in here.",
  },
  {
    id: 'reverse-shell-dev-tcp',
    keywords: ['/dev/tcp/', '/dev/udp/'],
    // This machine's own port (`exec 3<>/dev/tcp/127.0.0.1/5432`, a check that it is free) hands no one a shell.
    re: /\/dev\/(?:tcp|udp)\/(?!(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0)\/)[\w.-]{1,253}\/\d{1,5}/i,
    why: 'Opens a reverse shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
  {
    id: 'reverse-shell-netcat',
    keywords: ['^nc$', 'ncat', 'netcat', 'nc.traditional', 'nc.openbsd'],
    re: /\b(?:nc|ncat|netcat|nc\.traditional|nc\.openbsd)\b[^;&|]{0,100}?\s-[a-z]{0,4}[ec]\s{0,4}["']?(?:\/[\w/]{0,40}\/)?(?:(?:ba|z|da|k)?sh|cmd(?:\.exe)?|powershell|pwsh|python[23]?)\b|\b(?:nc|ncat|netcat)\s{1,4}(?:-[a-z]{1,4}\s{1,4}){0,4}-[a-z]{0,3}l[a-z]{0,3}\b[^;&|]{0,80}\|\s{0,4}(?:\/bin\/)?(?:ba|z|da|k)?sh\b/i,
    why: 'Opens a reverse shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
  {
    id: 'reverse-shell-fifo',
    keywords: ['mkfifo'],
    re: /\bmkfifo\b[^#]{0,200}?\b(?:nc|ncat|netcat|telnet|openssl\s{1,4}s_client)\b/i,
    why: 'Opens a reverse shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
  {
    id: 'reverse-shell-socat',
    keywords: ['socat'],
    re: /\bsocat\b[^;&|]{0,200}?\b(?<how>exec|system):["']?(?<program>[^\s,"']{0,80})/i,
    // A shell (or an interpreter) on the socket is a shell handed over; another program (`EXEC:/chal/heap-notes`, a CTF
    // challenge served on a port) is that program, reachable by whoever reaches the port: worth a look.
    // `SYSTEM:` hands the socket to `sh -c`, whatever it names.
    accept: (m) =>
      /^system$/i.test(m.groups!.how!) ||
      /^(?:\/[\w/.-]{0,60}\/)?(?:(?:ba|z|da|k|c|tc|fi)?sh|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh|python[23]?|perl|ruby|node)$/i.test(
        m.groups!.program!,
      )
        ? true
        : 'MEDIUM',
    why: 'Opens a reverse shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
  {
    id: 'reverse-shell-pty',
    keywords: ['pty.spawn', 'os.dup2'],
    re: /\bpty\.spawn\s{0,4}\(\s{0,4}["'](?:\/bin\/)?(?:ba|z)?sh\b|\bos\.dup2\s{0,4}\([^)]{0,60}fileno\s{0,4}\(\s{0,4}\)/,
    why: 'Wires a network socket to a shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
  {
    id: 'reverse-shell-socket',
    keywords: ['socket.socket'],
    scope: 'unit',
    re: /\bsocket\.socket\s{0,4}\(/,
    requires: /\bos\.dup2\b|\bpty\.spawn\b|subprocess\.(?:call|Popen|run)\s{0,4}\(\s{0,4}\[?\s{0,4}["'](?:\/bin\/)?(?:ba|z)?sh\b/,
    why: 'Wires a network socket to a shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
  {
    id: 'reverse-shell-other',
    keywords: ['fsockopen', 'tcpsocket', 'net.sockets.tcpclient'],
    re: /\bfsockopen\s{0,4}\([^#]{0,300}?(?:\/bin\/(?:ba|z)?sh|cmd\.exe)|\bTCPSocket\.(?:new|open)\b[^#]{0,300}?(?:\/bin\/(?:ba|z)?sh|\bexec\b|\bspawn\b|IO\.popen)|\bnet\.sockets\.tcpclient\b[^#]{0,600}?\b(?:iex|invoke-expression|getstream)\b/i,
    why: 'Wires a network socket to a shell: a remote party gets an interactive shell on this machine.',
    capabilities: ['reverse-shell'],
    level: 'HIGH',
  },
];
