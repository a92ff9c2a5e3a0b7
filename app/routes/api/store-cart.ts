import { getCart } from '#app/http/store-api/cart.server.ts';

export const loader = getCart.loader;
export const action = getCart.action;
