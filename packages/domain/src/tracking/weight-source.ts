import type { WeightSource } from "@studio/contracts";

/**
 * weight_entries.source of the trainee app: APP, as document 3 spells it ("source (APP for the
 * trainee app, plus coach, form, automation, import)"); migration 0014 rewrote the rows stored
 * lower case before.
 */
export const APP_WEIGHT_SOURCE = "APP";

/**
 * The wire label of a stored weigh-in source, one spelling on every lane and view (document 3;
 * docs/decisions/tracking.md "Weight sources"): coach, form and automation as stored (any case);
 * a source starting with the import marker is import; everything else APP.
 */
export function weightSourceOf(stored: string): WeightSource {
  const source = stored.toLowerCase();
  if (source === "coach" || source === "form" || source === "automation") return source;
  if (source.startsWith("import")) return "import";
  return APP_WEIGHT_SOURCE;
}

/** Only weigh-ins the trainee app created are editable by the trainee (document 3 "Weight entry"). */
export const isAppWeighIn = (stored: string): boolean => stored.toUpperCase() === APP_WEIGHT_SOURCE;
