import { tagsBatchRoute } from '#app/http/rest-v3/tags.server.ts';

export const loader = tagsBatchRoute.loader;
export const action = tagsBatchRoute.action;
