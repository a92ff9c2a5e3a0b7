import { customersBatchRoute } from '#app/http/rest-v3/customers.server.ts';

export const loader = customersBatchRoute.loader;
export const action = customersBatchRoute.action;
