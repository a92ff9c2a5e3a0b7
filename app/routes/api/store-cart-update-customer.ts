import { updateCustomer } from '#app/http/store-api/shipping.server.ts';

export const loader = updateCustomer.loader;
export const action = updateCustomer.action;
