import { termsBatchRoute } from '#app/http/rest-v3/attribute-terms.server.ts';

export const loader = termsBatchRoute.loader;
export const action = termsBatchRoute.action;
