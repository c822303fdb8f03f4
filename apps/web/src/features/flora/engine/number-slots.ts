import type { NumberSlot } from './messages';

/** How many number boxes a slot takes: its list's length, or one. */
export const slotSize = (slot: NumberSlot) => Math.max(1, slot.length ?? 1);

/** A number in range to start from: 0 when allowed, else the nearer bound. */
export function startNumber(slot: NumberSlot): string {
  let value = 0;
  if (slot.min !== null && value < slot.min) value = slot.min;
  if (slot.max !== null && value > slot.max) value = slot.max;
  return String(value);
}
