import { easeOutCubic } from './motion.ts';

/** The whole number a count-up towards `value` shows `elapsed` ms into `duration`. */
export function countUpAt(value: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return value;
  if (elapsed <= 0) return 0;
  return Math.round(value * easeOutCubic(elapsed / duration));
}
