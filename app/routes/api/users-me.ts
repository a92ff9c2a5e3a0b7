import { usersMe } from '#app/http/wp-api/users-me.server.ts';

export const loader = usersMe.loader;
export const action = usersMe.action;
