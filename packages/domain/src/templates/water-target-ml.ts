/** Document 2: "Water target in millilitres is water times 1000, rounded, 0 when none." */
export function waterTargetMl(targets: { water?: unknown } | null | undefined): number {
  const water = targets?.water;
  if (typeof water !== "number" || !Number.isFinite(water) || water <= 0) return 0;
  return Math.round(water * 1000);
}
