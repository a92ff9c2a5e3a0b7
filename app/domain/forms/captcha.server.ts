import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { captchaChallenges } from './captcha.schema.ts';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_LENGTH = 5;
/**
 * Uppercase letters and digits without look-alikes: no 0/O/Q, 1/I, 5/S, 2/Z; B and G are left
 * out so that 8 and 6 stay unambiguous, and P, because pressing P in the answer field plays the
 * code as audio. Must match the list in scripts/render-captcha-voice.sh.
 */
export const CAPTCHA_ALPHABET = 'ACDEFHJKLMNRTUVWXY346789';

export type CaptchaLocale = 'de' | 'en';
export type CaptchaVerdict = 'ok' | 'missing' | 'wrong' | 'expired' | 'replayed';

// New keys are digits only (see newKey); the wider pattern keeps keys of challenges handed out
// before that valid for their ten minutes.
const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
/** Rows stay a day past expiry so a late submission is told 'expired', not 'missing'. */
const CLEANUP_GRACE_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Challenges

/**
 * Stores a new challenge and returns its text for rendering (never sent as text to clients).
 *
 * The answer is kept twice, neither in plain text: `answerHash` (salted HMAC) for verification,
 * and `answerSealed` (AES-256-GCM, key derived from `secret` and the row key) because the audio
 * must speak the characters. A database copy alone therefore does not reveal answers through
 * the sealed column. The hash alone could be brute-forced offline (the answer space is small),
 * which is accepted: a row is useful only to its own session (whose cookie is not in the
 * database) and only for ten minutes.
 */
export async function createChallenge(
  db: Tx,
  input: { sessionIdHash: string; formId: number; secret: string; now?: Date },
): Promise<{ key: string; text: string }> {
  const now = input.now ?? new Date();
  await db
    .delete(captchaChallenges)
    .where(lt(captchaChallenges.expiresAt, new Date(now.getTime() - CLEANUP_GRACE_MS)));
  const key = newKey();
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) {
    text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  }
  await db.insert(captchaChallenges).values({
    key,
    sessionIdHash: input.sessionIdHash,
    formId: input.formId,
    answerHash: hashAnswer(text),
    answerSealed: seal(text, key, input.secret),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { key, text };
}

/**
 * Checks a submitted answer and burns the challenge in the same statement, so of concurrent
 * submissions exactly one can succeed; a wrong answer burns it too (no retries on one image).
 * A key of another session or form is 'missing' and left untouched.
 */
export async function verifyChallenge(
  db: Tx,
  input: { key: string; answer: string; sessionIdHash: string; formId: number; now?: Date },
): Promise<CaptchaVerdict> {
  const now = input.now ?? new Date();
  if (typeof input.key !== 'string' || !KEY_PATTERN.test(input.key)) return 'missing';
  const answer = normaliseAnswer(input.answer);
  // An empty answer guesses nothing, so the challenge stays usable.
  if (!answer) return 'missing';
  const owned = and(
    eq(captchaChallenges.key, input.key),
    eq(captchaChallenges.sessionIdHash, input.sessionIdHash),
    eq(captchaChallenges.formId, input.formId),
  );
  const [row] = await db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(and(owned, isNull(captchaChallenges.usedAt)))
    .returning({
      answerHash: captchaChallenges.answerHash,
      expiresAt: captchaChallenges.expiresAt,
    });
  if (!row) {
    const [used] = await db
      .select({ key: captchaChallenges.key })
      .from(captchaChallenges)
      .where(owned)
      .limit(1);
    return used ? 'replayed' : 'missing';
  }
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return answerMatches(row.answerHash, answer) ? 'ok' : 'wrong';
}

/**
 * 128 random bits as 39 decimal digits: Contact Form 7's script reads the key from the digits
 * before `.png` in the image address.
 */
function newKey(): string {
  return BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString()
    .padStart(39, '0');
}

/** Whether a text has the shape of a challenge key (cheap check before any query). */
export function isCaptchaKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/** Upper case without any whitespace: "ab c d e " counts as "ABCDE". */
function normaliseAnswer(answer: unknown): string {
  return typeof answer === 'string' ? answer.replace(/\s+/g, '').toUpperCase() : '';
}

function hashAnswer(text: string): string {
  const salt = randomBytes(16);
  const mac = createHmac('sha256', salt).update(normaliseAnswer(text)).digest();
  return `${salt.toString('base64url')}.${mac.toString('base64url')}`;
}

function answerMatches(stored: string, answer: string): boolean {
  const [salt, mac] = stored.split('.');
  if (!salt || !mac) return false;
  const expected = Buffer.from(mac, 'base64url');
  const actual = createHmac('sha256', Buffer.from(salt, 'base64url')).update(answer).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function sealKey(key: string, secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, key, 'captcha-answer-v1', 32));
}

/** base64url(iv ‖ tag ‖ ciphertext); the row key is also the associated data. */
function seal(text: string, key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(key, secret), iv);
  cipher.setAAD(Buffer.from(key));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(sealed: string, key: string, secret: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(key, secret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(key));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null; // another secret (rotated) or a tampered row
  }
}

// ---------------------------------------------------------------------------------------------
// Audio

/** Binds the audio URL to the key, so it cannot be built for a key read elsewhere. */
export function captchaAudioSecret(key: string, sessionSecret: string): string {
  return createHmac('sha256', sessionSecret)
    .update(`captcha-audio:${key}`)
    .digest('base64url')
    .slice(0, 32);
}

export function verifyAudioSecret(key: string, secret: string, sessionSecret: string): boolean {
  if (typeof key !== 'string' || typeof secret !== 'string' || secret.length !== 32) return false;
  const expected = Buffer.from(captchaAudioSecret(key, sessionSecret));
  const actual = Buffer.from(secret);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const VOICE_DIR = fileURLToPath(new URL('./captcha-voice', import.meta.url));
const SAMPLE_RATE = 16_000;

/** The clips beside this module, or relative to the working directory from the server bundle. */
export function captchaVoiceFolder(): string {
  return existsSync(VOICE_DIR) ? VOICE_DIR : path.resolve('app/domain/forms/captcha-voice');
}

const clipCache = new Map<string, Promise<Buffer>>();

/** PCM samples of one committed clip (`pause` or a character), cached after the first read. */
export function captchaClip(locale: CaptchaLocale, name: string): Promise<Buffer> {
  if (locale !== 'de' && locale !== 'en') throw new TypeError(`unknown captcha locale ${locale}`);
  if (name !== 'pause' && (name.length !== 1 || !CAPTCHA_ALPHABET.includes(name))) {
    throw new TypeError(`no captcha clip for ${name}`);
  }
  const id = `${locale}/${name}`;
  let clip = clipCache.get(id);
  if (!clip) {
    const file = path.join(captchaVoiceFolder(), locale, `${name}.wav`);
    clip = readFile(file).then((wav) => pcmData(wav, file));
    clip.catch(() => clipCache.delete(id));
    clipCache.set(id, clip);
  }
  return clip;
}

/** The data chunk of a mono 16-bit PCM WAV at 16 kHz; other chunks (LIST, …) are skipped. */
function pcmData(wav: Buffer, file: string): Buffer {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`${file} is not a WAV file`);
  }
  let format = false;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    const body = wav.subarray(at + 8, at + 8 + size);
    if (id === 'fmt ') {
      format =
        body.readUInt16LE(0) === 1 &&
        body.readUInt16LE(2) === 1 &&
        body.readUInt32LE(4) === SAMPLE_RATE &&
        body.readUInt16LE(14) === 16;
    } else if (id === 'data') {
      if (!format) break;
      return body;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file} is not mono 16-bit PCM at ${SAMPLE_RATE} Hz`);
}

function wavFile(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** The answer of the session's unused, unexpired challenge with this key; null otherwise. */
async function liveAnswer(
  db: Tx,
  input: { key: string; sessionIdHash: string; secret: string; now?: Date },
): Promise<string | null> {
  const now = input.now ?? new Date();
  if (!isCaptchaKey(input.key)) return null;
  const [row] = await db
    .select({ answerSealed: captchaChallenges.answerSealed })
    .from(captchaChallenges)
    .where(
      and(
        eq(captchaChallenges.key, input.key),
        eq(captchaChallenges.sessionIdHash, input.sessionIdHash),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? unseal(row.answerSealed, input.key, input.secret) : null;
}

/** The picture of the session's live challenge as PNG; null when there is no such challenge. */
export async function captchaImage(
  db: Tx,
  input: { key: string; sessionIdHash: string; secret: string; now?: Date },
): Promise<Buffer | null> {
  const text = await liveAnswer(db, input);
  return text ? renderCaptchaPng(text) : null;
}

/**
 * A WAV that spells the live challenge of this session character by character, with a pause
 * between characters; null when the session has no such unused, unexpired challenge.
 */
export async function captchaAudio(
  db: Tx,
  input: { key: string; sessionIdHash: string; locale: CaptchaLocale; secret: string; now?: Date },
): Promise<Buffer | null> {
  const text = await liveAnswer(db, input);
  if (!text) return null;
  const pause = await captchaClip(input.locale, 'pause');
  const parts: Buffer[] = [];
  for (const [i, char] of [...text].entries()) {
    if (i > 0) parts.push(pause);
    parts.push(await captchaClip(input.locale, char));
  }
  return wavFile(Buffer.concat(parts));
}

// ---------------------------------------------------------------------------------------------
// Image

type Point = [number, number];
/**
 * Stroke glyphs on a 4 × 6 grid (y down), drawn as paths so the image source holds no text:
 * strokes separated by "|", points by ",". Curves are polylines; the distortion bends them.
 */
const GLYPH_STROKES: Record<string, string> = {
  A: '0 6,2 0,4 6|.8 3.8,3.2 3.8',
  C: '4 1,3 0,1 0,0 1.2,0 4.8,1 6,3 6,4 5',
  D: '0 0,0 6,2.5 6,4 4.5,4 1.5,2.5 0,0 0',
  E: '4 0,0 0,0 6,4 6|0 3,3 3',
  F: '4 0,0 0,0 6|0 3,3 3',
  H: '0 0,0 6|4 0,4 6|0 3,4 3',
  J: '1 0,4 0,4 4.8,3 6,1 6,0 4.8',
  K: '0 0,0 6|4 0,0 3.6|1.4 2.4,4 6',
  L: '0 0,0 6,4 6',
  M: '0 6,0 0,2 3.6,4 0,4 6',
  N: '0 6,0 0,4 6,4 0',
  P: '0 6,0 0,3 0,4 .8,4 2.4,3 3.2,0 3.2',
  R: '0 6,0 0,3 0,4 .8,4 2.4,3 3.2,0 3.2|2 3.2,4 6',
  T: '0 0,4 0|2 0,2 6',
  U: '0 0,0 4.8,1 6,3 6,4 4.8,4 0',
  V: '0 0,2 6,4 0',
  W: '0 0,1 6,2 2.4,3 6,4 0',
  X: '0 0,4 6|4 0,0 6',
  Y: '0 0,2 3|4 0,2 3,2 6',
  '3': '0 .8,1 0,3 0,4 .8,4 2.2,3 3,1.5 3|3 3,4 3.8,4 5.2,3 6,1 6,0 5.2',
  '4': '3 6,3 0,0 4.2,4 4.2',
  '6': '3.8 .6,3 0,1 0,0 1.2,0 4.8,1 6,3 6,4 4.8,4 3.8,3 3,1 3,0 3.8',
  '7': '0 0,4 0,1.5 6',
  '8': '2 3,.6 2.3,.6 .7,1.4 0,2.6 0,3.4 .7,3.4 2.3,2 3,0 3.9,0 5.1,1 6,3 6,4 5.1,4 3.9,2 3',
  '9': '4 2.2,3 3,1 3,0 2.2,0 1.2,1 0,3 0,4 1.2,4 4.8,3 6,1 6,.2 5.4',
};
const GLYPHS: Record<string, Point[][]> = Object.fromEntries(
  Object.entries(GLYPH_STROKES).map(([char, strokes]) => [
    char,
    strokes
      .split('|')
      .map((stroke) => stroke.split(',').map((p) => p.split(' ').map(Number) as Point)),
  ]),
);

const WIDTH = 200;
const HEIGHT = 64;
const INK = ['#1b2a49', '#5c0a14', '#1f3b1a', '#3b0d5c', '#5a3410', '#0b3a4f', '#4a1942'];

/** Uniform floats from crypto, drawn from a pooled buffer to keep the many calls cheap. */
function cryptoRandom(): (min?: number, max?: number) => number {
  let pool = Buffer.alloc(0);
  let at = 0;
  return (min = 0, max = 1) => {
    if (at + 4 > pool.length) {
      pool = randomBytes(1024);
      at = 0;
    }
    const unit = pool.readUInt32BE(at) / 2 ** 32;
    at += 4;
    return min + unit * (max - min);
  };
}

function pathData(points: Point[]): string {
  return points
    .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`)
    .join('');
}

/** Splits each segment into steps of at most `step` px, so the wave bends straight strokes. */
function subdivide(points: Point[], step: number): Point[] {
  const out: Point[] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

/** The SVG the PNG is rendered from; exported for tests (it is never sent to clients). */
export function renderCaptchaSvg(text: string): string {
  for (const char of text) {
    if (!GLYPHS[char]) throw new TypeError(`captcha text has a character outside the alphabet`);
  }
  const rnd = cryptoRandom();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd(0, list.length))]!;
  const hue = () => Math.round(rnd(0, 360));
  const parts: string[] = [];

  const bgHue = hue();
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${bgHue},35%,94%)"/>`);
  // Soft blotches make the background uneven for thresholding, without hurting legibility.
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<ellipse cx="${rnd(0, WIDTH).toFixed(1)}" cy="${rnd(0, HEIGHT).toFixed(1)}" rx="${rnd(15, 45).toFixed(1)}" ry="${rnd(8, 25).toFixed(1)}" fill="hsl(${hue()},45%,85%)" fill-opacity="0.5"/>`,
    );
  }
  // Thin noise curves and arcs behind the characters.
  const noiseCurve = (width: number, colour: string, opacity: number) => {
    const y = () => rnd(4, HEIGHT - 4).toFixed(1);
    const x = () => rnd(0, WIDTH).toFixed(1);
    return `<path d="M${rnd(-5, 30).toFixed(1)} ${y()}C${x()} ${y()} ${x()} ${y()} ${rnd(170, 205).toFixed(1)} ${y()}" fill="none" stroke="${colour}" stroke-width="${width.toFixed(1)}" stroke-opacity="${opacity}" stroke-linecap="round"/>`;
  };
  for (let i = 0; i < 3; i++) parts.push(noiseCurve(rnd(1, 1.8), `hsl(${hue()},55%,50%)`, 0.7));
  for (let i = 0; i < 5; i++) {
    const r = rnd(6, 18);
    const x = rnd(0, WIDTH);
    const y = rnd(0, HEIGHT);
    const a = rnd(0, Math.PI * 2);
    const b = a + rnd(1, 3);
    parts.push(
      `<path d="M${(x + r * Math.cos(a)).toFixed(1)} ${(y + r * Math.sin(a)).toFixed(1)}A${r.toFixed(1)} ${r.toFixed(1)} 0 0 1 ${(x + r * Math.cos(b)).toFixed(1)} ${(y + r * Math.sin(b)).toFixed(1)}" fill="none" stroke="hsl(${hue()},50%,45%)" stroke-width="${rnd(1, 2).toFixed(1)}" stroke-opacity="0.75"/>`,
    );
  }

  // Characters: jittered glyph points, per-character scale, shear, rotation and offset, then
  // one wave over the whole line so neighbouring characters bend together.
  const slot = (WIDTH - 24) / text.length;
  const waveY = { amp: rnd(2.5, 4.5), len: rnd(70, 120), phase: rnd(0, Math.PI * 2) };
  const waveX = { amp: rnd(1, 2), len: rnd(30, 50), phase: rnd(0, Math.PI * 2) };
  const wave = ([x, y]: Point): Point => [
    x + waveX.amp * Math.sin((2 * Math.PI * y) / waveX.len + waveX.phase),
    y + waveY.amp * Math.sin((2 * Math.PI * x) / waveY.len + waveY.phase),
  ];
  [...text].forEach((char, i) => {
    const unit = rnd(5.6, 6.4);
    const sx = unit * rnd(0.85, 1.1);
    const sy = unit * rnd(0.9, 1.12);
    const shear = rnd(-0.25, 0.25);
    const angle = rnd(-0.3, 0.3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const cx = 12 + slot * (i + 0.5) + rnd(-3, 3);
    const cy = HEIGHT / 2 + rnd(-4, 4);
    const place = ([u, v]: Point): Point => {
      const x = (u + rnd(-0.22, 0.22) - 2 + shear * (v - 3)) * sx;
      const y = (v + rnd(-0.22, 0.22) - 3) * sy;
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    };
    const d = GLYPHS[char]!.map((stroke) => pathData(subdivide(stroke.map(place), 3).map(wave)));
    parts.push(
      `<path d="${d.join('')}" fill="none" stroke="${pick(INK)}" stroke-width="${rnd(3, 3.7).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });

  // In front: one interference line through the text band and speckles.
  const band = () => rnd(HEIGHT / 2 - 10, HEIGHT / 2 + 10).toFixed(1);
  parts.push(
    `<path d="M0 ${band()}C${rnd(40, 80).toFixed(1)} ${band()} ${rnd(120, 160).toFixed(1)} ${band()} ${WIDTH} ${band()}" fill="none" stroke="${pick(INK)}" stroke-width="${rnd(1.4, 2).toFixed(1)}" stroke-opacity="0.8"/>`,
  );
  parts.push(noiseCurve(rnd(1, 1.5), `hsl(${hue()},60%,40%)`, 0.6));
  for (let i = 0; i < 70; i++) {
    parts.push(
      `<circle cx="${rnd(0, WIDTH).toFixed(1)}" cy="${rnd(0, HEIGHT).toFixed(1)}" r="${rnd(0.6, 1.8).toFixed(1)}" fill="hsl(${hue()},${Math.round(rnd(40, 80))}%,${Math.round(rnd(25, 65))}%)"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

/** The captcha image as a 200 × 64 PNG. */
export async function renderCaptchaPng(text: string): Promise<Buffer> {
  return sharp(Buffer.from(renderCaptchaSvg(text)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
