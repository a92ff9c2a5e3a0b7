// What the shop does around each statement of a database client: counting writes, taking
// turns on the embedded database, its parsers set once, and the statement log.
import type { PGlite } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import type pg from 'pg';
import { mayWrite, mayWriteSettings } from './db-writes.server.ts';

type Run = (...args: unknown[]) => Promise<unknown>;
type Statements = { query: unknown; exec?: unknown };

/** Replaces `target[name]` (a client's or a transaction's) with `wrap` around the original. */
function around(target: Statements, name: 'query' | 'exec', wrap: (run: Run) => Run) {
  const run = (target[name] as Run).bind(target);
  (target as Record<string, unknown>)[name] = wrap(run);
}

/**
 * Calls `opened` with every transaction the client opens, before its callback runs; what
 * `opened` returns is called when the transaction has ended, committed or not.
 */
function eachTransaction(client: PGlite, opened: (tx: Statements) => (() => void) | void) {
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) => {
    let ended: (() => void) | void;
    return transaction((tx) => {
      ended = opened(tx);
      return callback(tx);
    }).finally(() => ended?.());
  }) as PGlite['transaction'];
}

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
  const countAll = () => {
    generation++;
    settingsGeneration++;
  };
  around(client, 'query', (run) => (text, ...rest) => {
    count(text as string);
    return run(text, ...rest);
  });
  around(client, 'exec', (run) => (...args) => {
    countAll();
    return run(...args);
  });
  // A transaction counts once it writes, and again after it ends: no reader keeps an answer
  // from before its commit. One that only reads (a job finding nothing due) moves nothing.
  eachTransaction(client, (tx) => {
    let wrote = false;
    let wroteSettings = false;
    around(tx, 'query', (run) => (text, ...rest) => {
      if (count(text as string)) wroteSettings = true;
      if (mayWrite(text as string)) wrote = true;
      return run(text, ...rest);
    });
    around(tx, 'exec', (run) => (...args) => {
      wrote = wroteSettings = true;
      countAll();
      return run(...args);
    });
    return () => {
      if (wrote) generation++;
      if (wroteSettings) settingsGeneration++;
    };
  });
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
  const turnFirst =
    (run: Run): Run =>
    async (...args) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return run(...args);
    };
  around(client, 'query', turnFirst);
  around(client, 'exec', turnFirst);
  eachTransaction(client, (tx) => around(tx, 'query', turnFirst));
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
  const lean =
    (run: Run): Run =>
    (text, params, options) => {
      const { parsers, ...rest } = (options ?? {}) as { parsers?: Record<string, unknown> };
      const onlyDates =
        parsers !== undefined && Object.keys(parsers).every((key) => DATES_AS_TEXT.includes(+key));
      return run(text, params, onlyDates ? rest : options);
    };
  around(client, 'query', lean);
  eachTransaction(client, (tx) => around(tx, 'query', lean));
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
  const logged =
    (run: Run): Run =>
    (...args) => {
      logStatement(args[0]);
      return run(...args);
    };
  around(client, 'query', logged);
  around(client, 'exec', logged);
  eachTransaction(client, (tx) => {
    logStatement('begin');
    around(tx, 'query', logged);
    return () => logStatement('commit');
  });
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
