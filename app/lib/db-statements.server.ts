// What the shop does around each statement of a database client: counting writes, taking
// turns on the embedded database, its parsers set once, and the statement log.
import type { PGlite } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import type pg from 'pg';
import { mayWrite, mayWriteSettings } from './db-writes.server.ts';

/**
 * Counts what may write: statements other than plain SELECTs, inside transactions or not; and
 * apart from that, what may write the settings table.
 */
export function countWrites(client: PGlite): { writes: () => number; settings: () => number } {
  let generation = 0;
  let settingsGeneration = 0;
  const count = (text: string) => {
    if (!mayWrite(text)) return false;
    generation++;
    if (!mayWriteSettings(text)) return false;
    settingsGeneration++;
    return true;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    count(text);
    return (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
  }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => {
    generation++;
    settingsGeneration++;
    return (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
  }) as PGlite['exec'];
  // A transaction counts once it writes, and again after it ends: no reader keeps an answer
  // from before its commit. One that only reads (a job finding nothing due) moves nothing.
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) => {
    let wrote = false;
    let wroteSettings = false;
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        if (count(text)) wroteSettings = true;
        if (mayWrite(text)) wrote = true;
        return (txQuery as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
      }) as typeof tx.query;
      tx.exec = ((text: string, ...rest: unknown[]) => {
        wrote = wroteSettings = true;
        generation++;
        settingsGeneration++;
        return (txExec as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
      }) as typeof tx.exec;
      return callback(tx);
    }).finally(() => {
      if (wrote) generation++;
      if (wroteSettings) settingsGeneration++;
    });
  }) as PGlite['transaction'];
  return { writes: () => generation, settings: () => settingsGeneration };
}

/**
 * PGlite answers in the same turn of the event loop, so a request's statements would otherwise
 * run back to back without letting anything else in: Node accepts about one new connection per
 * turn, and a burst of checkouts left some shoppers' connections unaccepted for seconds while
 * others were served (p95 four times p50). Each statement first yields one turn; requests then
 * share the process statement by statement. Measured in docs/performance.md (decision 0044).
 */
export function takeTurns(client: PGlite) {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: unknown[]) => {
    await turn();
    return (query as (...args: unknown[]) => Promise<unknown>)(...args);
  }) as PGlite['query'];
  client.exec = (async (...args: unknown[]) => {
    await turn();
    return (exec as (...args: unknown[]) => Promise<unknown>)(...args);
  }) as PGlite['exec'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async (...args: unknown[]) => {
        await turn();
        return (txQuery as (...args: unknown[]) => Promise<unknown>)(...args);
      }) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}

/**
 * Drizzle hands PGlite its own parsers (dates and intervals kept as text) with every statement,
 * and PGlite merges them into its table of a few hundred parsers each time: about 60 µs per
 * statement, a tenth of an order's time. The same parsers are set on the client once instead,
 * and a statement carrying only those leaves them out.
 */
const DATES_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231 /* numeric[] */,
  1115 /* timestamp[] */,
  1185 /* timestamptz[] */,
  1187 /* interval[] */,
  1182 /* date[] */,
];

export function parseDatesOnce(client: PGlite) {
  for (const oid of DATES_AS_TEXT) client.parsers[oid] = (value: string) => value;
  const onlyDates = (options: unknown) => {
    const parsers = (options as { parsers?: Record<string, unknown> } | undefined)?.parsers;
    return (
      parsers !== undefined && Object.keys(parsers).every((key) => DATES_AS_TEXT.includes(+key))
    );
  };
  const withoutParsers = (options: unknown) => {
    const { parsers: _, ...rest } = options as { parsers?: unknown };
    return rest;
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) =>
    (query as (...args: unknown[]) => Promise<unknown>)(
      text,
      params,
      onlyDates(options) ? withoutParsers(options) : options,
    )) as PGlite['query'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: unknown) =>
        (txQuery as (...args: unknown[]) => Promise<unknown>)(
          text,
          params,
          onlyDates(options) ? withoutParsers(options) : options,
        )) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}

/**
 * `DB_STATEMENT_LOG=1` writes one line per statement to stderr (`sql| ` and its first words),
 * so that what a request sends can be counted (`tests/bench/statements.mjs`).
 */
function logStatement(text: unknown) {
  const line = String(typeof text === 'object' && text ? (text as { text?: string }).text : text);
  process.stderr.write(`sql| ${line.replace(/\s+/g, ' ').slice(0, 160)}\n`);
}

export function logPgliteStatements(client: PGlite) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    logStatement(text);
    return (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
  }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => {
    logStatement(text);
    return (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
  }) as PGlite['exec'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) => {
    logStatement('begin');
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        logStatement(text);
        return (txQuery as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
      }) as typeof tx.query;
      return callback(tx);
    }).finally(() => logStatement('commit'));
  }) as PGlite['transaction'];
}

export function logPoolStatements(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      logStatement(args[0]);
      return query(...args);
    }) as typeof client.query;
  });
}
