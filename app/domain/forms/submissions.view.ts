// The back office's list of contact form submissions as pages show it; safe in the browser.

/** What the list can be narrowed to: real messages (the default), by mail outcome, or spam. */
export const SUBMISSION_FILTERS = ['messages', 'sent', 'failed', 'spam', 'all'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

/** A message received within this many days counts as new on the dashboard. */
export const NEW_SUBMISSION_DAYS = 7;

export type SubmissionQuery = {
  status: SubmissionFilter;
  /** Only submissions of the last this many days; null for all. */
  days: number | null;
  /** Keyset cursor: the id of the last row of the page before. */
  after: number | null;
};

export type SubmissionRow = {
  id: number;
  createdAt: string;
  form: string;
  name: string;
  email: string;
  subject: string;
  status: string;
};

export type SubmissionPage = { rows: SubmissionRow[]; next: number | null };

export type SubmissionDetail = SubmissionRow & {
  locale: string;
  mailError: string | null;
  mailedAt: string | null;
  fields: { name: string; label: string; values: string[] }[];
  files: { name: string; size: number; type: string }[];
};

const one = (params: URLSearchParams, name: string) => {
  const values = params.getAll(name);
  return values.length === 1 ? values[0]! : '';
};

/** Reads the list's URL; anything unknown, repeated or malformed means the default. */
export function parseSubmissionQuery(params: URLSearchParams): SubmissionQuery {
  const status = one(params, 'status');
  const days = /^[1-9]\d{0,2}$/.test(one(params, 'days')) ? Number(one(params, 'days')) : null;
  const after = one(params, 'after');
  return {
    status: (SUBMISSION_FILTERS as readonly string[]).includes(status)
      ? (status as SubmissionFilter)
      : 'messages',
    days: days !== null && days <= 366 ? days : null,
    after: /^[1-9]\d{0,8}$/.test(after) ? Number(after) : null,
  };
}

export function submissionsHref(query: Partial<SubmissionQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== 'messages') params.set('status', query.status);
  if (query.days) params.set('days', String(query.days));
  if (query.after) params.set('after', String(query.after));
  const search = params.toString();
  return `/admin/forms${search ? `?${search}` : ''}`;
}
