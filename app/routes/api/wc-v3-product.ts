import { productRoute } from '#app/http/rest-v3/products.server.ts';

export const loader = productRoute.loader;
export const action = productRoute.action;
