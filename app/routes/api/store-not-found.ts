import { noRoute } from '#app/http/store-api/products.server.ts';

export const loader = noRoute.loader;
export const action = noRoute.action;
