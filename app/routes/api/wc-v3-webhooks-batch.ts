import { webhooksBatchRoute } from '#app/http/rest-v3/webhooks.server.ts';

export const loader = webhooksBatchRoute.loader;
export const action = webhooksBatchRoute.action;
