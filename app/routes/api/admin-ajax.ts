import { dispatchAdminAjax } from '#app/http/stripe/setup.server.ts';

export const loader = dispatchAdminAjax;
export const action = dispatchAdminAjax;
