/**
 * Day rotation (document 2): offset 0 is the first day, 1 the second, wrapping, including
 * negative offsets (-1 is the last day). A fractional offset counts whole days (floor); a
 * non-finite one is 0. -1 when there are no days.
 */
export function planDayIndex(dayCount: number, offset: number): number {
  const count = Number.isFinite(dayCount) ? Math.floor(dayCount) : 0;
  if (count < 1) return -1;
  const whole = Number.isFinite(offset) ? Math.floor(offset) : 0;
  const index = ((whole % count) + count) % count;
  return index === 0 ? 0 : index;
}
