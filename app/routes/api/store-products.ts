import { listProductsEndpoint } from '#app/http/store-api/products.server.ts';

export const loader = listProductsEndpoint.loader;
export const action = listProductsEndpoint.action;
