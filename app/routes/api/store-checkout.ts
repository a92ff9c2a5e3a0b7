import type { ActionFunctionArgs } from 'react-router';
import { getCheckout, postCheckout, putCheckout } from '#app/http/store-api/checkout.server.ts';

export const loader = getCheckout.loader;
export const action = (args: ActionFunctionArgs) =>
  args.request.method === 'PUT' ? putCheckout.action(args) : postCheckout.action(args);
