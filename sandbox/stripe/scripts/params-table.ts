// Writes sandbox/stripe/params/table.json from the `stripe` package's types (run by
// `npm run build` and `npm run sandbox:params`). With --if-stale it derives only when the
// table's source hash no longer matches (a new `stripe` version, a changed deriver or route).
import { readFileSync, writeFileSync } from 'node:fs';
import { ROUTES } from '../http/routes.ts';
import { derivedFrom, deriveParamTable } from '../params/derive.ts';
import type { ParamTable } from '../params/schema.ts';
import { TABLE_FILE, serializeTable } from '../params/table.ts';

const keys = ROUTES.map((route) => route.key);
const ifStale = process.argv.includes('--if-stale');
const current = (() => {
  try {
    return JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as ParamTable;
  } catch {
    return null;
  }
})();
if (ifStale && current?.source === derivedFrom(keys)) process.exit(0);
const text = serializeTable(deriveParamTable(keys));
if (readFileSync(TABLE_FILE, { encoding: 'utf8', flag: 'a+' }) !== text) {
  writeFileSync(TABLE_FILE, text);
  console.log(`${TABLE_FILE} written: commit it with the change that made it stale.`);
}
