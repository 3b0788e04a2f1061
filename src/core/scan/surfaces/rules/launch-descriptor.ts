/**
 * Reading the descriptor lines surfaces/launch-units.ts writes: `server <name> runs <command>`,
 * `server <name> connects <url>`, `server <name> gets env KEY=value for runs …`, `hook <event>
 * runs <command>`, `settings env gets env KEY=value`, `settings flags KEY=value`.
 */
export interface Descriptor {
  subject: 'server' | 'hook' | 'settings';
  name: string;
  /** The command the entry runs, if any. */
  command?: string;
  /** The remote address, if any. */
  url?: string;
}

const HEAD = /^(server|hook|settings) (\S{1,300}) /;

export function readDescriptor(text: string): Descriptor | undefined {
  const head = HEAD.exec(text);
  if (!head) return undefined;
  const descriptor: Descriptor = { subject: head[1] as Descriptor['subject'], name: head[2]! };
  const runs = text.indexOf(' runs ');
  const connects = text.lastIndexOf(' connects ');
  if (runs >= 0) descriptor.command = text.slice(runs + 6, connects > runs ? connects : undefined);
  if (connects >= 0) descriptor.url = text.slice(connects + 10).trim();
  return descriptor;
}

/** The words of a shell command line (simple quotes removed), up to the first `;`, `|` or `&`. */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|([;|&])|(\S+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) {
    if (m[3]) break;
    words.push(m[1] ?? m[2] ?? m[4]!);
  }
  return words;
}

export interface Host {
  name: string;
  /** A literal IPv4 or IPv6 address. */
  ip: boolean;
  /** Loopback, private, link-local or a bare name like `localhost`: the user's own machine or network. */
  local: boolean;
}

/** The host of a URL written in a config, without DNS. */
export function hostOf(url: string): Host | undefined {
  const m = /^[a-z][a-z0-9+.-]{0,20}:\/\/(?:[^@/?#\s]{0,200}@)?(\[[0-9a-f:.]{2,60}\]|[^/?#:\s'"]{1,253})/i.exec(url.trim());
  if (!m) return undefined;
  const name = m[1]!.toLowerCase().replace(/^\[|\]$/g, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(name);
  const v6 = name.includes(':');
  const [a, b] = v4 ? [Number(v4[1]), Number(v4[2])] : [0, 0];
  const local =
    (!v6 && !name.includes('.')) ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    (v4 !== null &&
      (a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254))) ||
    (v6 && (name === '::1' || name.startsWith('fc') || name.startsWith('fd') || name.startsWith('fe80')));
  return { name, ip: v4 !== null || v6, local };
}
