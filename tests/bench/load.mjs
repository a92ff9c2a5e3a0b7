// Load generation with autocannon: every side of a pair gets the same connections, the same
// uncounted warm-up and the same counted duration, one after the other.
import autocannon from 'autocannon';

export const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
};

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Requests per second of GET `url` with `headers`. No Accept-Encoding is sent, so both sides
 * of a pair answer with the same uncompressed bytes. `countHeader` names a response header
 * whose values are tallied over the counted run.
 */
export async function measure(label, url, { headers = {}, countHeader } = {}) {
  const base = { url, headers, connections: settings.connections, timeout: 10 };
  await run({ ...base, duration: settings.warmupSeconds });
  const tally = {};
  const wanted = countHeader?.toLowerCase();
  const result = await run({
    ...base,
    duration: settings.seconds,
    setupClient: wanted
      ? (client) =>
          client.on('headers', ({ headers: raw }) => {
            // http-parser-js hands over a flat [name, value, name, value, …] list.
            let value = '(none)';
            for (let i = 0; i < raw.length; i += 2)
              if (raw[i].toLowerCase() === wanted) value = raw[i + 1];
            tally[value] = (tally[value] ?? 0) + 1;
          })
      : undefined,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 || result['2xx'] === 0) {
    throw new Error(
      `${label}: ${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (${url})`,
    );
  }
  const measured = {
    label,
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / result.requests.total,
    tally,
  };
  console.log(
    `  ${label.padEnd(34)} ${fmt(measured.rps, 0).padStart(7)} req/s   p50 ${fmt(measured.p50, 0)} ms   p99 ${fmt(measured.p99, 0)} ms   ${fmt(measured.bytesPerRequest / 1024, 1)} KB/response`,
  );
  return measured;
}

export const fmt = (n, digits) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * Latency of GET `url` (or of `paths` in turn on every connection) at a fixed concurrency,
 * counted for `seconds` or, when that yields fewer than `minSamples` responses (a side that
 * takes seconds per request), over exactly `minSamples` requests that each may take up to
 * `slowTimeout` seconds. A duration cut-off alone would drop the slowest requests and make
 * a slow side look fast. Failed responses are counted and returned, not thrown.
 */
export async function latency(
  label,
  url,
  {
    headers = {},
    paths,
    connections = 4,
    warmupSeconds = 1,
    seconds = 6,
    minSamples = 8,
    timeout = 10,
    slowTimeout = 120,
  } = {},
) {
  const base = {
    url,
    headers,
    connections,
    timeout,
    ...(paths ? { requests: paths.map((path) => ({ method: 'GET', path })) } : {}),
  };
  if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
  let result = await run({ ...base, duration: seconds });
  let counted = `${seconds} s`;
  if (result['2xx'] < minSamples) {
    result = await run({ ...base, amount: minSamples, timeout: slowTimeout });
    counted = `${minSamples} requests`;
  }
  // Status codes of the failed responses, e.g. "503 × 2".
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code} × ${count}`);
  const measured = {
    label,
    counted,
    statuses,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    timeouts: result.timeouts,
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  console.log(
    `  ${label.padEnd(34)} p50 ${fmt(measured.p50, 0).padStart(6)} ms   p99 ${fmt(measured.p99, 0).padStart(6)} ms   ${fmt(measured.rps, 1).padStart(6)} req/s   over ${counted}${measured.failed ? `   ${measured.failed} failed (${[...statuses, `${result.errors} connection errors`, `${measured.timeouts} timeouts`].join(', ')})` : ''}`,
  );
  return measured;
}
