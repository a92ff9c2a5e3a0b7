import { z } from 'zod';
import { domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import {
  addStaffNote,
  deleteOrderNote,
  orderNote,
  orderNotesOf,
  staffOrder,
} from '#app/domain/orders/staff-orders.server.ts';
import { defineRestRoute, restHandler } from './endpoint.server.ts';
import { noteJson } from './order-json.server.ts';
import { routeId } from './orders.server.ts';
import { boolParam } from './params.ts';

const noteSchema = z.object({
  note: z.string().trim().min(1).max(5000),
  customer_note: boolParam.optional(),
  added_by_user: boolParam.optional(),
});

const notesQuery = z.object({ type: z.enum(['any', 'customer', 'internal']).default('any') });

const invalidOrder = () => notFound('rest.error.invalid_id');
const invalidNote = () => notFound('order.error.note_not_found');

/** `GET|POST /wp-json/wc/v3/orders/{id}/notes` */
export const notesRoute = defineRestRoute({
  GET: restHandler({
    schema: notesQuery,
    handle: async ({ db, env, t, input, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      if (!(await staffOrder(db, id))) return fail(invalidOrder());
      const notes = (await orderNotesOf(db, id)).filter(
        (note) => input.type === 'any' || note.forCustomer === (input.type === 'customer'),
      );
      return ok({ body: notes.map((note) => noteJson(note, id, t, env.SHOP_URL)) });
    },
  }),
  POST: restHandler({
    schema: noteSchema,
    handle: async ({ db, env, t, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const added = await addStaffNote(
        db,
        id,
        { text: input.note, forCustomer: input.customer_note ?? false },
        principal.actor,
      );
      if (!added.ok) return fail(invalidOrder());
      return ok({ body: noteJson(added.value, id, t, env.SHOP_URL), status: 201 });
    },
  }),
});

/** `GET|DELETE /wp-json/wc/v3/orders/{id}/notes/{note_id}` */
export const noteRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, t, params }) => {
      const id = routeId(params.id);
      const noteId = routeId(params.noteId);
      if (id === null || noteId === null) return fail(notFound('rest.error.no_route'));
      if (!(await staffOrder(db, id))) return fail(invalidOrder());
      const note = await orderNote(db, id, noteId);
      if (!note) return fail(invalidNote());
      return ok({ body: noteJson(note, id, t, env.SHOP_URL) });
    },
  }),
  DELETE: restHandler({
    schema: z.object({ force: boolParam.optional() }),
    handle: async ({ db, env, t, input, params, principal }) => {
      const id = routeId(params.id);
      const noteId = routeId(params.noteId);
      if (id === null || noteId === null) return fail(notFound('rest.error.no_route'));
      if (!(await staffOrder(db, id))) return fail(invalidOrder());
      if (!(await orderNote(db, id, noteId))) return fail(invalidNote());
      if (!input.force) return fail(domainError('invalid', 'rest.error.note_trash'));
      const deleted = await deleteOrderNote(db, id, noteId, principal.actor);
      if (!deleted.ok) return fail(invalidNote());
      return ok({ body: noteJson(deleted.value, id, t, env.SHOP_URL) });
    },
  }),
});
