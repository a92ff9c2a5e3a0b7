import { termRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = termRoute.loader;
export const action = termRoute.action;
