import type { ErrorCodes } from '../response.ts';

/** Codes of the contact-form REST calls and the captcha calls. */
export const FORMS_API_CODES: ErrorCodes = {
  codes: {
    'forms.not_found': 'contact_form_not_found',
    'forms.captcha_expired': 'captcha_not_found',
    'error.invalid_param': 'rest_invalid_param',
    'error.invalid_characters': 'rest_invalid_param',
    'error.invalid_json': 'rest_invalid_json',
    'error.request_too_large': 'rest_request_too_large',
    'error.method_not_allowed': 'rest_no_route',
    'error.not_found_title': 'rest_no_route',
  },
  fallback: (error) => `rest_${error.kind}`,
};
