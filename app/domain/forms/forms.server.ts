import { createHash, createHmac } from 'node:crypto';
import type { ErrorKind } from '#app/domain/kernel/result.ts';
import { readFile } from 'node:fs/promises';
import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Mailer } from '#app/lib/mail.server.ts';
import { isUnsafeText } from '#app/lib/hostile-input.ts';
import { compileRules } from './compile.ts';
import { contactForms, formSubmissions } from './forms.schema.ts';
import type { FieldDefinition, FormDefinition, SubmissionStatus } from './forms.types.ts';
import type { Feedback } from './forms.view.ts';
import { type FormValues, type InvalidField, isEmail, validateForm } from './rules.ts';
import { type ReceivedForm, discardFiles, extensionMatchesContent } from './uploads.server.ts';

export type ContactFormRow = typeof contactForms.$inferSelect;

/** At most this many submissions per visitor (address or session) in the window, unless the `forms.rate_limit` setting says otherwise. */
export const RATE_LIMIT = { submissions: 5, windowMs: 10 * 60 * 1000 };
export type RateLimit = typeof RATE_LIMIT;

export const HONEYPOT_FIELD = 'name-kc';
export const CAPTCHA_KEY_FIELD = 'kc_key';
export const CAPTCHA_ANSWER_FIELD = 'kc_captcha';
/** Where Contact Form 7's script keeps the key it read from the picture's address. */
export const CAPTCHA_CHALLENGE_FIELD = `_wpcf7_captcha_challenge_${CAPTCHA_ANSWER_FIELD}`;

export async function findForm(
  db: Tx,
  by: { id: number } | { slug: string },
): Promise<ContactFormRow | null> {
  const [row] = await db
    .select()
    .from(contactForms)
    .where('id' in by ? eq(contactForms.id, by.id) : eq(contactForms.slug, by.slug))
    .limit(1);
  return row ?? null;
}

export type SubmissionDeps = {
  db: Tx;
  mailer: Mailer;
  locale: Locale;
  t: Translate;
  secret: string;
  rateLimit?: RateLimit;
  /** Checks the captcha answer once; 'ok' or why not. */
  verifyCaptcha: (
    key: string,
    answer: string,
  ) => Promise<'ok' | 'missing' | 'wrong' | 'expired' | 'replayed'>;
};

export type SubmissionInput = {
  form: ContactFormRow;
  received: ReceivedForm;
  sessionIdHash: string | null;
  clientAddress: string;
  unitTag: string;
};

/** A hash of the visitor's address under the shop secret: counts attempts without storing addresses. */
export function clientHashOf(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`client:${address}`).digest('base64url').slice(0, 32);
}

export function postedDataHash(fields: Record<string, string[]>): string {
  const visible = Object.keys(fields)
    .filter((k) => !k.startsWith('_') && k !== CAPTCHA_KEY_FIELD && k !== CAPTCHA_ANSWER_FIELD)
    .sort()
    .map((k) => [k, fields[k]]);
  return createHash('sha256').update(JSON.stringify(visible)).digest('hex').slice(0, 32);
}

/** Only the form's own fields are kept: anything else a client sends is dropped. */
function ownFields(
  definition: FormDefinition,
  fields: Record<string, string[]>,
): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const f of definition.fields) {
    if (f.type === 'file') continue;
    const values = fields[f.name] ?? fields[`${f.name}[]`];
    if (values) kept[f.name] = values.map((v) => v.slice(0, 10_000));
  }
  return kept;
}

function acceptanceGiven(field: FieldDefinition, values: string[] | undefined): boolean {
  const ticked = (values ?? []).some((v) => v.trim() !== '');
  return field.invert ? !ticked : ticked;
}

/**
 * Decides a submission, stores it before any mail is tried, mails it, and answers in the
 * feedback shape. The server is the authority: it runs the same rules as the browser.
 */
export async function processSubmission(
  deps: SubmissionDeps,
  input: SubmissionInput,
): Promise<{ feedback: Feedback; refusal: ErrorKind | null }> {
  const { db, t, locale } = deps;
  const { form } = input;
  const definition = form.definition;
  // Like text fields, files count only in the form's own file fields: a file sent under any
  // other name is deleted unread, so it can neither be mailed nor stand in for a text value.
  const fileFields = new Set(definition.fields.filter((f) => f.type === 'file').map((f) => f.name));
  const ownFile = (field: string) => fileFields.has(field.replace(/\[\]$/, ''));
  await discardFiles(input.received.files.filter((f) => !ownFile(f.field)));
  const received: ReceivedForm = {
    ...input.received,
    files: input.received.files.filter((f) => ownFile(f.field)),
    oversized: input.received.oversized.filter(ownFile),
  };
  const fields = ownFields(definition, received.fields);
  const hash = postedDataHash(fields);
  const clientHash = clientHashOf(input.clientAddress, deps.secret);
  const reply = (
    status: SubmissionStatus,
    message: string,
    invalid: InvalidField[] = [],
    /** A request refused as a whole (broken or too frequent), not a decided submission. */
    refusal: ErrorKind | null = null,
  ) => ({
    refusal,
    feedback: {
      contact_form_id: form.id,
      status,
      message,
      invalid_fields: invalid.map((i) => ({
        field: i.field,
        message: i.message,
        idref: null,
        error_id: `${input.unitTag}-ve-${i.field}`,
      })),
      posted_data_hash: hash,
      into: `#${input.unitTag}`,
    },
  });
  const store = async (status: SubmissionStatus | 'pending', files = received.files) => {
    const [row] = await db
      .insert(formSubmissions)
      .values({
        formId: form.id,
        status,
        fields,
        files: files.map((f) => ({
          name: f.name,
          size: f.size,
          type: f.type,
          storedAs: f.path || null,
        })),
        locale,
        postedDataHash: hash,
        clientHash,
        sessionIdHash: input.sessionIdHash,
      })
      .returning({ id: formSubmissions.id });
    return row!.id;
  };

  if (received.broken) {
    await discardFiles(received.files);
    return reply('validation_failed', t('forms.request_broken'), [], 'invalid');
  }
  if (received.unsafeField !== undefined) {
    await discardFiles(received.files);
    // Named like any invalid field, unless the name itself is what was refused.
    const field = isUnsafeText(received.unsafeField) ? [] : [received.unsafeField];
    return reply(
      'validation_failed',
      localize(definition.messages.validation_error, locale),
      field.map((name) => ({ field: name, message: t('forms.invalid_characters') })),
      'invalid',
    );
  }

  const limit = deps.rateLimit ?? RATE_LIMIT;
  const since = new Date(Date.now() - limit.windowMs);
  const [recent] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        gt(formSubmissions.createdAt, since),
        input.sessionIdHash
          ? or(
              eq(formSubmissions.clientHash, clientHash),
              eq(formSubmissions.sessionIdHash, input.sessionIdHash),
            )
          : eq(formSubmissions.clientHash, clientHash),
      ),
    );
  if (Number(recent?.n ?? 0) >= limit.submissions) {
    await discardFiles(received.files);
    return reply('aborted', t('forms.rate_limited'), [], 'rate_limited');
  }

  if ((received.fields[HONEYPOT_FIELD] ?? []).some((v) => v !== '')) {
    await discardFiles(received.files);
    await store('spam', []);
    return reply('spam', localize(definition.messages.spam, locale));
  }

  const values: FormValues = { ...fields };
  for (const file of received.files)
    (values[file.field.replace(/\[\]$/, '')] ??= []).push({
      name: file.name,
      size: file.size,
      type: file.type,
    });
  const invalid = validateForm(compileRules(definition, locale, t), values);
  const invalidFields = new Set(invalid.map((i) => i.field));
  const flag = (field: string, message: string) => {
    if (invalidFields.has(field)) return;
    invalidFields.add(field);
    invalid.push({ field, message });
  };
  for (const field of new Set(received.oversized.map((f) => f.replace(/\[\]$/, ''))))
    flag(field, t('forms.file_too_large'));
  for (const file of received.files) {
    const field = file.field.replace(/\[\]$/, '');
    const def = definition.fields.find((f) => f.name === field && f.type === 'file');
    if (!def) continue;
    if (file.path && !extensionMatchesContent(file.name, file.type))
      flag(field, t('forms.file_type_invalid'));
  }
  for (const f of definition.fields.filter((f) => f.type === 'quiz' && f.quiz)) {
    const answer = (fields[f.name]?.[0] ?? '').trim().toLowerCase();
    const accepted = [...f.quiz!.answers.de, ...f.quiz!.answers.en].map((a) => a.toLowerCase());
    if (!accepted.includes(answer)) flag(f.name, t('forms.quiz_wrong'));
  }

  if (invalid.length === 0 && definition.captcha) {
    // Contact Form 7's script renews only its own field, so that one is the newer when both come.
    const key =
      received.fields[CAPTCHA_CHALLENGE_FIELD]?.[0] ||
      received.fields[CAPTCHA_KEY_FIELD]?.[0] ||
      '';
    const answer = received.fields[CAPTCHA_ANSWER_FIELD]?.[0] ?? '';
    const verdict = answer.trim() === '' ? 'missing' : await deps.verifyCaptcha(key, answer);
    if (verdict !== 'ok')
      flag(
        CAPTCHA_ANSWER_FIELD,
        t(verdict === 'expired' ? 'forms.captcha_expired' : 'forms.captcha_wrong'),
      );
  }

  if (invalid.length > 0) {
    await discardFiles(received.files);
    await store('validation_failed', []);
    return reply(
      'validation_failed',
      localize(definition.messages.validation_error, locale),
      invalid,
    );
  }

  const missingAcceptance = definition.fields.some(
    (f) => f.type === 'acceptance' && !f.optional && !acceptanceGiven(f, fields[f.name]),
  );
  if (missingAcceptance) {
    await discardFiles(received.files);
    await store('acceptance_missing', []);
    return reply('acceptance_missing', localize(definition.messages.accept_terms, locale));
  }

  const id = await store('pending');
  const mail = await deps.mailer.send({
    to: definition.mail.to,
    subject: fillTemplate(localize(definition.mail.subject, 'de'), fields, definition, true),
    text: fillTemplate(localize(definition.mail.body, 'de'), fields, definition, false),
    replyTo: replyToOf(definition, fields),
    attachments: await Promise.all(
      received.files
        .filter((f) => f.path)
        .map(async (f) => ({
          filename: f.name,
          content: await readFile(f.path),
          contentType: f.type,
        })),
    ),
  });
  if (mail.ok) {
    await discardFiles(received.files);
    await db
      .update(formSubmissions)
      .set({
        status: 'mail_sent',
        mailedAt: new Date(),
        files: received.files.map((f) => ({
          name: f.name,
          size: f.size,
          type: f.type,
          storedAs: null,
        })),
      })
      .where(eq(formSubmissions.id, id));
    return reply('mail_sent', localize(definition.messages.mail_sent_ok, locale));
  }
  // The files stay for the retention period, so the owner can still read the message.
  await db
    .update(formSubmissions)
    .set({ status: 'mail_failed', mailError: mail.error.slice(0, 500) })
    .where(eq(formSubmissions.id, id));
  return reply('mail_failed', localize(definition.messages.mail_sent_ng, locale));
}

/** Replaces [field] tags; in a header (the subject) line breaks become spaces. */
export function fillTemplate(
  template: string,
  fields: Record<string, string[]>,
  definition: FormDefinition,
  header: boolean,
): string {
  const byName = new Map(definition.fields.map((f) => [f.name, f]));
  // Choices appear in the mail by their German label, not by their internal value.
  const shown = (name: string) => {
    const field = byName.get(name);
    if (field?.type === 'acceptance')
      return (fields[name] ?? []).some((v) => v !== '') ? 'ja' : 'nein';
    const options = field?.options;
    return (fields[name] ?? [])
      .map((v) => (options ? (options.find((o) => o.value === v)?.label.de ?? v) : v))
      .join(', ');
  };
  const filled = template.replace(/\[([\w-]+)\]/g, (whole, name: string) =>
    byName.has(name) ? shown(name) : whole,
  );
  return header ? filled.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 250) : filled;
}

function replyToOf(
  definition: FormDefinition,
  fields: Record<string, string[]>,
): string | undefined {
  const name = definition.mail.replyToField;
  const value = name ? fields[name]?.[0]?.trim() : undefined;
  return value && isEmail(value) && !/[\r\n]/.test(value) ? value : undefined;
}

/** How long submissions are kept: rejected attempts briefly, messages as the privacy policy says. */
export const SUBMISSION_RETENTION = { rejectedMs: 30 * 86_400_000, allMs: 183 * 86_400_000 };

export async function purgeOldSubmissions(db: Tx, now = Date.now()): Promise<number> {
  const rejected = await db
    .delete(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.status, [
          'spam',
          'validation_failed',
          'acceptance_missing',
          'aborted',
        ]),
        lt(formSubmissions.createdAt, new Date(now - SUBMISSION_RETENTION.rejectedMs)),
      ),
    )
    .returning({ id: formSubmissions.id });
  const old = await db
    .delete(formSubmissions)
    .where(lt(formSubmissions.createdAt, new Date(now - SUBMISSION_RETENTION.allMs)))
    .returning({ id: formSubmissions.id });
  return rejected.length + old.length;
}
