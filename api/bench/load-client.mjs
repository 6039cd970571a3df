// The load side of bench/abuse.ts, in a worker thread of its own, so that making and answering
// the flood's requests never delays the probe's (which runs on the main thread).
// workerData: { port, seconds, kind: 'events' | 'images', clients, connections, pictures? }
// Posts back { statuses: [[status, count]], okMs: number[] }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, seconds, kind, clients, connections, pictures } = workerData;

function send(agent, opts) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: opts.method, path: opts.path, agent, localAddress: opts.localAddress, headers: opts.body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(opts.body) } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(opts.body);
  });
}

/** A 100-event batch of about 50 KB, every field within its limit. */
function batch(client, n) {
  const events = Array.from({ length: 100 }, (_, k) => ({
    event_type: k % 10 === 0 ? 'add_to_cart' : 'click',
    product_id: `a-${String(((client * 977 + n * 100 + k) % 400) + 1).padStart(5, '0')}`,
    session_id: `bench-${client}-${n}`,
    url: `https://shop.test/briller/${'x'.repeat(400)}`,
  }));
  return JSON.stringify({ tenant: 'profil-optik', market: 'dk', events });
}

const statuses = new Map();
const okMs = [];
const until = performance.now() + seconds * 1000;
const formats = ['webp', 'jpeg', 'png'];
let next = 0;

await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    // Event clients each from their own loopback address (all of 127.0.0.0/8 is loopback): the per-client limit sees N clients.
    const localAddress = kind === 'events' ? `127.0.0.${10 + c}` : undefined;
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections, localAddress });
    let n = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          let r;
          if (kind === 'events') {
            r = await send(agent, { method: 'POST', path: '/v2/create-events', body: batch(c, n++), localAddress });
          } else {
            // A new picture each time, at width 4096; a refused client asks again at once (an attacker ignores Retry-After).
            const i = next++;
            const url = pictures[i % pictures.length];
            const format = formats[Math.floor(i / pictures.length) % formats.length];
            r = await send(agent, { method: 'GET', path: `/v2/image?format=${format}&width=4096&url=${encodeURIComponent(url)}` });
          }
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status === 200) okMs.push(r.ms);
        }
      }),
    );
    agent.destroy();
  }),
);
parentPort.postMessage({ statuses: [...statuses], okMs });
