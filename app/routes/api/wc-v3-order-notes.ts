import { notesRoute } from '#app/http/rest-v3/notes.server.ts';

export const loader = notesRoute.loader;
export const action = notesRoute.action;
