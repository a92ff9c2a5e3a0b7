import { describe, expect, it } from 'vitest';
import { formatGalleryHash, parseGalleryHash, pictureFromHash } from './gallery-hash.ts';

describe('gallery hash', () => {
  it('reads gallery and picture id in either order, with or without the leading mark', () => {
    expect(parseGalleryHash('#&gid=1&pid=3')).toEqual({ gid: 1, pid: 3 });
    expect(parseGalleryHash('pid=12&gid=2')).toEqual({ gid: 2, pid: 12 });
  });

  it('writes the form it reads', () => {
    const hash = formatGalleryHash({ gid: 1, pid: 4 });
    expect(hash).toBe('#&gid=1&pid=4');
    expect(parseGalleryHash(hash)).toEqual({ gid: 1, pid: 4 });
  });

  it.each([
    '',
    '#',
    '#reviews',
    '#&gid=1',
    '#&pid=2',
    '#&gid=1&pid=0',
    '#&gid=0&pid=1',
    '#&gid=1&pid=-2',
    '#&gid=1&pid=2.5',
    '#&gid=1&pid=1e3',
    '#&gid=1&pid=abc',
    '#&gid=1&pid=%00',
    '#&gid=1&pid=2&pid=3',
    '#&gid=1&pid=9999999',
    `#&gid=1&pid=1&x=${'a'.repeat(10_000)}`,
  ])('refuses %j', (hash) => {
    expect(parseGalleryHash(hash)).toBeNull();
  });

  it('turns a hash into a picture index of the right gallery only', () => {
    expect(pictureFromHash('#&gid=1&pid=3', 1, 3)).toBe(2);
    expect(pictureFromHash('#&gid=1&pid=4', 1, 3)).toBeNull();
    expect(pictureFromHash('#&gid=2&pid=1', 1, 3)).toBeNull();
  });
});
