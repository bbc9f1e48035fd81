/**
 * The automation lane's externalId (document 3 "Trainee object"): stored with a studio prefix
 * that is never returned. `storedExternalId` makes the column value, `publicExternalId` reads it
 * back (a value without the prefix, written before the prefix existed, is returned as it is).
 */
export const storedExternalId = (studioId: string, externalId: string): string => `${studioId}:${externalId}`;

export function publicExternalId(studioId: string, stored: string | null): string | null {
  if (stored === null) return null;
  const prefix = `${studioId}:`;
  return stored.startsWith(prefix) ? stored.slice(prefix.length) : stored;
}
