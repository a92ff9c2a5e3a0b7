import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from './db.server.ts';

/** The channel every committed write of any instance is announced on (decision 0018). */
export const WRITES_CHANNEL = 'shop_writes';
const TRIGGER = 'shop_writes';
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'shop writes listener';

const READ_ONLY = /^\s*select\b(?![\s\S]*\b(nextval|setval)\s*\()/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_CONTROL =
  /^\s*(begin|start\s+transaction|savepoint|release|set|listen|unlisten)\b/i;

/** Whether a statement may change data: anything but a plain SELECT or transaction control. */
export function mayWrite(text: string): boolean {
  return !READ_ONLY.test(text) && !TRANSACTION_CONTROL.test(text) && !TRANSACTION_END.test(text);
}

const NAMES_SETTINGS = /(?:^|[^\w$])"?settings"?(?:$|[^\w$])/i;
const NOT_ROW_WRITE = /^(?!\s*(?:insert|update|delete|with|select)\b)/i;

/**
 * Whether a statement may change the settings table: a write that names it, or one that is
 * not a plain row write (truncate, DDL, copy). Per-instance copies of the settings follow it.
 */
export function mayWriteSettings(text: string): boolean {
  return mayWrite(text) && (NAMES_SETTINGS.test(text) || NOT_ROW_WRITE.test(text));
}

/** The notice's payload: which writes it announces (an older trigger sends none: anything). */
const SETTINGS_NOTICE = 'settings';
const ROWS_NOTICE = 'rows';

/**
 * Gives every table of the shop's schema a statement trigger that notifies `shop_writes` at
 * commit. Runs after the migrations at every start, so tables added later are covered too;
 * PostgreSQL folds the notices of one transaction into one.
 */
export async function installWriteNotices(tx: Tx): Promise<void> {
  await tx.execute(
    sql.raw(`create or replace function shop_notify_write() returns trigger language plpgsql as $$
      begin perform pg_notify('${WRITES_CHANNEL}', case when TG_TABLE_NAME = 'settings'
        then '${SETTINGS_NOTICE}' else '${ROWS_NOTICE}' end); return null; end $$`),
  );
  const missing = (await tx.execute(sql`
    select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER})`)) as unknown as {
    rows: { name: string }[];
  };
  for (const { name } of missing.rows) {
    await tx.execute(
      sql`create trigger ${sql.identifier(TRIGGER)} after insert or update or delete or truncate on ${sql.identifier(name)} for each statement execute function shop_notify_write()`,
    );
  }
}

/** Tables of the shop's schema that no write trigger watches. */
export async function unwatchedTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname = current_schema()
       and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = $1)`,
    [TRIGGER],
  );
  return rows.map((r) => r.name);
}

export type WriteWatch = {
  /** Moves on every write seen; while nothing is listening, a new value at every call. */
  generation(): number;
  /** The same for writes that may change the settings table. */
  settingsGeneration(): number;
  /** Starts listening (after the triggers are installed); resolves once it listens or failed. */
  start(): Promise<void>;
  listening(): boolean;
  close(): Promise<void>;
};

/**
 * The write generation of one instance on PostgreSQL: its own pool's writes counted as they
 * happen (so a shopper reads their own change at once), other instances' writes from the
 * `shop_writes` notices of one listening connection. Without that connection, or while any
 * table lacks its trigger, nothing is repeated.
 */
export function watchPostgresWrites(pool: pg.Pool, url: string): WriteWatch {
  let generation = 0;
  let settingsGeneration = 0;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;

  const bump = () => {
    generation++;
  };
  const bumpBoth = () => {
    generation++;
    settingsGeneration++;
  };

  // Each pooled connection counts what may write, before it runs and again once it is done; a
  // transaction that wrote counts again when it ends, so no reader keeps an answer from
  // before its commit. A transaction that only reads moves nothing.
  // Backends of this pool: their notices come back too, but their writes are counted already.
  const ownBackends = new Set<number>();
  pool.on('remove', (connection) => {
    ownBackends.delete((connection as unknown as { processID: number }).processID);
  });
  pool.on('connect', (connection) => {
    ownBackends.add((connection as unknown as { processID: number }).processID);
    let wrote = false;
    let wroteSettings = false;
    const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
    connection.query = ((...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
      if (typeof text !== 'string') return query(...args);
      // A write outside a transaction is counted on its own, before and after.
      if (TRANSACTION_START.test(text)) wrote = wroteSettings = false;
      const ends = TRANSACTION_END.test(text);
      const writes = mayWrite(text);
      const writesSettings = writes && mayWriteSettings(text);
      if (writes) {
        wrote = true;
        bump();
      }
      if (writesSettings) {
        wroteSettings = true;
        settingsGeneration++;
      }
      if (!((ends && wrote) || writes)) return query(...args);
      const after = writesSettings || (ends && wroteSettings) ? bumpBoth : bump;
      if (ends) wrote = wroteSettings = false;
      // The pool itself calls with a callback; drizzle awaits the promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          after();
          return (callback as (...r: unknown[]) => unknown)(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(after, after);
      else after();
      return result;
    }) as typeof connection.query;
  });

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = null;
    listening = false;
    bumpBoth();
    from.end().catch(() => {});
    schedule();
  };

  const connect = async () => {
    if (closed || client) return;
    const listener = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client = listener;
    listener.on('notification', (notice) => {
      if (ownBackends.has(notice.processId)) return;
      if (notice.payload === ROWS_NOTICE) bump();
      else bumpBoth();
    });
    listener.on('error', () => lost(listener));
    listener.on('end', () => lost(listener));
    try {
      await listener.connect();
      await listener.query(`listen ${WRITES_CHANNEL}`);
      const unwatched = await unwatchedTables(listener);
      if (unwatched.length > 0) throw new Error(`tables without write trigger: ${unwatched}`);
      if (closed || client !== listener) return;
      bumpBoth();
      listening = true;
      delay = 500;
    } catch {
      lost(listener);
    }
  };

  return {
    generation: () => (listening ? generation : ++generation),
    settingsGeneration: () => (listening ? settingsGeneration : ++settingsGeneration),
    start: connect,
    listening: () => listening,
    close: async () => {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const listener = client;
      client = null;
      await listener?.end().catch(() => {});
    },
  };
}
