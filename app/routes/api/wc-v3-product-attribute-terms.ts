import { termsRoute } from '#app/http/rest-v3/attribute-terms.server.ts';

export const loader = termsRoute.loader;
export const action = termsRoute.action;
