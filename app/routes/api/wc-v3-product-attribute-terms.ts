import { termsRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = termsRoute.loader;
export const action = termsRoute.action;
