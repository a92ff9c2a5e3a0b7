import { payOrder } from '#app/http/store-api/checkout.server.ts';

export const loader = payOrder.loader;
export const action = payOrder.action;
