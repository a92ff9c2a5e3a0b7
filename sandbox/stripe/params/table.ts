import { createHash } from 'node:crypto';
import type { ParamTable } from './schema.ts';

/**
 * The committed table and its file format: the endpoints, then one type per line, so that a
 * new `stripe` version shows in review as the lines of the types that changed.
 */
export const TABLE_FILE = 'sandbox/stripe/params/table.json';

export function serializeTable(table: ParamTable): string {
  const types = Object.entries(table.types).map(
    ([name, schema]) => `    ${JSON.stringify(name)}: ${JSON.stringify(schema)}`,
  );
  return [
    '{',
    `  "stripe": ${JSON.stringify(table.stripe)},`,
    `  "source": ${JSON.stringify(table.source)},`,
    `  "endpoints": ${JSON.stringify(table.endpoints, null, 4).replace(/\n}$/, '\n  }')},`,
    '  "types": {',
    types.join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * What the table is derived from, hashed: the SDK's version, the deriving code and the
 * endpoints. The build compares it to tell a stale table without running the compiler.
 */
export function sourceHash(stripeVersion: string, deriver: string, endpoints: readonly string[]) {
  return createHash('sha256')
    .update(`${stripeVersion}\n${deriver}\n${[...endpoints].sort().join('\n')}`)
    .digest('hex')
    .slice(0, 16);
}
