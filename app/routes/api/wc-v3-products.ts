import { productsRoute } from '#app/http/rest-v3/products.server.ts';

export const loader = productsRoute.loader;
export const action = productsRoute.action;
