import { tagsRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = tagsRoute.loader;
export const action = tagsRoute.action;
