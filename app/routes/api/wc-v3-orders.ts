import { ordersRoute } from '#app/http/rest-v3/orders.server.ts';

export const loader = ordersRoute.loader;
export const action = ordersRoute.action;
