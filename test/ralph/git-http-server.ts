import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A git smart-HTTP server for tests: `git http-backend` behind node:http, serving the bare
 * repositories under `root` (pushes allowed), refusing requests without an Authorization
 * header the way GitHub does, and keeping the headers of every request it answered.
 */
export class GitHttpServer {
  readonly requests: IncomingHttpHeaders[] = [];
  url = '';
  private readonly server: Server;

  private constructor(root: string) {
    this.server = createServer((req, res) => {
      this.requests.push(req.headers);
      if (!req.headers.authorization) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const cgi = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH ?? '',
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          REMOTE_USER: 'x-access-token',
          REMOTE_ADDR: '127.0.0.1',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
          ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        },
      });
      req.pipe(cgi.stdin);
      const chunks: Buffer[] = [];
      cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
      cgi.on('close', () => {
        const out = Buffer.concat(chunks);
        const split = out.indexOf('\r\n\r\n');
        const head = out.subarray(0, split).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        let status = 200;
        for (const line of head) {
          const [name, ...value] = line.split(':');
          if (name!.toLowerCase() === 'status') status = Number(value.join(':').trim().split(' ')[0]);
          else headers[name!] = value.join(':').trim();
        }
        res.writeHead(status, headers).end(out.subarray(split + 4));
      });
    });
  }

  static async start(root: string): Promise<GitHttpServer> {
    const instance = new GitHttpServer(root);
    await new Promise<void>((resolve) => instance.server.listen(0, '127.0.0.1', resolve));
    instance.url = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
    return instance;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
