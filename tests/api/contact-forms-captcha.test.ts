import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captchaChallenges } from '#app/domain/forms/captcha.schema.ts';
import { FormsClient, captchaFromHtml, fieldParts } from '../support/forms-client.ts';
import { marker, solved } from '../support/forms-data.ts';
import { mailsWith } from '../support/forms-mail.ts';
import {
  de,
  en,
  shop,
  contactId,
  contactFields,
  nextCaptcha,
  visit,
  latestSubmission,
  expectCaptchaRejected,
  withContactFormShop,
} from '../support/contact-forms-shop.ts';

/** The contact form's captcha (answers, regeneration, audio) and mail header injection. */

withContactFormShop();

describe('captcha', () => {
  it('rejects a missing answer without burning the challenge', async () => {
    const { client, form } = await visit();
    const withoutAnswer = await client.submit(
      contactId,
      fieldParts({ ...contactFields(), kc_key: form.captcha.key }),
    );
    expectCaptchaRejected(withoutAnswer.body);
    nextCaptcha(withoutAnswer.body);
    const answered = await client.submit(
      contactId,
      fieldParts(solved(contactFields(), form.captcha)),
    );
    expect(answered.body.status).toBe('mail_sent');
  });

  it('burns a challenge on a wrong answer and hands out a fresh one', async () => {
    const { client, form } = await visit();
    const wrong = await client.submit(
      contactId,
      fieldParts({ ...contactFields(), kc_key: form.captcha.key, kc_captcha: 'XXXXX' }),
    );
    expectCaptchaRejected(wrong.body);
    const fresh = nextCaptcha(wrong.body);
    expect(fresh.key).not.toBe(form.captcha.key);
    const late = await client.submit(contactId, fieldParts(solved(contactFields(), form.captcha)));
    expectCaptchaRejected(late.body);
    const ok = await client.submit(contactId, fieldParts(solved(contactFields(), fresh)));
    expect(ok.body.status).toBe('mail_sent');
  });

  it('accepts the answer case- and space-insensitively, but only once', async () => {
    const { client, form } = await visit();
    const spaced = {
      ...form.captcha,
      answer: ` ${form.captcha.answer.toLowerCase().split('').join(' ')} `,
    };
    const first = await client.submit(contactId, fieldParts(solved(contactFields(), spaced)));
    expect(first.body.status).toBe('mail_sent');
    const replay = await client.submit(
      contactId,
      fieldParts(solved(contactFields(), form.captcha)),
    );
    expectCaptchaRejected(replay.body);
  });

  it('rejects an expired challenge with the expiry message', async () => {
    const { client, form } = await visit();
    await shop.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.key, form.captcha.key));
    const reply = await client.submit(contactId, fieldParts(solved(contactFields(), form.captcha)));
    expectCaptchaRejected(reply.body, de('forms.captcha_expired'));
    nextCaptcha(reply.body);
  });

  it("rejects another session's challenge and leaves it usable for its owner", async () => {
    const owner = await visit();
    const thief = await visit();
    const stolen = await thief.client.submit(
      contactId,
      fieldParts(solved(contactFields(), owner.form.captcha)),
    );
    expectCaptchaRejected(stolen.body);
    const own = await owner.client.submit(
      contactId,
      fieldParts(solved(contactFields(), owner.form.captcha)),
    );
    expect(own.body.status).toBe('mail_sent');
  });

  it('rejects a straight API post that never solved a captcha', async () => {
    const bare = new FormsClient(shop.url);
    const none = await bare.submit(contactId, fieldParts(contactFields()));
    expect(none.body.invalid_fields.map((i: any) => i.field)).toEqual(['kc_captcha']);
    const guessed = await bare.submit(
      contactId,
      fieldParts({ ...contactFields(), kc_key: 'A'.repeat(24), kc_captcha: 'ACDEF' }),
    );
    expectCaptchaRejected(guessed.body);
    // A real key read from a page is no use without that page's session cookie.
    const { form } = await visit();
    const cookieless = await bare.submit(
      contactId,
      fieldParts(solved(contactFields(), form.captcha)),
    );
    expectCaptchaRejected(cookieless.body);
  });
});

describe('header injection', () => {
  it('keeps CR/LF out of the headers and takes recipients only from the definition', async () => {
    const { client, form } = await visit();
    const m = marker();
    const reply = await client.submit(
      contactId,
      fieldParts(
        solved(
          contactFields({
            'your-name': 'Eve\r\nBcc: victim@example.org',
            'your-message': `Hallo, nur eine kurze Frage. ${m}`,
            to: 'attacker@example.org',
            recipient: 'attacker@example.org',
            'your-recipient': 'attacker@example.org',
            cc: 'attacker@example.org',
          }),
          form.captcha,
        ),
      ),
    );
    expect(reply.body.status).toBe('mail_sent');
    const [mail] = mailsWith(shop.dataDir, m);
    expect(mail).toBeDefined();
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('cc')).toBe(false);
    expect(mail!.rawHeaders.filter((line) => /^(bcc|cc|to)\s*:/i.test(line))).toEqual([
      'To: kontakt@ladenzeile-demo.example',
    ]);
    const subject = mail!.header('subject')!;
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe(
      'Kontaktanfrage: Bestellung und Lieferung von Eve Bcc: victim@example.org',
    );
    expect(mail!.headers.get('subject')).toHaveLength(1);
    expect(mail!.raw).not.toContain('attacker@example.org');
    const row = await latestSubmission();
    expect(Object.keys(row.fields)).not.toContain('to');
    expect(Object.keys(row.fields)).not.toContain('recipient');
  });

  it('refuses a tampered subject choice and a Reply-To address with a line break', async () => {
    const { client, form } = await visit();
    const m = marker();
    const reply = await client.submit(
      contactId,
      fieldParts(
        solved(
          contactFields({
            'your-subject': 'order\r\nBcc: victim@example.org',
            'your-email': 'eve@example.org\r\nBcc: victim@example.org',
            'your-message': `Hallo, nur eine kurze Frage. ${m}`,
          }),
          form.captcha,
        ),
      ),
    );
    expect(reply.body.status).toBe('validation_failed');
    expect(reply.body.invalid_fields.map((i: any) => [i.field, i.message])).toEqual([
      ['your-email', de('forms.invalid_email')],
      ['your-subject', de('forms.invalid_choice')],
    ]);
    expect(mailsWith(shop.dataDir, m)).toEqual([]);
  });
});

describe('captcha regeneration and audio', () => {
  async function regenerate(client: FormsClient, fields: Record<string, string>) {
    return client.post('/wc-ajax/captcha_regenerate', new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  }

  it('returns the captcha HTML for both modes', async () => {
    const { client, form } = await visit();
    const full = await regenerate(client, {
      toggle: form.unitTag,
      generate: 'generate_full',
      lang: 'en',
    });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toMatch(/^text\/html/);
    const fullHtml = await full.text();
    expect(fullHtml).toMatch(/<img[^>]+src="\/forms\/v1\/captcha\/\d{39}\.png"/);
    expect(fullHtml).toContain('name="kc_captcha"');
    expect(fullHtml).toContain(en('forms.captcha_label'));
    const fullCaptcha = captchaFromHtml(fullHtml);

    const inner = await regenerate(client, {
      toggle: form.unitTag,
      generate: 'regenerate_inner',
      lang: 'de',
    });
    expect(inner.status).toBe(200);
    const innerHtml = await inner.text();
    expect(innerHtml).toContain('<img');
    expect(innerHtml).not.toContain('name="kc_captcha"');
    const innerCaptcha = captchaFromHtml(innerHtml);
    expect(new Set([form.captcha.key, fullCaptcha.key, innerCaptcha.key]).size).toBe(3);

    const reply = await client.submit(contactId, fieldParts(solved(contactFields(), innerCaptcha)));
    expect(reply.body.status).toBe('mail_sent');
  });

  it('answers 400 for a bad toggle or mode and 404 for an unknown form', async () => {
    const { client, form } = await visit();
    for (const [fields, status] of [
      [{ toggle: 'nonsense', generate: 'generate_full' }, 400],
      [{ toggle: `${form.unitTag}"><script>`, generate: 'generate_full' }, 400],
      [{ generate: 'generate_full' }, 400],
      [{ toggle: form.unitTag, generate: 'everything' }, 400],
      [{ toggle: 'f999-p1-o1', generate: 'generate_full' }, 404],
    ] as const) {
      const res = await regenerate(client, fields as Record<string, string>);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      await res.arrayBuffer();
    }
  });

  it("speaks the session's captcha as WAV and nothing for a wrong secret or another session", async () => {
    const { client, form } = await visit();
    expect(form.captcha.audio).toMatch(/^\/wc-ajax\/captcha_audio\?key=[^&]+&secret=[\w-]{32}$/);
    const res = await client.get(form.captcha.audio);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await res.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.length).toBeGreaterThan(1000);

    const secret = /secret=([\w-]+)/.exec(form.captcha.audio)![1]!;
    const flipped = `${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
    const wrong = await client.get(form.captcha.audio.replace(secret, flipped));
    expect(wrong.status).toBe(404);
    await wrong.arrayBuffer();

    const other = await visit();
    const foreign = await other.client.get(form.captcha.audio);
    expect(foreign.status).toBe(404);
    await foreign.arrayBuffer();
    const anonymous = await fetch(`${shop.url}${form.captcha.audio}`);
    expect(anonymous.status).toBe(404);
    await anonymous.arrayBuffer();
  });
});

describe("Contact Form 7's captcha refill", () => {
  /** What Contact Form 7's script does with a refill or feedback answer's `captcha` map. */
  function challengeOf(captcha: Record<string, string>) {
    expect(Object.keys(captcha)).toEqual(['kc_captcha']);
    const url = captcha.kc_captcha!;
    const key = /([0-9]+)\.(png|gif|jpeg)$/.exec(url)?.[1];
    expect(key, url).toBeDefined();
    return { url, key: key! };
  }

  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('refills with a picture address whose digits are the key the submission accepts', async () => {
    const { client, form } = await visit();
    expect(form.html).toContain('class="captcha-image wpcf7-captcha-kc_captcha"');
    expect(form.html).toContain(
      `name="_wpcf7_captcha_challenge_kc_captcha" value="${form.captcha.key}"`,
    );
    const res = await client.get(`/forms/v1/contact-forms/${contactId}/refill`);
    expect(res.status).toBe(200);
    const refill = await res.json();
    const { url, key } = challengeOf(refill.captcha);
    expect(key).not.toBe(form.captcha.key);

    const image = await client.get(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('no-store');
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.readUInt32BE(16)).toBe(200); // IHDR width
    expect(png.readUInt32BE(20)).toBe(64); // IHDR height

    // The answer a visitor reads off the picture; the test build hands it out beside it.
    const answer = refill.captcha_details.kc_captcha.testAnswer;
    const reply = await client.submit(
      contactId,
      fieldParts({
        ...contactFields(),
        _wpcf7_captcha_challenge_kc_captcha: key,
        kc_captcha: answer,
      }),
    );
    expect(reply.body.status).toBe('mail_sent');
    // A used challenge has no picture any more.
    const used = await client.get(url);
    expect(used.status).toBe(404);
    expect((await used.json()).code).toBe('captcha_not_found');
  });

  it('takes the challenge field over a stale kc_key, and a failed answer refills the same way', async () => {
    const { client, form } = await visit();
    const wrong = await client.submit(
      contactId,
      fieldParts({
        ...contactFields(),
        _wpcf7_captcha_challenge_kc_captcha: form.captcha.key,
        kc_captcha: 'XXXXX',
      }),
    );
    expectCaptchaRejected(wrong.body);
    const fresh = nextCaptcha(wrong.body);
    const { key } = challengeOf(wrong.body.captcha);
    expect(key).toBe(fresh.key);
    const ok = await client.submit(
      contactId,
      fieldParts({
        ...contactFields(),
        kc_key: form.captcha.key,
        _wpcf7_captcha_challenge_kc_captcha: key,
        kc_captcha: fresh.answer,
      }),
    );
    expect(ok.body.status).toBe('mail_sent');
  });

  it("serves the picture only to the challenge's session, and nothing for other names", async () => {
    const { client, form } = await visit();
    const url = `/forms/v1/captcha/${form.captcha.key}.png`;
    expect((await client.get(url)).status).toBe(200);
    const other = await visit();
    const foreign = await other.client.get(url);
    expect(foreign.status).toBe(404);
    await foreign.arrayBuffer();
    const anonymous = await fetch(`${shop.url}${url}`);
    expect(anonymous.status).toBe(404);
    await anonymous.arrayBuffer();
    for (const name of [
      `${form.captcha.key}.gif`,
      form.captcha.key,
      `${form.captcha.key}x.png`,
      'abc.png',
      `${'9'.repeat(65)}.png`,
    ]) {
      const res = await client.get(`/forms/v1/captcha/${name}`);
      expect(res.status, name.slice(0, 60)).toBe(404);
      expect(res.headers.get('content-type'), name.slice(0, 60)).toMatch(/^application\/json/);
      await res.arrayBuffer();
    }
    // A NUL byte is refused where input enters, before any lookup.
    const nul = await client.get(`/forms/v1/captcha/${form.captcha.key}%00.png`);
    expect(nul.status).toBe(400);
    expect(nul.headers.get('content-type')).toMatch(/^application\/json/);
    await nul.arrayBuffer();
    const overlong = await client.get(`/forms/v1/captcha/${'9'.repeat(10_000)}.png`);
    expect(overlong.status).toBe(414);
    await overlong.arrayBuffer();
    const post = await client.post(url, '', {});
    expect(post.status).toBe(405);
    await post.arrayBuffer();
    // The page's own picture still works after those misses.
    expect((await client.get(url)).status).toBe(200);
  });
});
