import { orderRoute } from '#app/http/rest-v3/orders.server.ts';

export const loader = orderRoute.loader;
export const action = orderRoute.action;
