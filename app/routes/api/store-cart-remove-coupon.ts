import { removeCartCoupon } from '#app/http/store-api/coupons.server.ts';

export const loader = removeCartCoupon.loader;
export const action = removeCartCoupon.action;
