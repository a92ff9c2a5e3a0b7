import { productsBatchRoute } from '#app/http/rest-v3/batch.server.ts';

export const loader = productsBatchRoute.loader;
export const action = productsBatchRoute.action;
