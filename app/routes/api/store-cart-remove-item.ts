import { removeCartItem } from '#app/http/store-api/cart.server.ts';

export const loader = removeCartItem.loader;
export const action = removeCartItem.action;
