import { categoriesBatchRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = categoriesBatchRoute.loader;
export const action = categoriesBatchRoute.action;
