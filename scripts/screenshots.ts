// Screenshots of the main pages at desktop and phone width, for a look by eye.
// Usage: npx tsx scripts/screenshots.ts http://localhost:3000 out-dir [path ...]
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../tests/support/chromium.ts';

const [base = 'http://localhost:3000', out = 'test-results/screenshots', ...paths] =
  process.argv.slice(2);
const targets = paths.length ? paths : ['/', '/shop', '/cart'];
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // SHOT_COOKIE="sid=…" shows the pages as that session sees them (a filled cart, say).
  if (process.env.SHOT_COOKIE) {
    const [name = '', value = ''] = process.env.SHOT_COOKIE.split('=');
    await context.addCookies([{ name, value, url: base }]);
  }
  const page = await context.newPage();
  for (const path of targets) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `${width}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(`${out}/${name}`);
  }
  await context.close();
}
await browser.close();
