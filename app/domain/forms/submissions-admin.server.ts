// Contact form submissions for the back office: a keyset-paged list, one submission, new ones.
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { contactForms, formSubmissions } from './forms.schema.ts';
import type { FieldDefinition, FormDefinition, SubmissionStatus } from './forms.types.ts';
import {
  NEW_SUBMISSION_DAYS,
  type SubmissionDetail,
  type SubmissionFilter,
  type SubmissionPage,
  type SubmissionQuery,
  type SubmissionRow,
} from './submissions.view.ts';

export const SUBMISSIONS_PER_PAGE = 25;

/** Messages are what reached the shop: mailed, not mailed, or stored before the mail was tried. */
const STATUSES: Record<SubmissionFilter, (SubmissionStatus | 'pending')[] | null> = {
  messages: ['mail_sent', 'mail_failed', 'pending'],
  sent: ['mail_sent'],
  failed: ['mail_failed'],
  spam: ['spam'],
  all: null,
};

const SUMMARY_MAX = 120;
const DAY_MS = 86_400_000;

function firstValue(fields: Record<string, string[]>, name: string | undefined): string {
  return (name ? fields[name]?.find((v) => v.trim() !== '') : undefined)?.trim() ?? '';
}

/** A choice's label in the staff member's language; other values as sent. */
function shown(field: FieldDefinition | undefined, value: string, locale: Locale): string {
  const option = field?.options?.find((o) => o.value === value);
  return option ? localize(option.label, locale) : value;
}

/**
 * Sender and subject as the list shows them, found through the form's definition: the Reply-To
 * field or the first e-mail field, the field filled in as a name, a field called subject, else
 * the first line of the first text area.
 */
export function summarize(
  definition: FormDefinition,
  fields: Record<string, string[]>,
  locale: Locale,
): { name: string; email: string; subject: string } {
  const defs = definition.fields;
  const email =
    firstValue(fields, definition.mail.replyToField) ||
    firstValue(fields, defs.find((f) => f.type === 'email')?.name);
  const name = firstValue(
    fields,
    (defs.find((f) => f.autocomplete === 'name') ?? defs.find((f) => /name/i.test(f.name)))?.name,
  );
  const subjectField = defs.find(
    (f) => ['text', 'select', 'radio'].includes(f.type) && /subject|betreff/i.test(f.name),
  );
  const textArea = defs.find((f) => f.type === 'textarea');
  const subject =
    shown(subjectField, firstValue(fields, subjectField?.name), locale) ||
    (firstValue(fields, textArea?.name).split(/\r?\n/)[0] ?? '');
  const short = (text: string) =>
    text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
  return { name: short(name), email: short(email), subject: short(subject) };
}

const columns = {
  id: formSubmissions.id,
  createdAt: formSubmissions.createdAt,
  status: formSubmissions.status,
  fields: formSubmissions.fields,
  title: contactForms.title,
  definition: contactForms.definition,
};

type Selected = {
  id: number;
  createdAt: Date;
  status: string;
  fields: Record<string, string[]>;
  title: { de: string; en?: string };
  definition: FormDefinition;
};

function rowOf(row: Selected, locale: Locale): SubmissionRow {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    form: localize(row.title, locale),
    status: row.status,
    ...summarize(row.definition, row.fields, locale),
  };
}

/**
 * One page, newest first, keyset-paged by (created_at, id) on `form_submissions_created_idx`:
 * the next page starts after the values of the cursor's row.
 */
export async function submissionPage(
  db: Tx,
  query: SubmissionQuery,
  locale: Locale,
  now = new Date(),
): Promise<SubmissionPage> {
  const statuses = STATUSES[query.status];
  const rows = await db
    .select(columns)
    .from(formSubmissions)
    .innerJoin(contactForms, eq(contactForms.id, formSubmissions.formId))
    .where(
      and(
        statuses ? inArray(formSubmissions.status, statuses) : undefined,
        query.days
          ? gte(formSubmissions.createdAt, new Date(now.getTime() - query.days * DAY_MS))
          : undefined,
        query.after
          ? sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) < (select created_at, id from form_submissions where id = ${query.after})`
          : undefined,
      ),
    )
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(SUBMISSIONS_PER_PAGE + 1);
  const shown = rows.slice(0, SUBMISSIONS_PER_PAGE) as Selected[];
  return {
    rows: shown.map((row) => rowOf(row, locale)),
    next: rows.length > SUBMISSIONS_PER_PAGE ? shown.at(-1)!.id : null,
  };
}

/** Messages of the last NEW_SUBMISSION_DAYS days: a range of `form_submissions_created_idx`. */
export async function newSubmissionCount(db: Tx, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.status, STATUSES.messages!),
        gte(formSubmissions.createdAt, new Date(now.getTime() - NEW_SUBMISSION_DAYS * DAY_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** One submission with every field under its label in the staff member's language. */
export async function submissionDetail(
  db: Tx,
  id: number,
  locale: Locale,
): Promise<SubmissionDetail | null> {
  const [row] = await db
    .select({
      ...columns,
      locale: formSubmissions.locale,
      mailError: formSubmissions.mailError,
      mailedAt: formSubmissions.mailedAt,
      files: formSubmissions.files,
    })
    .from(formSubmissions)
    .innerJoin(contactForms, eq(contactForms.id, formSubmissions.formId))
    .where(eq(formSubmissions.id, id))
    .limit(1);
  if (!row) return null;
  const definition = row.definition;
  const known = new Set(definition.fields.map((f) => f.name));
  const fields = [
    ...definition.fields
      .filter((f) => f.type !== 'file' && row.fields[f.name] !== undefined)
      .map((f) => ({
        name: f.name,
        label: localize(f.label, locale),
        values: row.fields[f.name]!,
      })),
    // Fields the form no longer has keep their stored name.
    ...Object.entries(row.fields)
      .filter(([name]) => !known.has(name))
      .map(([name, values]) => ({ name, label: name, values })),
  ];
  return {
    ...rowOf(row as Selected, locale),
    locale: row.locale,
    mailError: row.mailError,
    mailedAt: row.mailedAt?.toISOString() ?? null,
    fields,
    files: row.files.map(({ name, size, type }) => ({ name, size, type })),
  };
}
