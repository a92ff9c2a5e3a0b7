import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db.server.ts';
import { parseEnv } from './env.server.ts';
import { eq } from 'drizzle-orm';
import { carts } from '#app/domain/cart/cart.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import {
  CART_TOKEN_SECONDS,
  cartToken,
  ensureSession,
  hashSessionId,
  sessionFromCartToken,
  verifyCartToken,
  purgeExpiredSessions,
  readSession,
  sessionNonce,
  verifyNonce,
} from './session.server.ts';
import { openTestDatabase } from '../../tests/support/database.ts';

let handle: DatabaseHandle;
const env = parseEnv({ DATA_DIR: '/tmp', SESSION_SECRET: 'a'.repeat(40) });

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('sessions', () => {
  it('creates a session with an HttpOnly cookie and finds it again by that cookie', async () => {
    const { session, setCookie } = await ensureSession(handle.db, new Request('http://shop/'), env);
    expect(setCookie).toMatch(
      /^sid=([\w-]{43}); Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    const id = /^sid=([\w-]{43})/.exec(setCookie!)![1]!;
    expect(session.idHash).toBe(hashSessionId(id));
    const again = await readSession(
      handle.db,
      new Request('http://shop/', { headers: { cookie: `lang=de; sid=${id}` } }),
    );
    expect(again?.idHash).toBe(session.idHash);
  });

  it('ignores unknown, malformed and hostile cookies', async () => {
    for (const cookie of [
      'sid=unknownunknownunknownunknownunknownunknown12',
      "sid=' or 1=1 --",
      'sid=%E0%A4%A',
      'sid=',
    ]) {
      expect(
        await readSession(handle.db, new Request('http://shop/', { headers: { cookie } })),
      ).toBeNull();
    }
  });

  it('derives a nonce that is valid only for its own session', async () => {
    const a = (await ensureSession(handle.db, new Request('http://shop/'), env)).session;
    const b = (await ensureSession(handle.db, new Request('http://shop/'), env)).session;
    expect(verifyNonce(a, sessionNonce(a, env), env)).toBe(true);
    expect(verifyNonce(a, sessionNonce(b, env), env)).toBe(false);
    expect(verifyNonce(a, 'x'.repeat(32), env)).toBe(false);
    expect(verifyNonce(a, 42, env)).toBe(false);
    expect(verifyNonce(null, sessionNonce(a, env), env)).toBe(false);
  });

  it('issues cart tokens that name the session until they expire, signed with the secret', async () => {
    const { session } = await ensureSession(handle.db, new Request('http://shop/'), env);
    const now = Date.now();
    const token = cartToken(session, env, now);
    expect(verifyCartToken(token, env, now)).toBe(session.idHash);
    expect(verifyCartToken(token, env, now + (CART_TOKEN_SECONDS - 1) * 1000)).toBe(session.idHash);
    expect(verifyCartToken(token, env, now + CART_TOKEN_SECONDS * 1000)).toBeNull();
    const otherSecret = parseEnv({ DATA_DIR: '/tmp', SESSION_SECRET: 'b'.repeat(40) });
    expect(verifyCartToken(token, otherSecret, now)).toBeNull();
    expect(verifyCartToken(cartToken(session, otherSecret, now), env, now)).toBeNull();
    const scope = {};
    expect(await sessionFromCartToken(handle.db, token, env, scope)).toEqual(session);
    // A token outliving its session names nothing.
    await handle.db.delete(sessions).where(eq(sessions.idHash, session.idHash));
    expect(await sessionFromCartToken(handle.db, token, env, {})).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['no signature', 'eyJzIjoiYSJ9'],
    ['not base64 JSON', `${'!'.repeat(10)}.${'A'.repeat(43)}`],
    ['10 kB', `${'A'.repeat(10_000)}.${'A'.repeat(43)}`],
    ['NUL', `eyJzIjoiYSJ9\u0000.${'A'.repeat(43)}`],
  ])('refuses a malformed cart token (%s)', (_, token) => {
    expect(verifyCartToken(token, env)).toBeNull();
  });

  it('purges expired sessions with their carts, and keeps live ones', async () => {
    const live = (await ensureSession(handle.db, new Request('http://shop/'), env)).session;
    await handle.db
      .insert(sessions)
      .values({ idHash: 'expired-one', expiresAt: new Date(Date.now() - 1000) });
    await handle.db.insert(carts).values({ sessionIdHash: 'expired-one', currency: 'EUR' });
    expect(await purgeExpiredSessions(handle.db)).toBeGreaterThanOrEqual(1);
    expect(
      await handle.db.select().from(sessions).where(eq(sessions.idHash, 'expired-one')),
    ).toEqual([]);
    expect(
      await handle.db.select().from(carts).where(eq(carts.sessionIdHash, 'expired-one')),
    ).toEqual([]);
    expect(
      await handle.db.select().from(sessions).where(eq(sessions.idHash, live.idHash)),
    ).toHaveLength(1);
  });
});
