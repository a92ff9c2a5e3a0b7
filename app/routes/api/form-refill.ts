import { formRefill } from '#app/http/forms-api/endpoints.server.ts';

export const loader = formRefill.loader;
export const action = formRefill.action;
