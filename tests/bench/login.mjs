// e. Login: what a login costs next to the password hash it checks, and whether other
// shoppers are served while logins are checked (the hash runs off the main thread).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { fmt, measure } from './load.mjs';

/** The shop's argon2id parameters (ARGON2_OPTIONS; login.test.ts keeps the two equal). */
export const KDF_OPTIONS = { algorithm: 2, memoryCost: 65_536, timeCost: 3, parallelism: 1 };
/** The shop manager a development shop creates when ADMIN_EMAIL is not set. */
const MANAGER_EMAIL = 'shop-manager@example.com';
// Enough for a steady median on a shared machine: one login is about 60 ms.
const SAMPLES = 41;
const PARALLEL_LOGINS = 10;

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** `Server-Timing` durations by name (ms). */
function serverTimings(header) {
  const out = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => /^dur=([\d.]+)$/.exec(p.trim())).find(Boolean);
    if (name && dur) out[name] = Number(dur[1]);
  }
  return out;
}

/**
 * One login through the account page's form: its wall time in ms, and the shop's own account
 * of it (`Server-Timing`: the password check and the whole login, in the shop's process).
 */
async function timedLogin(base, email, password) {
  const started = performance.now();
  const res = await fetch(`${base}/my-account`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login', username: email, password }),
  });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (res.status !== 302 && res.status !== 303)
    throw new Error(`login answered ${res.status}, not a redirect`);
  const timings = serverTimings(res.headers.get('server-timing'));
  return { elapsed, shopKdf: timings.kdf, shopLogin: timings.login };
}

export async function loginBench({ url, dataDir, productUrl }) {
  const email = process.env.ADMIN_EMAIL || MANAGER_EMAIL;
  const password =
    process.env.ADMIN_PASSWORD || readFileSync(path.join(dataDir, 'admin-password'), 'utf8').trim();
  console.log(`\ne. login (${email}) vs the argon2id verification it waits for`);

  const stored = await hash(password, KDF_OPTIONS);
  await verify(stored, password);
  await timedLogin(url, email, password);
  const kdf = [];
  const logins = [];
  const shopKdf = [];
  const shopLogin = [];
  // Interleaved, so both sides see the same machine.
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await verify(stored, password);
    kdf.push(performance.now() - started);
    const login = await timedLogin(url, email, password);
    logins.push(login.elapsed);
    if (login.shopKdf !== undefined && login.shopLogin !== undefined) {
      shopKdf.push(login.shopKdf);
      shopLogin.push(login.shopLogin);
    }
  }
  const result = { kdfP50: median(kdf), loginP50: median(logins) };
  console.log(
    `  argon2id verify p50 ${fmt(result.kdfP50, 1)} ms   login p50 ${fmt(result.loginP50, 1)} ms   login / verify ${fmt((result.loginP50 / result.kdfP50) * 100, 1)} %`,
  );
  // The same logins as the shop timed them: its password check and the whole login in one
  // process at one moment, so a busy machine stretches both alike.
  if (shopLogin.length === SAMPLES) {
    result.shopKdfP50 = median(shopKdf);
    result.shopLoginP50 = median(shopLogin);
    console.log(
      `  in the shop (Server-Timing): password check p50 ${fmt(result.shopKdfP50, 1)} ms   login p50 ${fmt(result.shopLoginP50, 1)} ms   login / check ${fmt((result.shopLoginP50 / result.shopKdfP50) * 100, 1)} %`,
    );
  }

  result.quiet = await measure('product page, no logins', productUrl);
  let running = true;
  const loops = Array.from({ length: PARALLEL_LOGINS }, async () => {
    let count = 0;
    while (running) {
      await timedLogin(url, email, password);
      count += 1;
    }
    return count;
  });
  try {
    result.busy = await measure(`product page, ${PARALLEL_LOGINS} logins in flight`, productUrl);
  } finally {
    running = false;
  }
  result.loginsDuring = (await Promise.all(loops)).reduce((a, b) => a + b, 0);
  console.log(
    `  ${fmt(result.loginsDuring, 0)} logins checked meanwhile; product page with logins / without = ${fmt((result.busy.rps / result.quiet.rps) * 100, 1)} %`,
  );
  return result;
}
