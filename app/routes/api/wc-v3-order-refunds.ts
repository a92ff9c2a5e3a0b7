import { refundsRoute } from '#app/http/rest-v3/orders.server.ts';

export const loader = refundsRoute.loader;
export const action = refundsRoute.action;
