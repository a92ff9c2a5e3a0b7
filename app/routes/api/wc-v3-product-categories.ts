import { categoriesRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = categoriesRoute.loader;
export const action = categoriesRoute.action;
