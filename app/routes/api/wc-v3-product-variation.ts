import { variationRoute } from '#app/http/rest-v3/variations.server.ts';

export const loader = variationRoute.loader;
export const action = variationRoute.action;
