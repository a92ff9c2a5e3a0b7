import { refundRoute } from '#app/http/rest-v3/refunds.server.ts';

export const loader = refundRoute.loader;
export const action = refundRoute.action;
