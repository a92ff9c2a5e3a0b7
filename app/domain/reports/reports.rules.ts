// The back office's reports: the range and grouping read from the URL, and the periods a
// range falls into. Pure, so the page and its CSV export read the same figures.
import { z } from 'zod';

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_KINDS = [
  'revenue',
  'taxes',
  'products',
  'categories',
  'coupons',
  'customers',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest range a report covers: three years of days. */
export const MAX_RANGE_DAYS = 3 * 366;
export const DEFAULT_RANGE_DAYS = 30;
export const TOP_LIMIT = 10;

export type ReportRange = { from: string; to: string; grouping: ReportGrouping };

export type ReportRangeError =
  'bad_from' | 'bad_to' | 'order' | 'too_long' | 'bad_grouping' | 'bad_report';

const DAY_MS = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A real calendar day `YYYY-MM-DD` (2000 to 2999), else null. */
export function calendarDay(value: string): string | null {
  const m = /^(2\d{3})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return dayKey(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === value ? value : null;
}

/** Today in the shop's calendar (Berlin). */
export function shopToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
}

// One value each; a repeated parameter or a long one is refused, not guessed at.
const single = z.string().max(20);
const querySchema = z.object({
  from: single.optional(),
  to: single.optional(),
  group: single.optional(),
  report: single.optional(),
});

export type ParsedReportQuery =
  | { ok: true; range: ReportRange; report: ReportKind }
  | { ok: false; error: ReportRangeError; range: ReportRange; report: ReportKind };

/**
 * The range of the URL: `from`, `to` (Berlin days) and `group`, the last 30 days by day when
 * absent. Malformed input is an error the page names, never a guess.
 */
export function parseReportQuery(params: URLSearchParams, now: Date): ParsedReportQuery {
  const today = shopToday(now);
  const fallback: ReportRange = {
    from: dayKey(dayMs(today) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS),
    to: today,
    grouping: 'day',
  };
  const raw: Record<string, unknown> = {};
  for (const key of ['from', 'to', 'group', 'report']) {
    const all = params.getAll(key);
    if (all.length > 0) raw[key] = all.length === 1 ? all[0] : all;
  }
  const parsed = querySchema.safeParse(raw);
  const fail = (error: ReportRangeError): ParsedReportQuery => ({
    ok: false,
    error,
    range: fallback,
    report: 'revenue',
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return fail(
      field === 'to'
        ? 'bad_to'
        : field === 'group'
          ? 'bad_grouping'
          : field === 'report'
            ? 'bad_report'
            : 'bad_from',
    );
  }
  const q = parsed.data;
  const report = q.report === undefined || q.report === '' ? 'revenue' : q.report;
  if (!(REPORT_KINDS as readonly string[]).includes(report)) return fail('bad_report');
  const grouping = q.group === undefined || q.group === '' ? 'day' : q.group;
  if (!(REPORT_GROUPINGS as readonly string[]).includes(grouping)) return fail('bad_grouping');
  const from = q.from === undefined || q.from === '' ? fallback.from : calendarDay(q.from);
  if (!from) return fail('bad_from');
  const to = q.to === undefined || q.to === '' ? fallback.to : calendarDay(q.to);
  if (!to) return fail('bad_to');
  if (from > to) return fail('order');
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > MAX_RANGE_DAYS) return fail('too_long');
  return {
    ok: true,
    range: { from, to, grouping: grouping as ReportGrouping },
    report: report as ReportKind,
  };
}

/** The first day of the period `day` falls into: itself, its week's Monday, its month's 1st. */
export function periodStart(day: string, grouping: ReportGrouping): string {
  if (grouping === 'day') return day;
  if (grouping === 'month') return `${day.slice(0, 7)}-01`;
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0
  return dayKey(ms - weekday * DAY_MS);
}

/** Every period of the range, oldest first, so periods without orders show as zero. */
export function periodsOf(range: ReportRange): string[] {
  const keys: string[] = [];
  let day = periodStart(range.from, range.grouping);
  while (day <= range.to) {
    keys.push(day);
    if (range.grouping === 'day') day = dayKey(dayMs(day) + DAY_MS);
    else if (range.grouping === 'week') day = dayKey(dayMs(day) + 7 * DAY_MS);
    else {
      const d = new Date(dayMs(day));
      day = dayKey(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    }
  }
  return keys;
}
