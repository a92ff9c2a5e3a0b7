import { updateCartItem } from '#app/http/store-api/cart.server.ts';

export const loader = updateCartItem.loader;
export const action = updateCartItem.action;
