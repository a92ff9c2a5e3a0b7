import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { customerTokens, customers } from '#app/domain/customers/customers.schema.ts';
import { hashPassword } from '#app/domain/customers/passwords.server.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { PageClient, lastMailTo, linkIn } from '../support/account-client.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

/**
 * The account forms over HTTP as a browser without scripts posts them: no account
 * enumeration, throttling, session rotation, single-use links, escaped output and hostile input.
 */

let shop: TestShop;
const PASSWORD = 'Kaffee-Tasse-Mond-7';
let counter = 0;
const email = () => `kunde${++counter}.${process.pid}@example.org`;
let productId: number;

async function customer(address = email(), fields: Partial<typeof customers.$inferInsert> = {}) {
  await shop.database.db.insert(customers).values({
    email: address,
    passwordHash: await hashPassword(PASSWORD),
    displayName: 'Erika',
    ...fields,
  });
  return address;
}

async function login(client: PageClient, address: string, password = PASSWORD) {
  return client.post('/my-account', { intent: 'login', username: address, password });
}

/** The notices and status of an answer, without the parts that differ by nature (the address). */
async function answer(res: Response, address?: string) {
  const html = await res.text();
  const notices = [...html.matchAll(/class="notice notice-(\w+)"[^>]*>(.*?)<\/div>/g)].map(
    (m) => `${m[1]}: ${m[2]}`,
  );
  return {
    status: res.status,
    notices: address ? notices.map((n) => n.replace(address, '…')) : notices,
  };
}

beforeAll(async () => {
  shop = await startTestShop({ renderCacheSeconds: 5 });
  const product = await createProduct(shop.database.db, {
    name: { de: 'Tee', en: 'Tea' },
    regularPrice: 499,
  });
  productId = product.product.id;
  // Every request comes from 127.0.0.1: only the test of the address limit lowers it.
  await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, ADDRESS_UNLIMITED);
}, 120_000);

const ADDRESS_UNLIMITED = { throttle: { perAccount: 5, perAddress: 100_000, windowMinutes: 15 } };

afterAll(async () => {
  await shop?.close();
});

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

describe('sessions', () => {
  it('gives a new session id on login; the old one is dead and the cart came along', async () => {
    const known = await customer();
    const client = new PageClient(shop.url);
    await client.post('/cart', { intent: 'add', product_id: String(productId), quantity: '2' });
    const before = client.sid!;
    expect(before).toBeDefined();
    const res = await login(client, known);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/my-account');
    expect(client.sid).toBeDefined();
    expect(client.sid).not.toBe(before);
    const old = new PageClient(shop.url);
    old.cookies.set('sid', before);
    const oldPage = await (await old.get('/my-account')).text();
    expect(oldPage).toContain('name="intent" value="login"');
    const page = await (await client.get('/my-account')).text();
    expect(page).toContain('Hallo Erika!');
    const cart = await (await client.get('/cart')).text();
    expect(cart).toMatch(/value="2"/);
  });

  it('leaves no session behind after a wrong password for a known account', async () => {
    const known = await customer();
    const [row] = await shop.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, known));
    const count = async () =>
      (await shop.database.db.select().from(sessions).where(eq(sessions.customerId, row!.id)))
        .length;
    expect((await login(new PageClient(shop.url), known, 'falsch-falsch')).status).toBe(400);
    expect(await count()).toBe(0);
    const client = new PageClient(shop.url);
    const res = await login(client, known);
    expect(res.status).toBe(302);
    expect(await count()).toBe(1);
    // Neither a guest cart nor a saved one: the cart cookies are cleared, the cart is empty.
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('woocommerce_items_in_cart='))).toMatch(/Max-Age=0/);
    expect(await (await client.get('/my-account')).text()).toContain('Hallo Erika!');
  });

  it('keeps a "remember me" login for 30 days, otherwise for the browser session', async () => {
    const known = await customer();
    const remembered = await new PageClient(shop.url).post('/my-account', {
      intent: 'login',
      username: known,
      password: PASSWORD,
      rememberme: 'forever',
    });
    const sid = remembered.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/Max-Age=2592000/);
    const brief = await login(new PageClient(shop.url), known);
    const briefSid = brief.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(briefSid).not.toMatch(/Max-Age/);
  });

  it('logs out only by POST with the token, keeping the cart for the next login', async () => {
    const known = await customer();
    const client = new PageClient(shop.url);
    await login(client, known);
    await client.post('/cart', { intent: 'add', product_id: String(productId), quantity: '3' });
    const refused = await client.post('/my-account/logout', { security: 'x'.repeat(32) });
    expect(refused.status).toBe(403);
    const security = await client.security();
    const sid = client.sid!;
    const done = await client.post('/my-account/logout', { security });
    expect(done.status).toBe(302);
    expect(client.sid).toBeUndefined();
    const old = new PageClient(shop.url);
    old.cookies.set('sid', sid);
    expect(await (await old.get('/my-account')).text()).toContain('value="login"');
    const again = new PageClient(shop.url);
    await login(again, known);
    expect(await (await again.get('/cart')).text()).toMatch(/value="3"/);
  });

  it('ends other sessions on a password change and rotates the current one', async () => {
    const known = await customer();
    const laptop = new PageClient(shop.url);
    const phone = new PageClient(shop.url);
    await login(laptop, known);
    await login(phone, known);
    const before = laptop.sid;
    const res = await laptop.post('/my-account/edit-account', {
      intent: 'save_account',
      security: await laptop.security(),
      account_first_name: 'Erika',
      account_last_name: 'Muster',
      account_display_name: 'Erika',
      account_email: known,
      password_current: PASSWORD,
      password_1: 'Neues-Fahrrad-Winter-42',
      password_2: 'Neues-Fahrrad-Winter-42',
    });
    expect(res.status).toBe(200);
    expect(laptop.sid).not.toBe(before);
    expect(await (await laptop.get('/my-account')).text()).toContain('Hallo Erika!');
    expect(await (await phone.get('/my-account')).text()).toContain('value="login"');
  });
});

describe('returning after login', () => {
  /** The login form's hidden return path on `/my-account?redirect_to=…`. */
  async function formTarget(client: PageClient, wanted: string) {
    const html = await (
      await client.get(`/my-account?redirect_to=${encodeURIComponent(wanted)}`)
    ).text();
    const field = /<input type="hidden" name="redirect_to" value="([^"]*)"/.exec(html);
    expect(field, 'the login form has its return path').not.toBeNull();
    return field![1]!.replaceAll('&amp;', '&');
  }

  it('goes back to the page the shopper came from (the wallet’s login question)', async () => {
    const known = await customer();
    const client = new PageClient(shop.url);
    const back = '/product/tee?attribute_farbe=rot&x=1#reviews';
    const target = await formTarget(client, back);
    expect(target).toBe(back);
    const res = await client.post('/my-account', {
      intent: 'login',
      username: known,
      password: PASSWORD,
      redirect_to: target,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/product/tee?attribute_farbe=rot&x=1');
  });

  it('ignores every return path that is not a path on this site', async () => {
    const hostile = [
      '//evil.example',
      '//evil.example/my-account',
      'https://evil.example',
      'http://evil.example/product/x',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /product/x',
      '/\t/evil.example',
      '/\n/evil.example',
      'evil.example',
      '',
    ];
    for (const wanted of hostile) {
      const client = new PageClient(shop.url);
      expect(await formTarget(client, wanted), wanted).toBe('/my-account');
      // Posted straight to the login, the server does not follow it either.
      const known = await customer();
      const res = await client.post('/my-account', {
        intent: 'login',
        username: known,
        password: PASSWORD,
        redirect_to: wanted,
      });
      expect(res.status, wanted).toBe(302);
      expect(res.headers.get('location'), wanted).toBe('/my-account');
    }
  });
});

describe('reset links', () => {
  async function resetLink(address: string) {
    await new PageClient(shop.url).post('/my-account/lost-password', {
      intent: 'lost_password',
      user_login: address,
    });
    let link = '';
    await vi.waitFor(() => {
      link = linkIn(lastMailTo(shop.dataDir, address)!.text, '/my-account/lost-password?key=');
    });
    return new URL(link);
  }

  it('works once', async () => {
    const known = await customer();
    const link = await resetLink(known);
    const key = link.searchParams.get('key')!;
    const client = new PageClient(shop.url);
    const form = await (await client.get(link.pathname + link.search)).text();
    expect(form).toContain('name="password_1"');
    const fields = {
      intent: 'reset_password',
      key,
      password_1: 'Neues-Fahrrad-Winter-42',
      password_2: 'Neues-Fahrrad-Winter-42',
    };
    const first = await client.post('/my-account/lost-password', fields);
    expect(first.status).toBe(302);
    const second = await client.post('/my-account/lost-password', fields);
    expect((await answer(second)).notices.join()).toContain('wurde schon benutzt');
    expect(second.status).toBe(400);
    expect((await login(new PageClient(shop.url), known, 'Neues-Fahrrad-Winter-42')).status).toBe(
      302,
    );
  });

  it('works once when its form is sent several times at the same moment', async () => {
    const known = await customer();
    const link = await resetLink(known);
    const key = link.searchParams.get('key')!;
    const passwords = [
      'Neues-Fahrrad-Winter-40',
      'Neues-Fahrrad-Winter-41',
      'Neues-Fahrrad-Winter-42',
    ];
    const answers = await Promise.all(
      passwords.map(async (password) =>
        answer(
          await new PageClient(shop.url).post('/my-account/lost-password', {
            intent: 'reset_password',
            key,
            password_1: password,
            password_2: password,
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 302)) {
      expect(refused.status).toBe(400);
      expect(refused.notices.join()).toContain('wurde schon benutzt');
    }
    const winner = passwords[answers.findIndex((a) => a.status === 302)]!;
    for (const password of passwords) {
      const res = await login(new PageClient(shop.url), known, password);
      expect(res.status, password).toBe(password === winner ? 302 : 400);
    }
  });

  it('is refused after an hour', async () => {
    const known = await customer();
    const link = await resetLink(known);
    await shop.database.db
      .update(customerTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${customerTokens.customerId} = (select id from customers where email = ${known})`);
    const page = await (await new PageClient(shop.url).get(link.pathname + link.search)).text();
    expect(page).not.toContain('name="password_1"');
    expect(page).toContain('abgelaufen');
    const post = await new PageClient(shop.url).post('/my-account/lost-password', {
      intent: 'reset_password',
      key: link.searchParams.get('key')!,
      password_1: 'Neues-Fahrrad-Winter-42',
      password_2: 'Neues-Fahrrad-Winter-42',
    });
    expect(post.status).toBe(400);
  });
});

describe('escaped output', () => {
  const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

  it('shows names and addresses as text in pages and mails', async () => {
    const known = await customer();
    const client = new PageClient(shop.url);
    await login(client, known);
    const security = await client.security();
    const saved = await client.post('/my-account/edit-account', {
      intent: 'save_account',
      security,
      account_first_name: XSS,
      account_last_name: XSS,
      account_display_name: XSS,
      account_email: `neu.${known}`,
    });
    expect(saved.status).toBe(200);
    await client.post('/my-account/edit-address', {
      address_type: 'billing',
      security,
      billing_first_name: XSS,
      billing_last_name: 'Muster',
      billing_country: 'DE',
      billing_address_1: XSS,
      billing_postcode: '10115',
      billing_city: 'Berlin',
    });
    for (const path of [
      '/my-account',
      '/my-account/edit-account',
      '/my-account/edit-address',
      '/shop',
    ]) {
      const html = await (await client.get(path)).text();
      expect(html, path).not.toContain('<script>alert(1)');
      expect(html, path).not.toContain('<img src=x');
    }
    expect(await (await client.get('/my-account')).text()).toContain(
      '&lt;script>alert(1)&lt;/script>',
    );
    await vi.waitFor(() => expect(lastMailTo(shop.dataDir, `neu.${known}`)).toBeDefined());
    const mail = lastMailTo(shop.dataDir, `neu.${known}`)!;
    expect(mail.contentType).toMatch(/^text\/plain/);
    expect(mail.text).toContain(XSS);
  });
});

describe('hostile input', () => {
  it('answers every hostile value in every account form with a clear 4xx or a redirect', async () => {
    const known = await customer();
    const client = new PageClient(shop.url);
    await login(client, known);
    const security = await client.security();
    const forms: [string, Record<string, string>][] = [
      ['/my-account', { intent: 'login', username: known, password: 'x' }],
      ['/my-account', { intent: 'register', email: email(), password: PASSWORD }],
      ['/my-account/lost-password', { intent: 'lost_password', user_login: known }],
      [
        '/my-account/lost-password',
        { intent: 'reset_password', key: 'k', password_1: 'a', password_2: 'a' },
      ],
      [
        '/my-account/edit-account',
        {
          intent: 'save_account',
          security,
          account_first_name: 'A',
          account_last_name: 'B',
          account_display_name: 'C',
          account_email: known,
        },
      ],
      ['/my-account/edit-address', { address_type: 'shipping', security, shipping_country: 'DE' }],
    ];
    for (const [path, fields] of forms) {
      for (const name of Object.keys(fields).filter((k) => k !== 'security')) {
        for (const hostile of HOSTILE_VALUES) {
          const value = hostile.value;
          const sent = Array.isArray(value)
            ? { ...fields, [name]: value.map(String) }
            : { ...fields, [name]: typeof value === 'string' ? value : JSON.stringify(value) };
          const res = await client.post(path, sent);
          await res.arrayBuffer();
          expect(res.status, `${path} ${name} ${hostile.label}`).toBeLessThan(500);
        }
      }
    }
    // Still logged in and working after all of it.
    expect(await (await client.get('/my-account')).text()).toContain('Hallo');
  }, 120_000);

  it('refuses a NUL byte and a 10 kB login without touching the database', async () => {
    const nul = await login(new PageClient(shop.url), 'a\u0000b@example.org');
    expect(nul.status).toBe(400);
    const long = await login(new PageClient(shop.url), `${TEN_KB}@example.org`, TEN_KB);
    expect(long.status).toBe(400);
  });
});

describe('the header on shared pages', () => {
  it('shows each visitor their own account state and nothing of anyone else', async () => {
    const known = await customer(email(), { displayName: 'Zeynep Ö.' });
    const member = new PageClient(shop.url);
    await login(member, known);
    const guest = new PageClient(shop.url);
    await guest.post('/cart', { intent: 'add', product_id: String(productId), quantity: '1' });
    const anonymous = new PageClient(shop.url);
    const page = async (client: PageClient) => (await client.get('/shop')).text();
    const first = await page(anonymous);
    const [mine, theirs, nobody] = [await page(member), await page(guest), await page(anonymous)];
    expect(mine).toContain('is-logged-in');
    expect(mine).toContain('Zeynep Ö.');
    for (const html of [theirs, nobody, first]) {
      expect(html).not.toContain('Zeynep');
      expect(html).not.toContain('is-logged-in');
    }
    const outside = (html: string) =>
      html
        .replace(/<div data-personal="header-(cart|account)"[\s\S]*?<\/nav>/, '')
        .replace(/<script type="application\/json" id="personal-data">[\s\S]*?<\/script>/, '');
    expect(outside(mine)).toBe(outside(nobody));
    expect(outside(theirs)).toBe(outside(nobody));
  });
});

describe('deletion and export', () => {
  it('exports the account as JSON and deletes it with the password', async () => {
    const known = await customer();
    const client = new PageClient(shop.url);
    await login(client, known);
    const security = await client.security();
    expect((await client.post('/my-account/export', { security: 'y'.repeat(32) })).status).toBe(
      403,
    );
    const exported = await client.post('/my-account/export', { security });
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".+\.json"$/,
    );
    expect(((await exported.json()) as any).account.email).toBe(known);
    const wrong = await client.post('/my-account/edit-account', {
      intent: 'delete_account',
      security,
      delete_password: 'nein',
    });
    expect(wrong.status).toBe(400);
    const deleted = await client.post('/my-account/edit-account', {
      intent: 'delete_account',
      security,
      delete_password: PASSWORD,
    });
    expect(deleted.status).toBe(302);
    const rows = await shop.database.db.select().from(customers).where(eq(customers.email, known));
    expect(rows).toEqual([]);
    const left = await shop.database.db.select().from(sessions).where(eq(sessions.idHash, 'x'));
    expect(left).toEqual([]);
    expect((await login(new PageClient(shop.url), known)).status).toBe(400);
  });

  it('logs straight in after registering when double opt-in is off', async () => {
    await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, {
      ...ADDRESS_UNLIMITED,
      doubleOptIn: false,
    });
    try {
      const client = new PageClient(shop.url);
      const res = await client.post('/my-account', {
        intent: 'register',
        email: email(),
        password: PASSWORD,
      });
      expect(res.status).toBe(302);
      expect(await (await client.get('/my-account')).text()).toContain('Ihr Konto wurde angelegt');
    } finally {
      await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, ADDRESS_UNLIMITED);
    }
  });
});
