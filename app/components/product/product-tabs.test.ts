import { describe, expect, it } from 'vitest';
import { tabForLocation } from './product-tabs.tsx';

const at = (hash: string, search = '', pathname = '/product/espresso') =>
  tabForLocation({ pathname, search, hash });

describe('tabForLocation', () => {
  it('opens the reviews for their hashes, a comment and a comment page', () => {
    for (const hash of [
      '#reviews',
      '#tab-reviews',
      '#comments',
      '#comment-12',
      '#tab-title-reviews',
    ]) {
      expect(at(hash), hash).toBe('reviews');
    }
    expect(at('', '', '/product/espresso/comment-page-2/')).toBe('reviews');
    expect(at('', '?cpage=3')).toBe('reviews');
    expect(at('#comment-page-2')).toBe('reviews');
  });

  it('opens additional information for its own hash', () => {
    expect(at('#tab-additional_information')).toBe('additional_information');
    expect(at('#additional_information')).toBe('additional_information');
  });

  it('leaves every other address to the first tab', () => {
    for (const hash of ['', '#', '#tab-description', '#review', '#&gid=1&pid=2', '#commentary']) {
      expect(at(hash), hash).toBeNull();
    }
    expect(at('', '?page=2')).toBeNull();
  });
});
