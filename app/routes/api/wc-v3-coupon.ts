import { couponRoute } from '#app/http/rest-v3/coupons.server.ts';

export const loader = couponRoute.loader;
export const action = couponRoute.action;
