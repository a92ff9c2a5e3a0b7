/** A database handle or an open transaction: domain functions take either. */
export type { Tx } from '#app/lib/db.server.ts';
