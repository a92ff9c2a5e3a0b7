import { describe, expect, it } from 'vitest';
import { createSessionGate } from './session-start.ts';

/** A call that answers when told to, recording when it began. */
function heldCall<T>(log: string[], name: string, answer: T) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const call = async () => {
    log.push(`start ${name}`);
    await released;
    log.push(`end ${name}`);
    return answer;
  };
  return { call, release };
}

describe('session gate', () => {
  it('runs the first calls one at a time, then lets later calls run at once', async () => {
    const gate = createSessionGate();
    const log: string[] = [];
    const nonce = heldCall(log, 'nonce', { ok: true });
    const add = heldCall(log, 'add', { ok: true });
    const first = gate(nonce.call);
    const second = gate(add.call);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['start nonce']);
    nonce.release();
    await first;
    add.release();
    await second;
    expect(log).toEqual(['start nonce', 'end nonce', 'start add', 'end add']);

    const a = heldCall(log, 'a', null);
    const b = heldCall(log, 'b', null);
    const both = Promise.all([gate(a.call), gate(b.call)]);
    expect(log.slice(-2)).toEqual(['start a', 'start b']);
    a.release();
    b.release();
    await both;
  });

  it('keeps the gate closed after a failed or thrown call, and passes both on', async () => {
    const gate = createSessionGate();
    const log: string[] = [];
    await expect(gate(async () => ({ ok: false, kind: 'network' }))).resolves.toEqual({
      ok: false,
      kind: 'network',
    });
    await expect(gate(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    const one = heldCall(log, 'one', { ok: true });
    const two = heldCall(log, 'two', { ok: true });
    const first = gate(one.call);
    const second = gate(two.call);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['start one']);
    one.release();
    two.release();
    await Promise.all([first, second]);
    expect(log).toEqual(['start one', 'end one', 'start two', 'end two']);
  });
});
