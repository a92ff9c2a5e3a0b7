import { couponsRoute } from '#app/http/rest-v3/coupons.server.ts';

export const loader = couponsRoute.loader;
export const action = couponsRoute.action;
