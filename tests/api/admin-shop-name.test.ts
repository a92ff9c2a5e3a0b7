// The shop's display name through the shop section's no-JS form: saved with its audit entry,
// refused when hostile, and followed at once by the storefront (titles, logo, footer, share
// previews, search data) and the mails, past the render cache.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { SHOP_NAME_SETTING } from '#app/domain/settings/shop-name.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { PageClient, lastMailTo } from '../support/account-client.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { alertOf, expectRefusedBesideField } from '../support/settings-forms.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
const http = customerRequests(() => shop.url);
const SHOP = '/admin/settings/shop';

beforeAll(async () => {
  // Pages are kept as in production: a rename must not leave the old name in kept pages.
  shop = await startTestShop({ renderCacheSeconds: 30 });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

const FORM = {
  shop_name: 'Ladenzeile',
  owner_name: 'Kerzenwerk Lindner GmbH',
  owner_street: 'Am Markt 3',
  owner_postcode: '04109',
  owner_city: 'Leipzig',
  owner_country: 'DE',
  owner_email: 'info@kerzenwerk.example',
  owner_phone: '',
  owner_vat_id: '',
  owner_register: '',
  owner_representative: '',
  notice_de: '',
  notice_en: '',
};

async function storedName() {
  const [row] = await db().select().from(settings).where(eq(settings.key, SHOP_NAME_SETTING));
  return row?.value;
}

const page = async (path: string, lang = 'de') =>
  (await fetch(shop.url + path, { headers: { cookie: `lang=${lang}` } })).text();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
const decoded = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27);/g, (_, e) => ENTITIES[e]!);

/** Every place of a page that names the shop, as text. */
function namedIn(html: string) {
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .flatMap((m) => JSON.parse(m[1]!) as unknown)
    .flat() as { '@type'?: string; name?: string }[];
  return {
    title: decoded(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    logo: decoded(/class="logo-text">([^<]*)</.exec(html)?.[1] ?? ''),
    logoName: decoded(
      (/class="logo"[^>]*?aria-label="([^"]*)"/.exec(html) ??
        /aria-label="([^"]*)"[^>]*?class="logo"/.exec(html))?.[1] ?? '',
    ),
    siteName: decoded(/property="og:site_name" content="([^"]*)"/.exec(html)?.[1] ?? ''),
    website: jsonLd.find((d) => d['@type'] === 'WebSite')?.name ?? '',
    footer: decoded(/<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''),
  };
}

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  const res = await http.post(manager, SHOP, { ...FORM, security: nonceOf(manager) });
  expect(res.status).toBe(302);
});

describe('the shop name', () => {
  it('starts as Ladenzeile and is shown with its field on the settings page', async () => {
    const html = await (await http.get(manager, SHOP)).text();
    expect(html).toMatch(/<label[^>]*for="setting-shop-name"[^>]*>Name des Shops/);
    expect(html).toMatch(/id="setting-shop-name"[^>]*value="Ladenzeile"/);
    const home = namedIn(await page('/'));
    expect(home.logo).toBe('Ladenzeile');
    expect(home.siteName).toBe('Ladenzeile');
    expect(home.website).toBe('Ladenzeile');
  });

  it('renames the storefront in both languages at once, past kept pages, with one audit entry', async () => {
    // Kept before the rename.
    for (const lang of ['de', 'en']) {
      await page('/', lang);
      await page('/shop', lang);
    }
    const before = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, SHOP_NAME_SETTING)));
    const res = await http.post(manager, SHOP, {
      ...FORM,
      shop_name: '  Kerzenwerk & Söhne <Leipzig> ',
      security: nonceOf(manager),
    });
    expect(res.headers.get('location')).toBe(`${SHOP}?saved=yes`);
    expect(await storedName()).toBe('Kerzenwerk & Söhne <Leipzig>');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, SHOP_NAME_SETTING)));
    expect(audit.length).toBe(before.length + 1);
    expect(audit.at(-1)).toMatchObject({ after: { value: 'Kerzenwerk & Söhne <Leipzig>' } });

    const name = 'Kerzenwerk & Söhne <Leipzig>';
    for (const lang of ['de', 'en']) {
      const html = await page('/', lang);
      const home = namedIn(html);
      expect(home.title).toContain(name);
      expect(home.logo).toBe(name);
      expect(home.logoName).toContain(name);
      expect(home.siteName).toBe(name);
      expect(home.website).toBe(name);
      expect(home.footer).toContain(name);
      expect(html).not.toContain('Ladenzeile');
      const list = namedIn(await page('/shop', lang));
      expect(list.title).toMatch(/\| Kerzenwerk & Söhne <Leipzig>$/);
    }
    // The settings page shows the change, the old and the new name.
    const settingsPage = decoded(await (await http.get(manager, SHOP)).text());
    expect(settingsPage).toContain(`<td>Name des Shops</td><td>Ladenzeile</td><td>${name}</td>`);
  });

  it('signs the account mails and names their sender with it', async () => {
    await http.post(manager, SHOP, {
      ...FORM,
      shop_name: 'Wachszieherei Möller',
      security: nonceOf(manager),
    });
    const customer = await signedInCustomer(db());
    await new PageClient(shop.url).post('/my-account/lost-password', {
      intent: 'lost_password',
      user_login: customer.customer.email,
    });
    let mail: ReturnType<typeof lastMailTo>;
    await vi.waitFor(() => {
      mail = lastMailTo(shop.dataDir, customer.customer.email);
      expect(mail).toBeDefined();
    });
    expect(mail!.header('from')).toMatch(/^"?Wachszieherei Möller"? </);
    expect(mail!.header('subject')).toContain('Wachszieherei Möller');
    expect(mail!.text).toContain('Wachszieherei Möller');
    expect(mail!.text).not.toContain('Ladenzeile');
  });

  it('keeps the name when a form without the field is saved', async () => {
    await http.post(manager, SHOP, {
      ...FORM,
      shop_name: 'Kerzenstube',
      security: nonceOf(manager),
    });
    const { shop_name: _left, ...withoutName } = FORM;
    const res = await http.post(manager, SHOP, {
      ...withoutName,
      owner_city: 'Halle',
      security: nonceOf(manager),
    });
    expect(res.headers.get('location')).toBe(`${SHOP}?saved=yes`);
    expect(await storedName()).toBe('Kerzenstube');
  });

  it('refuses hostile names with a message beside the field and stores nothing', async () => {
    await http.post(manager, SHOP, {
      ...FORM,
      shop_name: 'Kerzenstube',
      security: nonceOf(manager),
    });
    const post = (body: string) => http.post(manager, SHOP, body);
    const form = (name: string) =>
      new URLSearchParams({ ...FORM, shop_name: name, security: nonceOf(manager) }).toString();
    await expectRefusedBesideField(post, [
      [form(''), 'shop-name', 'Füllen Sie dieses Feld aus'],
      [form('   '), 'shop-name', 'Füllen Sie dieses Feld aus'],
      [form('x'.repeat(81)), 'shop-name', 'höchstens 80 Zeichen'],
      [form(TEN_KB), 'shop-name', 'höchstens 80 Zeichen'],
      [form('Kerzen\nstube'), 'shop-name', 'Steuerzeichen'],
      [form('Kerzen\tstube'), 'shop-name', 'Steuerzeichen'],
      [form('Kerzen\u0007stube'), 'shop-name', 'Steuerzeichen'],
      [form('Kerzen\u202estube'), 'shop-name', 'Steuerzeichen'],
      [form('Kerzen\u200bstube'), 'shop-name', 'Steuerzeichen'],
      [form('Kerzen\u0000stube'), 'shop-name', 'Steuerzeichen'],
      [`${form('Eins')}&shop_name=Zwei`, 'shop-name', 'mehrfach'],
    ]);
    const arrayStyle = await post(`${form('Eins')}&shop_name[]=Zwei`);
    expect(arrayStyle.status).toBe(400);
    expect(alertOf(await arrayStyle.text())).toContain('mehrfach');
    // Exactly 80 characters fit.
    const longest = await post(form('K'.repeat(80)));
    expect(longest.status).toBe(302);
    expect(await storedName()).toBe('K'.repeat(80));
  });

  it('refuses the form to everyone but staff', async () => {
    const customer = await signedInCustomer(db());
    const before = await storedName();
    for (const cookie of ['', customer.cookie]) {
      const res = await http.post({ cookie }, SHOP, { ...FORM, shop_name: 'Übernommen' });
      expect(res.status).toBe(404);
    }
    expect(await storedName()).toBe(before);
  });
});
