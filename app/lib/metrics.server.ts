import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from './db.server.ts';

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // The databases whose pool and outbox the gauges read: the running shop's.
  const watched = new Set<DatabaseHandle>();
  const counter = <Label extends string = never>(
    name: string,
    help: string,
    labelNames: readonly Label[] = [],
  ) => new Counter<Label>({ name, help, labelNames, registers: [registry] });

  const httpRequests = counter(
    'shop_http_requests_total',
    'Requests answered, by route pattern, method and status',
    ['route', 'method', 'status'],
  );

  const httpDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const renderCache = counter(
    'shop_render_cache_requests_total',
    'Pages and kept answers looked up in the render cache, by result (hit, miss)',
    ['result'],
  );

  const jobRunsTotal = counter(
    'shop_job_runs_total',
    'Job checks, by job and outcome (ok, failed, locked, not-due)',
    ['job', 'outcome'],
  );

  const jobFailures = counter('shop_job_failures_total', 'Job runs that failed, by job', ['job']);

  const ordersPlaced = counter(
    'shop_orders_placed_total',
    'Orders placed at the checkout (all ways in), by the status they reached',
    ['status'],
  );

  const paymentFailures = counter(
    'shop_payment_failures_total',
    'Orders whose payment failed when they were placed',
  );

  const webhookFailures = counter(
    'shop_webhook_delivery_failures_total',
    'Webhook deliveries that failed, by endpoint',
    ['endpoint'],
  );

  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Database connections by state (total, idle, waiting clients); the embedded database has one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const handle of watched) {
        const pool = handle.pool?.() ?? { total: 1, idle: 0, waiting: 0 };
        this.inc({ state: 'total' }, pool.total);
        this.inc({ state: 'idle' }, pool.idle);
        this.inc({ state: 'waiting' }, pool.waiting);
      }
    },
  });

  new Gauge({
    name: 'shop_outbox_backlog',
    help: 'Order side effects written to the outbox and not carried out yet',
    registers: [registry],
    async collect() {
      let backlog = 0;
      for (const handle of watched) backlog += await outboxBacklog(handle);
      this.set(backlog);
    },
  });

  async function outboxBacklog(handle: DatabaseHandle): Promise<number> {
    try {
      const result = await handle.db.execute(
        sql`select count(*)::int as n from outbox where done_at is null`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    } catch {
      // A database without the outbox table has no backlog.
      return 0;
    }
  }

  return {
    registry,
    watched,
    httpRequests,
    httpDuration,
    renderCache,
    jobRunsTotal,
    jobFailures,
    ordersPlaced,
    paymentFailures,
    webhookFailures,
  };
}

/**
 * The shop's metrics, one set per process, served at /metrics in Prometheus's text format. Kept
 * on the global object: the server's bundle and the app's bundle each carry this module.
 */
const KEY = Symbol.for('ladenzeile.metrics');
const shared = ((globalThis as Record<symbol, unknown>)[KEY] ??= createMetrics()) as ReturnType<
  typeof createMetrics
>;

export const {
  registry,
  httpRequests,
  httpDuration,
  renderCache,
  jobRunsTotal,
  jobFailures,
  ordersPlaced,
  paymentFailures,
  webhookFailures,
} = shared;

export function watchDatabase(handle: DatabaseHandle): () => void {
  shared.watched.add(handle);
  return () => shared.watched.delete(handle);
}

/** One line at the checkout: the order placed and, when its payment failed, the failure. */
export function recordOrderPlaced(status: string): void {
  ordersPlaced.inc({ status });
  if (status === 'failed') paymentFailures.inc();
}
