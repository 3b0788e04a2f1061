import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, basename } from 'node:path';

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>/<name>` for the bare repository. */
  url: string;
  /** The `Authorization` header of every request, `undefined` when it had none. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/** The header `actions/checkout` writes for a token: `AUTHORIZATION: basic base64(x-access-token:<token>)`. */
export function tokenHeader(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

/**
 * Serves one bare repository over git's smart HTTP protocol (`git http-backend` as a CGI), and
 * answers 401 to any request without `token`, the way GitHub treats a private repository.
 */
export async function startGitHttpServer(bareRepo: string, token: string): Promise<GitHttpServer> {
  const expected = tokenHeader(token).slice('AUTHORIZATION: '.length);
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    if (req.headers.authorization?.toLowerCase() !== expected.toLowerCase()) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
      return;
    }
    serveCgi(bareRepo, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${basename(bareRepo)}`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function serveCgi(bareRepo: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: dirname(bareRepo),
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_USER: 'x-access-token',
      REMOTE_ADDR: '127.0.0.1',
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
    },
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    headersDone = true;
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => res.end());
}
