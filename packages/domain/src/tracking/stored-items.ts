// Readers of the loosely typed jsonb item lists a nutrition row stores (snapshot items, added
// items, custom meal and meal log items): arrays of objects, non-empty strings, finite numbers.

export const asArray = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === "object") : [];
export const str = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;
export const num = (value: unknown): number | null => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};
