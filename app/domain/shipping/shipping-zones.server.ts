// The back office's shipping zones: read, saved, reordered and deleted, each change audited.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Actor, changesOf, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { ZoneInput, ZoneMethodInput } from './shipping-zones.rules.ts';
import { shippingMethods, shippingZoneLocations, shippingZones } from './shipping.schema.ts';
import { forgetShippingSetup } from './shipping.server.ts';

export const ZONE_ENTITY = 'shipping_zone';

export type StoredZone = ZoneInput & { id: number; position: number; restOfWorld: boolean };

/** Every zone in the order the cart tries them; the rest-of-world zone last. */
export async function listZones(db: Tx): Promise<StoredZone[]> {
  const zones = await db
    .select()
    .from(shippingZones)
    .orderBy(asc(shippingZones.restOfWorld), asc(shippingZones.position), asc(shippingZones.id));
  if (zones.length === 0) return [];
  const ids = zones.map((z) => z.id);
  const locations = await db
    .select()
    .from(shippingZoneLocations)
    .where(inArray(shippingZoneLocations.zoneId, ids))
    .orderBy(asc(shippingZoneLocations.id));
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(inArray(shippingMethods.zoneId, ids))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zones.map((z) => ({
    id: z.id,
    position: z.position,
    restOfWorld: z.restOfWorld,
    name: z.name,
    locations: locations
      .filter((l) => l.zoneId === z.id)
      .map((l) => ({ type: l.type, code: l.code })),
    methods: methods
      .filter((m) => m.zoneId === z.id)
      .map((m): ZoneMethodInput => ({
        id: m.id,
        methodId: m.methodId,
        enabled: m.enabled,
        title: m.title,
        settings: m.settings,
      })),
  }));
}

export async function findStoredZone(db: Tx, id: number): Promise<StoredZone | null> {
  return (await listZones(db)).find((z) => z.id === id) ?? null;
}

/** What the audit log keeps of a zone: its name, locations and each method by id. */
function snapshot(zone: ZoneInput): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    name: zone.name,
    locations: zone.locations.map((l) => (l.type === 'country' ? l.code : `${l.type}:${l.code}`)),
  };
  for (const m of zone.methods) {
    fields[`method ${m.id ?? 'new'}`] = {
      type: m.methodId,
      enabled: m.enabled,
      title: m.title,
      settings: m.settings,
    };
  }
  return fields;
}

/** A zone's version: the form saves only over the zone it was filled in against. */
export function zoneVersion(zone: StoredZone): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...snapshot(zone), p: zone.position }))
    .digest('base64url')
    .slice(0, 22);
}

export type ZoneSave = { ok: true; id: number } | { ok: false; reason: 'missing' | 'conflict' };

const lock = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('shipping-zones'))`);

async function writeParts(tx: Tx, zoneId: number, input: ZoneInput, storedIds: number[]) {
  await tx.delete(shippingZoneLocations).where(eq(shippingZoneLocations.zoneId, zoneId));
  if (input.locations.length > 0) {
    await tx
      .insert(shippingZoneLocations)
      .values(input.locations.map((l) => ({ zoneId, type: l.type, code: l.code })));
  }
  const kept = input.methods.flatMap((m) => (m.id === null ? [] : [m.id]));
  const removed = storedIds.filter((id) => !kept.includes(id));
  if (removed.length > 0) {
    await tx
      .delete(shippingMethods)
      .where(and(eq(shippingMethods.zoneId, zoneId), inArray(shippingMethods.id, removed)));
  }
  const ids: number[] = [];
  for (const [position, m] of input.methods.entries()) {
    const values = {
      methodId: m.methodId,
      position,
      enabled: m.enabled,
      title: m.title,
      settings: m.settings,
    };
    if (m.id !== null) {
      await tx
        .update(shippingMethods)
        .set(values)
        .where(and(eq(shippingMethods.id, m.id), eq(shippingMethods.zoneId, zoneId)));
      ids.push(m.id);
    } else {
      const [row] = await tx
        .insert(shippingMethods)
        .values({ ...values, zoneId })
        .returning({ id: shippingMethods.id });
      ids.push(row!.id);
    }
  }
  return input.methods.map((m, i) => ({ ...m, id: ids[i]! }));
}

/** A new zone, tried after the others but before the rest of the world. */
export async function createZone(db: Tx, input: ZoneInput, actor: Actor): Promise<ZoneSave> {
  const id = await db.transaction(async (tx) => {
    await lock(tx);
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(${shippingZones.position}), 0)::int` })
      .from(shippingZones)
      .where(eq(shippingZones.restOfWorld, false))) as [{ last: number }];
    const [zone] = await tx
      .insert(shippingZones)
      .values({ name: input.name, position: last + 1 })
      .returning({ id: shippingZones.id });
    const methods = await writeParts(tx, zone!.id, input, []);
    await recordChange(tx, actor, {
      entity: ZONE_ENTITY,
      entityId: zone!.id,
      action: 'create',
      after: snapshot({ ...input, methods }),
    });
    return zone!.id;
  });
  forgetShippingSetup(db);
  return { ok: true, id };
}

/** Saves a zone's name, locations and methods over the version the form was filled in against. */
export async function updateZone(
  db: Tx,
  id: number,
  input: ZoneInput,
  actor: Actor,
  seenVersion: string,
): Promise<ZoneSave> {
  const result = await db.transaction(async (tx): Promise<ZoneSave> => {
    await lock(tx);
    const stored = await findStoredZone(tx, id);
    if (!stored) return { ok: false, reason: 'missing' };
    if (zoneVersion(stored) !== seenVersion) return { ok: false, reason: 'conflict' };
    const storedIds = stored.methods.map((m) => m.id!);
    if (input.methods.some((m) => m.id !== null && !storedIds.includes(m.id))) {
      return { ok: false, reason: 'conflict' };
    }
    await tx.update(shippingZones).set({ name: input.name }).where(eq(shippingZones.id, id));
    // The rest of the world takes every destination; locations would mean nothing there.
    const parts = stored.restOfWorld ? { ...input, locations: [] } : input;
    const methods = await writeParts(tx, id, parts, storedIds);
    await recordChange(tx, actor, {
      entity: ZONE_ENTITY,
      entityId: id,
      action: 'update',
      before: snapshot(stored),
      after: snapshot({ ...parts, methods }),
    });
    return { ok: true, id };
  });
  forgetShippingSetup(db);
  return result;
}

/** Swaps a zone with its neighbour in matching order; the rest-of-world zone does not move. */
export async function moveZone(
  db: Tx,
  id: number,
  direction: 'up' | 'down',
  actor: Actor,
): Promise<'moved' | 'unchanged' | 'missing'> {
  const result = await db.transaction(async (tx) => {
    await lock(tx);
    const zones = await tx
      .select({ id: shippingZones.id, position: shippingZones.position })
      .from(shippingZones)
      .where(eq(shippingZones.restOfWorld, false))
      .orderBy(asc(shippingZones.position), asc(shippingZones.id));
    const at = zones.findIndex((z) => z.id === id);
    if (at < 0) return 'missing' as const;
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= zones.length) return 'unchanged' as const;
    const order = zones.map((z) => z.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [i, zoneId] of order.entries()) {
      const before = zones.find((z) => z.id === zoneId)!.position;
      if (before === i + 1) continue;
      await tx
        .update(shippingZones)
        .set({ position: i + 1 })
        .where(eq(shippingZones.id, zoneId));
    }
    await recordChange(tx, actor, {
      entity: ZONE_ENTITY,
      entityId: id,
      action: 'move',
      before: { order: at + 1 },
      after: { order: to + 1 },
    });
    return 'moved' as const;
  });
  forgetShippingSetup(db);
  return result;
}

/** Deletes a zone with its locations and methods; the rest-of-world zone stays. */
export async function deleteZone(
  db: Tx,
  id: number,
  actor: Actor,
): Promise<'deleted' | 'missing' | 'rest_of_world'> {
  const result = await db.transaction(async (tx) => {
    await lock(tx);
    const stored = await findStoredZone(tx, id);
    if (!stored) return 'missing' as const;
    if (stored.restOfWorld) return 'rest_of_world' as const;
    await tx
      .delete(shippingZones)
      .where(and(eq(shippingZones.id, id), ne(shippingZones.restOfWorld, true)));
    await recordChange(tx, actor, {
      entity: ZONE_ENTITY,
      entityId: id,
      action: 'delete',
      before: snapshot(stored),
    });
    return 'deleted' as const;
  });
  forgetShippingSetup(db);
  return result;
}

/** A zone's latest changes, newest first. */
export function zoneChanges(db: Tx, id: number, limit = 20) {
  return changesOf(db, ZONE_ENTITY, id, { limit });
}
