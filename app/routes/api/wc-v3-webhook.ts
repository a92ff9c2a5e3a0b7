import { webhookRoute } from '#app/http/rest-v3/webhooks.server.ts';

export const loader = webhookRoute.loader;
export const action = webhookRoute.action;
