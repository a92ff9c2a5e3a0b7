import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, ImageRejected, renderImage } from './images.server.ts';

let dir: string;
let mediaDir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-'));
  mediaDir = path.join(dir, 'media');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A landscape picture in three bands: red, a green centre square, blue. */
function landscape(height = 100) {
  const band = (rgb: number[]) => ({
    input: Buffer.alloc(height * height * 3).fill(Buffer.from(rgb)),
    raw: { width: height, height, channels: 3 as const },
    top: 0,
  });
  return sharp({
    create: { width: height * 3, height, channels: 3, background: { r: 220, g: 30, b: 30 } },
  }).composite([
    { ...band([30, 200, 30]), left: height },
    { ...band([30, 30, 220]), left: height * 2 },
  ]);
}

async function pixel(file: string, x: number, y: number) {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('renderImage', () => {
  it('writes a PNG in every responsive size as a square WebP', async () => {
    const png = await landscape().png().toBuffer();
    const rendered = await renderImage(png, 'mug-front', mediaDir);
    expect(rendered).toEqual({ key: 'mug-front', width: 1400, height: 1400, sizes: IMAGE_SIZES });
    expect((await readdir(mediaDir)).sort()).toEqual(
      ['full', 'large', 'medium', 'thumb'].map((size) => `mug-front-${size}.webp`),
    );
    for (const size of IMAGE_SIZES) {
      const meta = await sharp(path.join(mediaDir, `mug-front-${size.name}.webp`)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
    }
  });

  it('crops a non-square picture to its centre square', async () => {
    await renderImage(await landscape().png().toBuffer(), 'crop', mediaDir);
    const thumb = path.join(mediaDir, 'crop-thumb.webp');
    for (const [x, y] of [
      [2, 2],
      [157, 2],
      [2, 157],
      [157, 157],
      [80, 80],
    ] as const) {
      const [r, g, b] = await pixel(thumb, x, y);
      expect({ x, y, green: g! > 150 && r! < 90 && b! < 90 }).toEqual({ x, y, green: true });
    }
  });

  it('puts transparent areas on white', async () => {
    const clear = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await renderImage(clear, 'clear', mediaDir);
    const [r, g, b] = await pixel(path.join(mediaDir, 'clear-thumb.webp'), 80, 80);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(245);
  });

  it.each([
    ['JPEG', () => landscape().jpeg().toBuffer()],
    ['WebP', () => landscape().webp().toBuffer()],
    [
      'SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="120"><rect width="90" height="120" fill="#1b6"/></svg>',
        ),
    ],
  ])('reads %s as well', async (_format, make) => {
    await renderImage(await make(), 'any-format', mediaDir);
    const meta = await sharp(path.join(mediaDir, 'any-format-large.webp')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 900 });
  });

  it('reads a picture from a file path', async () => {
    const file = path.join(dir, 'upload.png');
    await writeFile(file, await landscape(20).png().toBuffer());
    await renderImage(file, 'from-file', mediaDir);
    expect(existsSync(path.join(mediaDir, 'from-file-medium.webp'))).toBe(true);
  });

  it.each(['', 'Mug', '-mug', 'mug_front', '../mug', 'mug/front', 'mug front', 'becher-größe'])(
    'refuses the key %j and writes nothing',
    async (key) => {
      const png = await landscape().png().toBuffer();
      const error = await renderImage(png, key, mediaDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageRejected);
      expect((error as ImageRejected).reason).toBe('invalid_key');
      expect(existsSync(mediaDir)).toBe(false);
    },
  );

  it.each([
    ['text', Buffer.from('this is not a picture')],
    ['an empty buffer', Buffer.alloc(0)],
    ['a cut-off PNG', null],
  ])('refuses %s cleanly, leaving no files behind', async (_what, given) => {
    const input = given ?? (await landscape().png().toBuffer()).subarray(0, 60);
    const error = await renderImage(input, 'broken', mediaDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejected);
    expect((error as ImageRejected).reason).toBe('unreadable');
    expect(existsSync(mediaDir) ? await readdir(mediaDir) : []).toEqual([]);
  });

  it('refuses a path that is not a picture', async () => {
    const file = path.join(dir, 'notes.txt');
    await writeFile(file, 'hello');
    await expect(renderImage(file, 'notes', mediaDir)).rejects.toMatchObject({
      name: 'ImageRejected',
      reason: 'unreadable',
    });
  });
});
