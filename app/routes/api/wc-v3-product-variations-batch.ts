import { variationsBatchRoute } from '#app/http/rest-v3/variations.server.ts';

export const loader = variationsBatchRoute.loader;
export const action = variationsBatchRoute.action;
