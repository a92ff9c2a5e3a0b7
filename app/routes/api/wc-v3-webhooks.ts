import { webhooksRoute } from '#app/http/rest-v3/webhooks.server.ts';

export const loader = webhooksRoute.loader;
export const action = webhooksRoute.action;
