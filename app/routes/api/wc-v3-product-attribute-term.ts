import { termRoute } from '#app/http/rest-v3/attribute-terms.server.ts';

export const loader = termRoute.loader;
export const action = termRoute.action;
