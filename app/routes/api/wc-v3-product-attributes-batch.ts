import { attributesBatchRoute } from '#app/http/rest-v3/taxonomies.server.ts';

export const loader = attributesBatchRoute.loader;
export const action = attributesBatchRoute.action;
