import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemoCatalog } from '#db/seed/seed.ts';
import { startTestShop } from '../support/shop.ts';

/** One shop with the demo catalog for all browser tests; each test uses its own browser context (own session). */
export default async function setup(project: TestProject) {
  const shop = await startTestShop();
  await seedDemoCatalog(shop.database.db, { mediaDir: path.join(shop.dataDir, 'media') });
  project.provide('shopUrl', shop.url);
  return async () => {
    await shop.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
  }
}
