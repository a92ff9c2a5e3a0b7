import { getCartItems } from '#app/http/store-api/cart.server.ts';

export const loader = getCartItems.loader;
export const action = getCartItems.action;
