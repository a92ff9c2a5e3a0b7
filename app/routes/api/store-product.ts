import { getProductEndpoint } from '#app/http/store-api/products.server.ts';

export const loader = getProductEndpoint.loader;
export const action = getProductEndpoint.action;
