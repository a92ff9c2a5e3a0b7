import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemoCatalog } from '#db/seed/seed.ts';
import { seedDemoForms } from '#db/seed/demo-forms.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { launchChromiumServer } from '../support/chromium.ts';
import { startTestShop } from '../support/shop.ts';

type SharedShop = {
  url: string;
  dataDir: string;
  browserEndpoint: string;
  users: number;
  close: () => Promise<void>;
};
const KEY = Symbol.for('ladenzeile.e2e.sharedShop');
const registry = globalThis as unknown as Record<symbol, Promise<SharedShop> | undefined>;

async function startSharedShop(): Promise<SharedShop> {
  const shop = await startTestShop();
  await seedDemoCatalog(shop.database.db, { mediaDir: path.join(shop.dataDir, 'media') });
  await seedDemoForms(shop.database.db);
  await seedDemoShipping(shop.database.db);
  await seedDemoCheckout(shop.database.db);
  // Every browser test posts from 127.0.0.1: the per-address limit would stop the later ones.
  await putSetting(shop.database.db, 'forms.rate_limit', { submissions: 1000, windowMs: 600_000 });
  // The same for the login throttle's per-address limit; the per-account limit stays.
  await putSetting(shop.database.db, 'accounts', {
    throttle: { perAccount: 5, perAddress: 100_000, windowMinutes: 15 },
  });
  const browser = await launchChromiumServer();
  return {
    url: shop.url,
    dataDir: shop.dataDir,
    browserEndpoint: browser.wsEndpoint(),
    users: 0,
    close: async () => {
      await browser.close();
      await shop.close();
    },
  };
}

/**
 * One shop with the demo catalog and one Chromium for all browser tests; each test uses its own
 * browser context (own session). Both test projects (shared and alone) run this setup in the same process: the
 * first starts the shop, the last to finish closes it.
 */
export default async function setup(project: TestProject) {
  const shop = await (registry[KEY] ??= startSharedShop());
  shop.users++;
  project.provide('shopUrl', shop.url);
  project.provide('shopDataDir', shop.dataDir);
  project.provide('browserEndpoint', shop.browserEndpoint);
  return async () => {
    if (--shop.users > 0) return;
    registry[KEY] = undefined;
    await shop.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    /** Where the shop writes its mails (outbox), for journeys that follow a mailed link. */
    shopDataDir: string;
    /** The Chromium every browser test file connects to. */
    browserEndpoint: string;
  }
}
