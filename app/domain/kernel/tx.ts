import type { SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Tx } from '#app/lib/db.server.ts';

/** A database handle or an open transaction: domain functions take either. */
export type { Tx };

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Runs independent reads: at once on a pool, one after another inside a transaction, whose
 * single connection takes one query at a time (the driver would queue them anyway, and
 * warns that it will stop doing so).
 */
export async function readAll<T extends Reads>(
  db: Tx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  }
  return (await Promise.all(reads.map((read) => read()))) as {
    -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
  };
}

/** The rows of a raw statement, on either database's driver. */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
