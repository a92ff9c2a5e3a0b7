import { applyCartCoupon } from '#app/http/store-api/coupons.server.ts';

export const loader = applyCartCoupon.loader;
export const action = applyCartCoupon.action;
