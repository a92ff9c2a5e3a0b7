import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type JobStatus = 'ok' | 'failed';

/** What a job reports about one run, e.g. how many rows it removed. */
export type JobResult = Record<string, number | string | boolean | null>;

/**
 * The last run of each periodic job, whichever app instance ran it; the runner decides from
 * this row whether a job is due.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status').$type<JobStatus>(),
  lastError: text('last_error'),
  lastResult: jsonb('last_result').$type<JobResult>(),
});
