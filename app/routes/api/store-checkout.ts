import { getCheckout, postCheckout } from '#app/http/store-api/checkout.server.ts';

export const loader = getCheckout.loader;
export const action = postCheckout.action;
