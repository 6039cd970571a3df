// A plain round-robin HTTP proxy for the benches, in a process of its own:
// `node --import tsx bench/proxy.ts <listen port> <upstream port>…`. Each request goes to the next
// upstream on 127.0.0.1 over kept-alive connections; prints "ready" once it listens.
import http from 'node:http';

const [listen, ...upstreams] = process.argv.slice(2).map(Number);
if (!listen || upstreams.length === 0 || upstreams.some((p) => !p)) {
  console.error('usage: proxy.ts <listen port> <upstream port>…');
  process.exit(2);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** Headers that belong to one connection, not to the request. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const strip = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k)));

let next = 0;
const server = http.createServer((req, res) => {
  const port = upstreams[next++ % upstreams.length]!;
  const up = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: strip(req.headers), agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, strip(answer.headers));
    answer.pipe(res);
  });
  up.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  req.pipe(up);
});
server.keepAliveTimeout = 30_000;
server.listen(listen, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => process.exit(0));
