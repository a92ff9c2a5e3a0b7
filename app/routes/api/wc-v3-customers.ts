import { customersRoute } from '#app/http/rest-v3/customers.server.ts';

export const loader = customersRoute.loader;
export const action = customersRoute.action;
