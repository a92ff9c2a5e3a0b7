import { formSchema } from '#app/http/forms-api/endpoints.server.ts';

export const loader = formSchema.loader;
export const action = formSchema.action;
