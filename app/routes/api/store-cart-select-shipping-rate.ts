import { selectRate } from '#app/http/store-api/shipping.server.ts';

export const loader = selectRate.loader;
export const action = selectRate.action;
