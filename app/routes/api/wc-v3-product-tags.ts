import { tagsRoute } from '#app/http/rest-v3/tags.server.ts';

export const loader = tagsRoute.loader;
export const action = tagsRoute.action;
