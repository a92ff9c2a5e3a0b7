import { refundsRoute } from '#app/http/rest-v3/refunds.server.ts';

export const loader = refundsRoute.loader;
export const action = refundsRoute.action;
