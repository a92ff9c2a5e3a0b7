// `npm run import-products -- FILE.csv [--update-existing] [--dry-run] [--zip PICTURES.zip]`:
// imports WooCommerce's product CSV into the configured database and prints the report.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CsvRefused } from '#app/domain/catalog/csv-reader.ts';
import {
  PictureSource,
  readPictureZip,
} from '#app/domain/catalog/product-import-pictures.server.ts';
import { importCsvText } from '#app/domain/catalog/product-import.server.ts';
import { shopPublicOrigin } from '#app/domain/payments/stripe-setup.server.ts';
import { ConfigError, parseEnv } from '#app/lib/env.server.ts';
import { DatabaseStartError } from '#app/lib/db.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { shopRunsOn } from '#server/backup/control.ts';
import { mediaDirOf, openShopDatabase } from '#server/boot.ts';
import { pictureHosts } from '#app/domain/catalog/picture-hosts.server.ts';

const USAGE =
  'usage: npm run import-products -- FILE.csv [--update-existing] [--dry-run] [--zip PICTURES.zip]';
const MAX_BYTES = 50 * 1024 * 1024;

async function run(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'update-existing': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      zip: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const file = positionals[0];
  if (!file || positionals.length !== 1) throw new ConfigError(USAGE);
  if (!existsSync(file)) throw new ConfigError(`No such file: ${file}`);
  if (statSync(file).size > MAX_BYTES)
    throw new ConfigError(`The file is larger than 50 MB: ${file}`);
  const env = parseEnv();
  // The embedded database is one process's alone: while the shop runs, its folder is locked.
  if (!env.DATABASE_URL) {
    const pgdata = path.resolve(env.DATA_DIR, 'pgdata');
    if ((await shopRunsOn(env)) || existsSync(path.join(pgdata, 'postmaster.pid'))) {
      throw new ConfigError(
        `The shop is running on the embedded database in ${pgdata}: the folder is locked while it runs. Stop the shop, import, and start the shop again (or import in the back office under Products > Import, or use DATABASE_URL with PostgreSQL).`,
      );
    }
  }
  let zipFiles: Map<string, Uint8Array> | undefined;
  if (values.zip) {
    const zip = readPictureZip(readFileSync(values.zip));
    if (!zip.ok) throw new ConfigError(`The ZIP file was refused (${zip.code}): ${values.zip}`);
    zipFiles = zip.files;
  }
  const t = serverTranslator('en');
  const handle = await openShopDatabase(env, () => {});
  try {
    const report = await importCsvText(handle.db, readFileSync(file, 'utf8'), {
      updateExisting: values['update-existing'] ?? false,
      dryRun: values['dry-run'] ?? false,
      actor: { channel: 'system', id: null, label: 'npm run import-products' },
      pictures: new PictureSource({
        shopOrigin: shopPublicOrigin(env),
        allowedOrigins: await pictureHosts(handle.db),
        mediaDir: mediaDirOf(env),
        zipFiles,
      }),
    });
    for (const row of report.rows) {
      const reason = row.reason ? `: ${t(row.reason as never, row.params)}` : '';
      console.log(`line ${row.line} ${row.outcome} ${row.sku || row.name}${reason}`);
    }
    for (const note of report.notes) console.log(t(note as never));
    console.log(
      `${values['dry-run'] ? 'Dry run: ' : ''}${report.created} created, ${report.updated} updated, ${report.skipped} skipped.`,
    );
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CsvRefused) {
    console.error(`The CSV file was refused: ${JSON.stringify(error.refusal)}`);
    process.exit(1);
  }
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    (error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS'));
  console.error(known ? (error as Error).message : error);
  if (known && error instanceof TypeError) console.error(USAGE);
  process.exit(1);
});
