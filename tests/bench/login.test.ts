import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS } from '#app/domain/customers/passwords.server.ts';
// @ts-expect-error -- a plain ES module of the bench, without types
import { KDF_OPTIONS } from './login.mjs';

describe('login bench', () => {
  it('measures the hash with the parameters the shop uses', () => {
    expect(KDF_OPTIONS).toEqual(ARGON2_OPTIONS);
  });
});
