import type { Database, DatabaseHandle } from './db.server.ts';
import type { Env } from './env.server.ts';

export type ShopContext = {
  db: Database;
  env: Env;
  database: DatabaseHandle;
  /** Set by the server when it refused the address (decision 0009): pages answer with this status. */
  refusedStatus?: 400 | 414;
  /** A client-side data request (`….data`), never a page: it may carry the visitor's data. */
  dataRequest?: boolean;
  /** Set when a loader or action read the session: the answer is the visitor's own, not shared. */
  readsSession?: boolean;
  /**
   * Set by an answer that depends only on the request's address, cookies and Cart-Token and on
   * the database: the server may repeat it while the database has not been written.
   */
  keptAnswer?: boolean;
};

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the shop's context into React Router's
  interface AppLoadContext extends ShopContext {}
}
