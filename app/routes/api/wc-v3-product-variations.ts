import { variationsRoute } from '#app/http/rest-v3/variations.server.ts';

export const loader = variationsRoute.loader;
export const action = variationsRoute.action;
