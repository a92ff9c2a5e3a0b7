import { tagRoute } from '#app/http/rest-v3/tags.server.ts';

export const loader = tagRoute.loader;
export const action = tagRoute.action;
