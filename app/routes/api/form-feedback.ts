import { formFeedback } from '#app/http/forms-api/endpoints.server.ts';

export const loader = formFeedback.loader;
export const action = formFeedback.action;
