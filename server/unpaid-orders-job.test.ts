import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../tests/support/database.ts';
import { JOBS, runJobIfDue } from './jobs.ts';
import { drainOutbox } from './outbox.ts';
import { jobRuns } from './jobs.schema.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-unpaid-'));
const env = parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: 'a'.repeat(40) });
const job = JOBS.find((j) => j.name === 'cancel-unpaid-orders')!;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every mail in the outbox to this address, decoded from quoted-printable. */
function mailsTo(address: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`))
    .map((m) =>
      Buffer.from(
        m
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

const run = () => runJobIfDue(handle.db, job, { env, signal: new AbortController().signal });

async function staleOrder(email: string, locale: 'de' | 'en', status: 'pending' | 'on-hold') {
  const { product } = await createProduct(handle.db, {
    name: { de: 'Teekanne', en: 'Teapot' },
    regularPrice: 1190,
  });
  const order = await createOrder(handle.db, { status, email, productIds: [product.id] });
  await handle.db
    .update(orders)
    .set({ locale, createdAt: new Date(Date.now() - 3 * 3_600_000) })
    .where(eq(orders.id, order.id));
  return order;
}

describe('the unpaid-order job', () => {
  it('mails each customer the cancellation once, in their language, even with two instances', async () => {
    const de = await staleOrder('unpaid.de@example.org', 'de', 'pending');
    const en = await staleOrder('unpaid.en@example.org', 'en', 'pending');
    const paid = await staleOrder('onhold@example.org', 'de', 'on-hold');
    const outcomes = await Promise.all([run(), run()]);
    expect(outcomes.filter((o) => o.outcome === 'ok')).toHaveLength(1);

    const rows = await handle.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [de.id, en.id, paid.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [de.id]: 'cancelled',
      [en.id]: 'cancelled',
      [paid.id]: 'on-hold',
    });

    // The cancellations queued their mails with the job's commit; the outbox sends them.
    await drainOutbox({ db: handle.db, env });
    const german = mailsTo('unpaid.de@example.org');
    expect(german).toHaveLength(1);
    expect(german[0]).toContain(
      `Subject: Ihre Bestellung ${de.number} bei Ladenzeile wurde storniert`,
    );
    expect(german[0]).toContain('weil die Zahlung nicht rechtzeitig bei uns eingegangen ist');
    expect(german[0]).toContain('Content-Type: text/plain');
    expect(german[0]).toContain('Content-Type: text/html');
    const english = mailsTo('unpaid.en@example.org');
    expect(english).toHaveLength(1);
    expect(english[0]).toContain(`Subject: Your Ladenzeile order ${en.number} has been cancelled`);
    expect(english[0]).toContain('because we did not receive its payment in time');
    expect(mailsTo('onhold@example.org')).toHaveLength(0);

    // The next due run finds nothing pending and mails nothing.
    await handle.db.delete(jobRuns).where(eq(jobRuns.name, job.name));
    expect((await run()).outcome).toBe('ok');
    await drainOutbox({ db: handle.db, env });
    expect(mailsTo('unpaid.de@example.org')).toHaveLength(1);
    expect(mailsTo('unpaid.en@example.org')).toHaveLength(1);
  });

  it('mails nothing when the run is rolled back', async () => {
    const order = await staleOrder('rolled.back@example.org', 'en', 'pending');
    await handle.db.delete(jobRuns).where(eq(jobRuns.name, job.name));
    const failing = {
      ...job,
      run: async (ctx: Parameters<typeof job.run>[0]) => {
        await job.run(ctx);
        throw new Error('the run broke after cancelling');
      },
    };
    const attempt = await runJobIfDue(handle.db, failing, {
      env,
      signal: new AbortController().signal,
    });
    expect(attempt.outcome).toBe('failed');
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');
    await drainOutbox({ db: handle.db, env });
    expect(mailsTo('rolled.back@example.org')).toHaveLength(0);
  });
});
