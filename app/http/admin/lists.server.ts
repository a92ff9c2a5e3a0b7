// The back office's read-only lists: contact form submissions.
import { submissionDetail, submissionPage } from '#app/domain/forms/submissions-admin.server.ts';
import { parseSubmissionQuery } from '#app/domain/forms/submissions.view.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

export async function loadSubmissions(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const query = parseSubmissionQuery(new URL(args.request.url).searchParams);
  return {
    query,
    page: await submissionPage(db, query, locale),
    title: `${t('admin.forms.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

export async function loadSubmission(
  args: Args & { params: { id?: string } },
  areas: readonly MessageArea[],
) {
  const { db, locale, t } = await staffShop(args);
  const id = args.params.id ?? '';
  const submission = /^[1-9]\d{0,8}$/.test(id)
    ? await submissionDetail(db, Number(id), locale)
    : null;
  if (!submission) pageNotFound();
  return {
    submission,
    title: `${t('admin.forms.detail', { id: submission.id })} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}
