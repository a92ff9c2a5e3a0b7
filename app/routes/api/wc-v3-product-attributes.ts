import { attributesRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = attributesRoute.loader;
export const action = attributesRoute.action;
