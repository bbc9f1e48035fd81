/**
 * At most `max` points evenly spread over the list, the first and the last always kept
 * (document 3 measurement summary chart). Shorter lists come back unchanged.
 */
export function downsampleEvenly<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  if (max <= 1) return max === 1 ? [points.at(-1)!] : [];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}
