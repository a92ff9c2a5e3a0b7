import { addCartItem } from '#app/http/store-api/cart.server.ts';

export const loader = addCartItem.loader;
export const action = addCartItem.action;
