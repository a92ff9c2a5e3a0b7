import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { seedDemoForms } from '#db/seed/demo-forms.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { contactForms, formSubmissions } from './forms.schema.ts';
import { SUBMISSION_RETENTION, purgeOldSubmissions } from './forms.server.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemoForms(handle.db);
});
afterAll(async () => {
  await handle.close();
});

describe('submission retention', () => {
  it('drops rejected attempts after 30 days and every message after six months', async () => {
    const db = handle.db;
    const [form] = await db.select().from(contactForms).limit(1);
    const day = 86_400_000;
    const row = (status: string, ageDays: number) => ({
      formId: form!.id,
      status: status as 'mail_sent',
      fields: { 'your-name': [status] },
      locale: 'de',
      postedDataHash: 'x',
      clientHash: 'c',
      createdAt: new Date(Date.now() - ageDays * day),
    });
    await db
      .insert(formSubmissions)
      .values([
        row('spam', 31),
        row('validation_failed', 5),
        row('mail_sent', 31),
        row('mail_failed', SUBMISSION_RETENTION.allMs / day + 1),
      ]);
    expect(await purgeOldSubmissions(db)).toBe(2);
    const left = await db.select({ status: formSubmissions.status }).from(formSubmissions);
    expect(left.map((r) => r.status).sort()).toEqual(['mail_sent', 'validation_failed']);
  });
});
