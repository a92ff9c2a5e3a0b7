import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../http/routes.ts';
import { deriveParamTable } from './derive.ts';
import { TABLE_FILE, serializeTable } from './table.ts';

describe('the committed parameter table', () => {
  it('is what the installed stripe package derives (else: npm run sandbox:params)', () => {
    const fresh = serializeTable(deriveParamTable(ROUTES.map((route) => route.key)));
    expect(readFileSync(TABLE_FILE, 'utf8') === fresh).toBe(true);
  }, 180_000);
});
