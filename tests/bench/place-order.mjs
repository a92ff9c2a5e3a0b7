// f. Place order: the Store API checkout with 20 buyers at once, against a bare ping at the same
// concurrency. Every checkout empties its cart, so each request has a buyer (session and cart)
// of its own, prepared before the clock starts. Each of the 20 at once sends over a connection
// of its own, as 20 shoppers' browsers would: with one shared client pool, the first wave
// queued on the connections left from preparing the buyers and the tail measured that queue.
import http from 'node:http';
import path from 'node:path';
import { fmt } from './load.mjs';
import { startProcess, waitForLine } from './processes.mjs';

const BUYERS = 200;
const CONCURRENCY = 20;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function buyer(base, productId) {
  const start = await fetch(`${base}/wc/store/v1/cart`);
  await start.arrayBuffer();
  const cookie = start.headers.getSetCookie()[0].split(';')[0];
  const nonce = start.headers.get('nonce');
  const res = await fetch(`${base}/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers: { cookie, nonce, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ id: productId, quantity: 1 }),
  });
  if (res.status !== 201) throw new Error(`add-item answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return { cookie, nonce };
}

const ORDER = {
  billing_address: {
    first_name: 'Bench',
    last_name: 'Käufer',
    address_1: 'Teststraße 1',
    city: 'Berlin',
    postcode: '10115',
    country: 'DE',
    email: 'bench@example.org',
  },
  payment_method: 'bacs',
  additional_fields: { terms: true },
};

/** One request over `agent`'s connection; resolves with the status once the body is read. */
function send(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Runs `task(i, agent)` for i < count with `concurrency` in flight, each in-flight slot with a
 * kept-alive connection of its own; returns each one's time in ms.
 */
async function timedPool(count, concurrency, task) {
  const times = [];
  let next = 0;
  const worker = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        await task(i, agent);
        times.push(performance.now() - started);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

export async function placeOrderBench({ url, pingUrl }) {
  console.log(
    `\nf. place order (Store API checkout, ${BUYERS} buyers, ${CONCURRENCY} at once) vs bare ping`,
  );
  const candidates = await (await fetch(`${url}/wc/store/v1/products?per_page=50`)).json();
  const product = candidates.find(
    (p) => p.type === 'simple' && p.is_in_stock && !p.sold_individually,
  );
  if (!product) throw new Error('no simple in-stock product to buy');
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await buyer(url, product.id));
  let failed = 0;
  const body = JSON.stringify(ORDER);
  const orders = await timedPool(BUYERS, CONCURRENCY, async (i, agent) => {
    const status = await send(agent, `${url}/wc/store/v1/checkout`, {
      method: 'POST',
      headers: {
        cookie: buyers[i].cookie,
        nonce: buyers[i].nonce,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: url,
      },
      body,
    });
    if (status !== 200) failed += 1;
  });
  const pings = await timedPool(BUYERS * 5, CONCURRENCY, (_, agent) => send(agent, pingUrl));
  const result = {
    p50: percentile(orders, 50),
    p95: percentile(orders, 95),
    pingP50: percentile(pings, 50),
    pingP95: percentile(pings, 95),
    failed,
  };
  console.log(
    `  place order   p50 ${fmt(result.p50, 1)} ms   p95 ${fmt(result.p95, 1)} ms   ${failed} of ${BUYERS} failed`,
  );
  console.log(
    `  bare ping     p50 ${fmt(result.pingP50, 1)} ms   p95 ${fmt(result.pingP95, 1)} ms   (${BUYERS * 5} requests, same concurrency)`,
  );
  if (failed > 0) throw new Error(`${failed} of ${BUYERS} checkouts failed`);
  return result;
}

/** Section f with its own bare ping server, started beside the shop for the run. */
export async function placeOrderPart({ root, url }) {
  const ping = startProcess('ping server', process.execPath, [
    path.join(root, 'tests/bench/bare-server.mjs'),
    'ping',
  ]);
  try {
    const [, port] = await waitForLine(ping, /listening (\d+)/);
    return await placeOrderBench({ url, pingUrl: `http://127.0.0.1:${port}/` });
  } finally {
    await ping.stop();
  }
}

/** The summary's line for placing orders, beside the bare ping of the same run. */
export function placeOrderRow(order) {
  return [
    'place order p50 / p95, 20 at once',
    `${fmt(order.p50, 0)} / ${fmt(order.p95, 0)} ms`,
    `bare ping ${fmt(order.pingP50, 1)} / ${fmt(order.pingP95, 1)} ms`,
  ];
}
