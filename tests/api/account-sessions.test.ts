import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { PageClient } from '../support/account-client.ts';
import {
  shop,
  PASSWORD,
  email,
  productId,
  customer,
  login,
  withAccountShop,
} from '../support/account-shop.ts';

/** Sessions of a login: rotation, remember me, logout, the way back and the shared header. */

withAccountShop();

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
