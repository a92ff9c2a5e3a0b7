import { data, redirect } from 'react-router';
import { LEGAL_SLUGS, type LegalPage, type LegalSlug, isLegalSlug } from '#app/content/legal.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import {
  LEGAL_LIMITS,
  type LegalTextProblem,
  legalPageToText,
  parseLegalText,
} from '#app/domain/legal/legal-text.ts';
import {
  legalVersionHistory,
  legalVersionsInForce,
  publishEditedLegalPage,
  restoreLegalStarterText,
} from '#app/domain/legal/legal.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { LOCALES, type Locale } from '#app/lib/locale.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm, shop } from '../request.server.ts';
import { LEGAL_EDITOR_MESSAGE_AREAS } from '#app/domain/legal/legal-editor.view.ts';
import { pageNotFound } from './not-found.ts';
import { viewerOf } from './review-form.server.ts';

type Args = Parameters<typeof shop>[0];

/** Staff only: anyone else finds no such page. */
async function editorShop(args: Args) {
  const base = shop(args);
  const current = await base.session();
  const viewer = await viewerOf(base.db, current);
  if (!current || !canEditContent(viewer)) pageNotFound();
  return { ...base, current, security: sessionNonce(current, base.env) };
}

export async function loadLegalOverview(args: Args) {
  const { db, locale, t, security } = await editorShop(args);
  const inForce = await legalVersionsInForce(db, LEGAL_SLUGS);
  return {
    pages: LEGAL_SLUGS.map((slug) => {
      const version = inForce.get(slug)!;
      return {
        slug,
        name: t(`legal.${slug}`),
        version: version.version,
        publishedAt: version.publishedAt.toISOString(),
        source: version.source,
      };
    }),
    security,
    title: `${t('legal_editor.title')} | ${t('shop.name')}`,
    heading: t('legal_editor.title'),
    messages: messagesFor(locale, LEGAL_EDITOR_MESSAGE_AREAS),
  };
}

function slugOf(args: Args & { params: { slug?: string } }): LegalSlug {
  const slug = args.params.slug ?? '';
  if (!isLegalSlug(slug)) pageNotFound();
  return slug;
}

export type LegalDraft = Record<Locale, { title: string; notice: string; text: string }>;

function draftOf(content: Record<Locale, LegalPage>): LegalDraft {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        title: content[locale].title,
        notice: content[locale].reviewNotice,
        text: legalPageToText(content[locale]),
      },
    ]),
  ) as LegalDraft;
}

export async function loadLegalEditor(args: Args & { params: { slug?: string } }) {
  const slug = slugOf(args);
  const { db, locale, t, security } = await editorShop(args);
  const [inForce, history] = await Promise.all([
    legalVersionsInForce(db, [slug]),
    legalVersionHistory(db, slug),
  ]);
  const current = inForce.get(slug)!;
  const url = new URL(args.request.url);
  const published = Number(url.searchParams.get('published'));
  const notice =
    Number.isSafeInteger(published) && published > 0
      ? t('legal_editor.published', { version: published })
      : url.searchParams.get('unchanged') === '1'
        ? t('legal_editor.unchanged')
        : null;
  const name = t(`legal.${slug}`);
  return {
    slug,
    name,
    draft: draftOf(current.content),
    version: current.version,
    history: history.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt.toISOString(),
      source: v.source,
    })),
    notice,
    security,
    limits: LEGAL_LIMITS,
    title: `${t('legal_editor.edit_title', { page: name })} | ${t('shop.name')}`,
    heading: t('legal_editor.edit_title', { page: name }),
    messages: messagesFor(locale, LEGAL_EDITOR_MESSAGE_AREAS),
  };
}

export type LegalEditorResult = {
  ok: false;
  errors: { field: string; message: string }[];
  draft?: LegalDraft;
};

function problemMessage(problem: LegalTextProblem, t: Translate): string {
  switch (problem.kind) {
    case 'too_long':
      return t(`legal_editor.error.${problem.what}_too_long`, {
        max: LEGAL_LIMITS[problem.what],
        line: problem.line ?? 0,
      });
    case 'too_many_sections':
      return t('legal_editor.error.too_many_sections', { max: LEGAL_LIMITS.sections });
    case 'text_before_heading':
    case 'empty_heading':
    case 'empty_section':
    case 'table_columns':
      return t(`legal_editor.error.${problem.kind}`, { line: problem.line });
    default:
      return t(`legal_editor.error.${problem.kind}`);
  }
}

function fieldOf(problem: LegalTextProblem, locale: Locale): string {
  if (problem.kind === 'empty_title' || (problem.kind === 'too_long' && problem.what === 'title'))
    return `title_${locale}`;
  if (problem.kind === 'too_long' && problem.what === 'notice') return `notice_${locale}`;
  return `text_${locale}`;
}

const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Publish the edited texts of both languages as one new version, or restore the starter text. */
export async function handleLegalEditor(args: Args & { params: { slug?: string } }) {
  const slug = slugOf(args);
  const { db, env, t, current } = await editorShop(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const refuse = (errors: LegalEditorResult['errors'], draft?: LegalDraft) =>
    data<LegalEditorResult>({ ok: false, errors, ...(draft ? { draft } : {}) }, { status: 400 });
  if (!verifyNonce(current, form.get('security'), env))
    return refuse([{ field: '', message: t('legal_editor.expired') }]);
  const done = (published: { version: number } | null) =>
    redirect(
      `/admin/legal-pages/${slug}?${published ? `published=${published.version}` : 'unchanged=1'}`,
    );

  if (field(form, 'intent') === 'restore') return done(await restoreLegalStarterText(db, slug));

  const draft = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        title: field(form, `title_${locale}`).slice(0, LEGAL_LIMITS.title * 2),
        notice: field(form, `notice_${locale}`).slice(0, LEGAL_LIMITS.notice * 2),
        text: field(form, `text_${locale}`).slice(0, LEGAL_LIMITS.text * 2),
      },
    ]),
  ) as LegalDraft;
  const errors: LegalEditorResult['errors'] = [];
  const content: Partial<Record<Locale, LegalPage>> = {};
  for (const locale of LOCALES) {
    const parsed = parseLegalText(slug, draft[locale]);
    if (parsed.ok) content[locale] = parsed.page;
    else {
      const language = t(`legal_editor.language_${locale}`);
      errors.push({
        field: fieldOf(parsed.problem, locale),
        message: `${language}: ${problemMessage(parsed.problem, t)}`,
      });
    }
  }
  if (errors.length > 0) return refuse(errors, draft);
  return done(await publishEditedLegalPage(db, slug, content as Record<Locale, LegalPage>));
}
