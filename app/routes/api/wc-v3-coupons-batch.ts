import { couponsBatchRoute } from '#app/http/rest-v3/coupons.server.ts';

export const loader = couponsBatchRoute.loader;
export const action = couponsBatchRoute.action;
