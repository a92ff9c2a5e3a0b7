import { dispatchWcAjax } from '#app/http/wc-ajax/actions.server.ts';

export const loader = dispatchWcAjax;
export const action = dispatchWcAjax;
