import { tagRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = tagRoute.loader;
export const action = tagRoute.action;
