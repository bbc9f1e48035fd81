import type { WeightSource } from "@studio/contracts";

/** weight_entries.source of the trainee app (stored lower case, like every source). */
export const APP_WEIGHT_SOURCE = "app";

/**
 * The wire label of a stored weigh-in source (document 2 "Weight view" source labels): coach,
 * form and automation as stored (any case); a source starting with the import marker is import;
 * everything else app.
 */
export function weightSourceOf(stored: string): WeightSource {
  const source = stored.toLowerCase();
  if (source === "coach" || source === "form" || source === "automation") return source;
  if (source.startsWith("import")) return "import";
  return "app";
}

/** Only weigh-ins the trainee app created are editable by the trainee (document 3 "Weight entry"). */
export const isAppWeighIn = (stored: string): boolean => stored.toLowerCase() === APP_WEIGHT_SOURCE;
