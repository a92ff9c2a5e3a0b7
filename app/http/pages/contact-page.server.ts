import { data } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { findForm } from '#app/domain/forms/forms.server.ts';
import { contactFormView, submitContactForm } from '../forms-api/contact-form.server.ts';
import { shop } from '../request.server.ts';
import { pageNotFound } from './not-found.ts';

type Args = { request: Request; context: AppLoadContext };

/** Loader part of a page that shows one contact form: the form's view with a fresh captcha. */
export async function loadContactForm(args: Args, slug: string, containerPost: number) {
  return (await contactFormView(args, slug, containerPost)) ?? pageNotFound();
}

/** A plain (script-less) post of the form to its page: decided exactly like the REST call. */
export async function postContactForm(args: Args, slug: string) {
  const form = (await findForm(shop(args).db, { slug })) ?? pageNotFound();
  const { feedback, httpStatus, posted } = await submitContactForm(args, form);
  return data({ feedback, posted }, { status: httpStatus });
}
