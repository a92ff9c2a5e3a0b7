import { formCaptchaImage } from '#app/http/forms-api/endpoints.server.ts';

export const loader = formCaptchaImage.loader;
export const action = formCaptchaImage.action;
