import { customerRoute } from '#app/http/rest-v3/customers.server.ts';

export const loader = customerRoute.loader;
export const action = customerRoute.action;
