import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, chunkFailure, loadChunk } from './load-chunk.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('hands over a module that arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 });
    expect(chunkFailure.get()).toBe(false);
  });

  it('gives up after 120 s and reports the failure once', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const heard = vi.fn();
    chunkFailure.subscribe(heard);
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = expect(pending).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(chunkFailure.get()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(chunkFailure.get()).toBe(true);
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
