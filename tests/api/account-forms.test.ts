import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { customerTokens, customers } from '#app/domain/customers/customers.schema.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { PageClient, lastMailTo, linkIn } from '../support/account-client.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
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

/** The account forms: reset links, escaped output, hostile input, export and deletion. */

withAccountShop();

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
