import { noteRoute } from '#app/http/rest-v3/notes.server.ts';

export const loader = noteRoute.loader;
export const action = noteRoute.action;
