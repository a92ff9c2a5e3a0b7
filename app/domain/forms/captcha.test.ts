import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { captchaChallenges } from './captcha.schema.ts';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  CAPTCHA_TTL_MS,
  captchaAudio,
  captchaAudioSecret,
  captchaVoiceFolder,
  createChallenge,
  renderCaptchaPng,
  renderCaptchaSvg,
  verifyAudioSecret,
  verifyChallenge,
} from './captcha.server.ts';

const SECRET = 'test-server-secret-0123456789abcdef';
const FORM = 7;
let handle: DatabaseHandle;
let counter = 0;

async function session(): Promise<string> {
  const idHash = `captcha-session-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  return idHash;
}

async function challenge(sessionIdHash: string, now?: Date) {
  return createChallenge(handle.db, { sessionIdHash, formId: FORM, secret: SECRET, now });
}

/** Data chunk of a WAV file, found by walking the chunks. */
function wavData(wav: Buffer): Buffer {
  for (let at = 12; at + 8 <= wav.length;) {
    const size = wav.readUInt32LE(at + 4);
    if (wav.toString('ascii', at, at + 4) === 'data') return wav.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function clip(locale: string, name: string): Buffer {
  return wavData(readFileSync(path.join(captchaVoiceFolder(), locale, `${name}.wav`)));
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('captcha challenges', () => {
  it('creates a URL-safe key and a text from the alphabet', async () => {
    const { key, text } = await challenge(await session());
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(text).toHaveLength(CAPTCHA_LENGTH);
    for (const char of text) expect(CAPTCHA_ALPHABET).toContain(char);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OIl5S2Z]/);
  });

  it('accepts the right answer once, then reports a replay', async () => {
    const me = await session();
    const { key, text } = await challenge(me);
    const input = { key, answer: text, sessionIdHash: me, formId: FORM };
    expect(await verifyChallenge(handle.db, input)).toBe('ok');
    expect(await verifyChallenge(handle.db, input)).toBe('replayed');
  });

  it('burns the challenge on a wrong answer', async () => {
    const me = await session();
    const { key, text } = await challenge(me);
    const wrong = text.startsWith('A') ? `C${text.slice(1)}` : `A${text.slice(1)}`;
    const base = { key, sessionIdHash: me, formId: FORM };
    expect(await verifyChallenge(handle.db, { ...base, answer: wrong })).toBe('wrong');
    expect(await verifyChallenge(handle.db, { ...base, answer: text })).toBe('replayed');
  });

  it('rejects an expired challenge', async () => {
    const me = await session();
    const created = new Date(Date.now() - CAPTCHA_TTL_MS - 1000);
    const { key, text } = await challenge(me, created);
    expect(
      await verifyChallenge(handle.db, { key, answer: text, sessionIdHash: me, formId: FORM }),
    ).toBe('expired');
    // And at the edge with an explicit clock.
    const fresh = await challenge(me);
    const later = new Date(Date.now() + CAPTCHA_TTL_MS + 1);
    expect(
      await verifyChallenge(handle.db, {
        key: fresh.key,
        answer: fresh.text,
        sessionIdHash: me,
        formId: FORM,
        now: later,
      }),
    ).toBe('expired');
  });

  it('treats keys of another session or form, unknown keys and empty input as missing', async () => {
    const me = await session();
    const other = await session();
    const { key, text } = await challenge(me);
    const answer = { key, answer: text };
    expect(
      await verifyChallenge(handle.db, { ...answer, sessionIdHash: other, formId: FORM }),
    ).toBe('missing');
    expect(
      await verifyChallenge(handle.db, { ...answer, sessionIdHash: me, formId: FORM + 1 }),
    ).toBe('missing');
    const unknown = { key: 'A'.repeat(24), answer: text, sessionIdHash: me, formId: FORM };
    expect(await verifyChallenge(handle.db, unknown)).toBe('missing');
    expect(await verifyChallenge(handle.db, { ...unknown, key: '' })).toBe('missing');
    expect(
      await verifyChallenge(handle.db, {
        ...answer,
        answer: '  ',
        sessionIdHash: me,
        formId: FORM,
      }),
    ).toBe('missing');
    // None of these burnt the challenge for its owner.
    expect(await verifyChallenge(handle.db, { ...answer, sessionIdHash: me, formId: FORM })).toBe(
      'ok',
    );
  });

  it('compares case-insensitively after trimming', async () => {
    const me = await session();
    const { key, text } = await challenge(me);
    const answer = `  ${text.toLowerCase()}\n`;
    expect(await verifyChallenge(handle.db, { key, answer, sessionIdHash: me, formId: FORM })).toBe(
      'ok',
    );
  });

  it('lets exactly one of concurrent submissions succeed', async () => {
    const me = await session();
    const { key, text } = await challenge(me);
    const input = { key, answer: text, sessionIdHash: me, formId: FORM };
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, () => verifyChallenge(handle.db, input)),
    );
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(1);
    expect(verdicts.filter((v) => v === 'replayed')).toHaveLength(5);
  });

  it('does not store the answer in plain text', async () => {
    const me = await session();
    const { key, text } = await challenge(me);
    const [row] = await handle.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.key, key));
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(text);
    expect(stored.toLowerCase()).not.toContain(text.toLowerCase());
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(CAPTCHA_TTL_MS);
  });

  it('deletes long-expired rows and follows its session on delete', async () => {
    const me = await session();
    const old = await challenge(me, new Date(Date.now() - 3 * 86_400_000));
    const live = await challenge(me);
    const keys = async () =>
      (
        await handle.db
          .select({ key: captchaChallenges.key })
          .from(captchaChallenges)
          .where(eq(captchaChallenges.sessionIdHash, me))
      ).map((r) => r.key);
    expect(await keys()).toEqual([live.key]);
    expect(old.key).not.toBe(live.key);
    await handle.db.delete(sessions).where(eq(sessions.idHash, me));
    expect(await keys()).toEqual([]);
  });
});

describe('captcha image', () => {
  it('renders a PNG of about 200 × 64 px', async () => {
    const png = await renderCaptchaPng('K7PW3');
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([200, 64]);
  });

  it('draws characters as paths, never as text', () => {
    const svg = renderCaptchaSvg('ACDEF');
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('ACDEF');
  });

  it('renders the same text differently each time', async () => {
    const [a, b] = await Promise.all([renderCaptchaPng('HJKLM'), renderCaptchaPng('HJKLM')]);
    expect(a.equals(b)).toBe(false);
    expect(renderCaptchaSvg('HJKLM')).not.toBe(renderCaptchaSvg('HJKLM'));
  });

  it('has a glyph for every character of the alphabet and rejects others', () => {
    expect(() => renderCaptchaSvg(CAPTCHA_ALPHABET)).not.toThrow();
    expect(() => renderCaptchaSvg('AB0')).toThrow();
  });
});

describe('captcha audio', () => {
  it('spells the live challenge as one WAV made of the committed clips', async () => {
    const me = await session();
    const { key, text } = await challenge(me);
    const waves: Record<string, Buffer> = {};
    for (const locale of ['de', 'en'] as const) {
      const wav = await captchaAudio(handle.db, { key, sessionIdHash: me, locale, secret: SECRET });
      expect(wav).not.toBeNull();
      waves[locale] = wav!;
      expect(wav!.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav!.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wav!.readUInt32LE(4)).toBe(wav!.length - 8);
      expect(wav!.readUInt16LE(20)).toBe(1); // PCM
      expect(wav!.readUInt16LE(22)).toBe(1); // mono
      expect(wav!.readUInt32LE(24)).toBe(16_000);
      expect(wav!.readUInt16LE(34)).toBe(16);
      const expected = [...text].reduce(
        (sum, char) => sum + clip(locale, char).length,
        (text.length - 1) * clip(locale, 'pause').length,
      );
      expect(wavData(wav!).length).toBe(expected);
      expect(wav!.length).toBe(44 + expected);
    }
    expect(waves.de!.equals(waves.en!)).toBe(false);
  });

  it('gives nothing for a used, foreign, expired or wrongly sealed challenge', async () => {
    const me = await session();
    const other = await session();
    const { key, text } = await challenge(me);
    const base = { key, locale: 'en' as const, secret: SECRET };
    expect(await captchaAudio(handle.db, { ...base, sessionIdHash: other })).toBeNull();
    expect(
      await captchaAudio(handle.db, { ...base, sessionIdHash: me, secret: 'other' }),
    ).toBeNull();
    expect(
      await captchaAudio(handle.db, {
        ...base,
        sessionIdHash: me,
        now: new Date(Date.now() + CAPTCHA_TTL_MS + 1),
      }),
    ).toBeNull();
    await verifyChallenge(handle.db, { key, answer: text, sessionIdHash: me, formId: FORM });
    expect(await captchaAudio(handle.db, { ...base, sessionIdHash: me })).toBeNull();
  });

  it('keeps the clips small and in the expected format', () => {
    let total = 0;
    for (const locale of ['de', 'en']) {
      for (const name of [...CAPTCHA_ALPHABET, 'pause']) {
        const file = readFileSync(path.join(captchaVoiceFolder(), locale, `${name}.wav`));
        expect(file.readUInt32LE(24)).toBe(16_000);
        expect(clip(locale, name).length).toBeGreaterThan(1000);
        total += file.length;
      }
    }
    expect(total).toBeLessThan(1024 * 1024);
  });

  it('signs the audio URL per key and rejects tampered secrets', () => {
    const secret = captchaAudioSecret('some-key-0123456789abcdef', SECRET);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(verifyAudioSecret('some-key-0123456789abcdef', secret, SECRET)).toBe(true);
    const tampered = (secret[0] === 'A' ? 'B' : 'A') + secret.slice(1);
    expect(verifyAudioSecret('some-key-0123456789abcdef', tampered, SECRET)).toBe(false);
    expect(verifyAudioSecret('other-key-0123456789abcdef', secret, SECRET)).toBe(false);
    expect(verifyAudioSecret('some-key-0123456789abcdef', secret, 'other secret')).toBe(false);
    expect(verifyAudioSecret('some-key-0123456789abcdef', secret.slice(0, 31), SECRET)).toBe(false);
  });
});
