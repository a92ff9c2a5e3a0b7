// Where a webhook may send: public addresses only, unless the shop allows private ones.
import dns, { type LookupAddress } from 'node:dns';
import net from 'node:net';
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting, putSetting } from '#app/domain/settings/settings.server.ts';
import type { Env } from '#app/lib/env.server.ts';

/** Loopback, private, link-local, shared, multicast and reserved ranges. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 127],
  // IPv4-mapped and -compatible forms would reach the IPv4 ranges above.
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const ALLOW_PRIVATE_SETTING = 'webhooks.allow_private_targets';

/** The setting or the environment lets deliveries go to private addresses. */
export async function privateTargetsAllowed(db: Tx, env: Env): Promise<boolean> {
  if (env.WEBHOOKS_ALLOW_PRIVATE_TARGETS) return true;
  return getSetting(db, ALLOW_PRIVATE_SETTING, z.boolean(), false);
}

export async function allowPrivateTargets(db: Tx, allow: boolean): Promise<void> {
  await putSetting(db, ALLOW_PRIVATE_SETTING, allow);
}

export class RefusedTarget extends Error {
  constructor() {
    super('delivery address refused: private, loopback or link-local');
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * Whether an address may receive deliveries: an IP written in it is judged as it is, a name
 * by every address it resolves to. A name that does not resolve (yet) is not refused here:
 * its delivery fails and is logged.
 */
export async function targetRefused(url: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  const host = bare(new URL(url).hostname);
  if (net.isIP(host)) return isPrivateAddress(host);
  try {
    const found = await dns.promises.lookup(host, { all: true, verbatim: true });
    return found.some((a) => isPrivateAddress(a.address));
  } catch {
    return false;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The name lookup a delivery connects with: the addresses it resolves to are judged when the
 * connection is made, so a name that changes its answer after the check cannot reach inside.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const list = found;
      if (list.length === 0 || (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))) {
        return callback(new RefusedTarget(), []);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
