import { categoryRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = categoryRoute.loader;
export const action = categoryRoute.action;
