import { noRestRoute } from '#app/http/rest-v3/endpoint.server.ts';

export const loader = noRestRoute.loader;
export const action = noRestRoute.action;
