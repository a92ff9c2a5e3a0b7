import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { PageClient, lastMailTo, linkIn } from '../support/account-client.ts';
import {
  shop,
  PASSWORD,
  email,
  customer,
  login,
  answer,
  ADDRESS_UNLIMITED,
  withAccountShop,
} from '../support/account-shop.ts';

/** Logging in over HTTP: no account enumeration, hashing off the main thread, the throttle. */

withAccountShop();

describe('no account enumeration', () => {
  it('answers a wrong password and an unknown address alike', async () => {
    const known = await customer();
    const wrong = await answer(await login(new PageClient(shop.url), known, 'falsch-falsch'));
    const unknown = await answer(await login(new PageClient(shop.url), email(), 'falsch-falsch'));
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(400);
    expect(wrong.notices.join()).toContain('Die E-Mail-Adresse oder das Passwort ist falsch.');
  });

  it('answers a reset request alike for known and unknown addresses, mailing only the owner', async () => {
    const known = await customer();
    const other = email();
    const a = await new PageClient(shop.url).post('/my-account/lost-password', {
      intent: 'lost_password',
      user_login: known,
    });
    const b = await new PageClient(shop.url).post('/my-account/lost-password', {
      intent: 'lost_password',
      user_login: other,
    });
    expect(await answer(a, known)).toEqual(await answer(b, other));
    await vi.waitFor(() => expect(lastMailTo(shop.dataDir, known)).toBeDefined());
    expect(lastMailTo(shop.dataDir, other)).toBeUndefined();
  });

  it('answers a registration alike for a new and a taken address (double opt-in)', async () => {
    const taken = await customer();
    const fresh = email();
    const a = await new PageClient(shop.url).post('/my-account', {
      intent: 'register',
      email: taken,
      password: PASSWORD,
    });
    const b = await new PageClient(shop.url).post('/my-account', {
      intent: 'register',
      email: fresh,
      password: PASSWORD,
    });
    expect(await answer(a, taken)).toEqual(await answer(b, fresh));
    await vi.waitFor(() => {
      expect(lastMailTo(shop.dataDir, taken)?.text).toContain('bereits ein Konto');
      expect(lastMailTo(shop.dataDir, fresh)?.text).toContain('/my-account/activate?key=');
    });
  });

  it('activates only from the link page’s button, once: opening the link changes nothing', async () => {
    const fresh = email();
    await new PageClient(shop.url).post('/my-account', {
      intent: 'register',
      email: fresh,
      password: PASSWORD,
    });
    let link = '';
    await vi.waitFor(() => {
      link = linkIn(lastMailTo(shop.dataDir, fresh)?.text ?? '', '/my-account/activate?key=');
    });
    const status = async () =>
      (await shop.database.db.select().from(customers).where(eq(customers.email, fresh)))[0]!
        .status;
    const path = new URL(link).pathname + new URL(link).search;
    // A mail scanner fetching the link twice: still pending, and the page offers the button.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${shop.url}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<button[^>]*>Konto aktivieren<\/button>/);
    }
    expect(await status()).toBe('pending');
    const key = new URL(link).searchParams.get('key')!;
    const used = await new PageClient(shop.url).post(path, { key });
    expect(await used.text()).toContain('Ihr Konto ist aktiviert');
    expect(await status()).toBe('active');
    const again = await new PageClient(shop.url).post(path, { key });
    expect(await again.text()).toContain('ungültig, abgelaufen');
    for (const hostile of ['a'.repeat(10_000), 'x\u0000y', '']) {
      const res = await new PageClient(shop.url).post(path, { key: hostile });
      expect(res.status).toBeLessThan(500);
    }
  });

  it('takes about as long for an unknown address as for a wrong password', async () => {
    const known = await customer();
    const time = async (address: string) => {
      const started = performance.now();
      await login(new PageClient(shop.url), address, 'falsch-falsch');
      return performance.now() - started;
    };
    await time(email());
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 4; i++) {
      knownTimes.push(await time(known));
      unknownTimes.push(await time(email()));
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[list.length / 2]!;
    // Both pay for one argon2id verification (the bulk of the time); skipping it for unknown
    // addresses would make them several times faster. A ratio, never an absolute time.
    const ratio = median(knownTimes) / median(unknownTimes);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('hashing off the main thread', () => {
  it('keeps serving product pages while ten logins are checked', async () => {
    const LOGINS = 10;
    const known = await customer();
    const product = (await (await fetch(`${shop.url}/shop`)).text()).match(
      /href="(\/product\/[^"]+)"/,
    )![1]!;
    const page = async () => (await fetch(shop.url + product)).arrayBuffer();
    await page();
    let loginsAnswered = 0;
    const logins = Promise.all(
      Array.from({ length: LOGINS }, async () => {
        const res = await login(new PageClient(shop.url), known);
        loginsAnswered += 1;
        return res.status;
      }),
    );
    // One page after another while the hashes run; a page counts only if its answer came
    // before the last login's. Hashes on the main thread would let at most about one page
    // through between two logins; in the pool the pages keep coming.
    let pagesWhileHashing = 0;
    let firstPageBeforeFirstLogin = false;
    while (loginsAnswered < LOGINS) {
      const loginsBefore = loginsAnswered;
      await page();
      if (loginsAnswered < LOGINS) pagesWhileHashing += 1;
      if (pagesWhileHashing === 1 && loginsBefore === 0 && loginsAnswered === 0) {
        firstPageBeforeFirstLogin = true;
      }
    }
    expect(await logins).toEqual(Array.from({ length: LOGINS }, () => 302));
    expect(firstPageBeforeFirstLogin).toBe(true);
    expect(pagesWhileHashing).toBeGreaterThan(2 * LOGINS);
    console.log(`${pagesWhileHashing} product pages answered while ${LOGINS} logins were checked`);
  });
});

describe('login throttle', () => {
  it('refuses further logins after repeated failures, with a clear message and 429', async () => {
    const known = await customer();
    for (let i = 0; i < 5; i++) await login(new PageClient(shop.url), known, `falsch-${i}`);
    const blocked = await login(new PageClient(shop.url), known);
    const { status, notices } = await answer(blocked);
    expect(status).toBe(429);
    expect(notices.join()).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
  });

  it('throttles an address without an account exactly like one with an account', async () => {
    const blockedAnswer = async (address: string) => {
      for (let i = 0; i < 5; i++) await login(new PageClient(shop.url), address, `falsch-${i}`);
      const res = await login(new PageClient(shop.url), address);
      return { status: res.status, page: (await res.text()).replaceAll(address, '…') };
    };
    const known = await blockedAnswer(await customer());
    const unknown = await blockedAnswer(email());
    expect(known.status).toBe(429);
    expect(known.page).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    // The whole page, not just the notice: any difference would tell that the address exists.
    expect(unknown).toEqual(known);
  });

  it('refuses a client address that tried too many accounts', async () => {
    const db = shop.database.db;
    await putSetting(db, ACCOUNT_SETTINGS_KEY, {
      throttle: { ...ADDRESS_UNLIMITED.throttle, perAddress: 3 },
    });
    try {
      for (let i = 0; i < 3; i++) await login(new PageClient(shop.url), email(), 'falsch');
      const known = await customer();
      expect((await login(new PageClient(shop.url), known)).status).toBe(429);
    } finally {
      await putSetting(db, ACCOUNT_SETTINGS_KEY, ADDRESS_UNLIMITED);
    }
  });
});
