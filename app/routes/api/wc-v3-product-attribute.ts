import { attributeRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = attributeRoute.loader;
export const action = attributeRoute.action;
