import { UNDOCUMENTED_INPUT } from "@studio/contracts";
/** A JSON object of the document (loosely typed, like the rest of the generator's walks). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * Drops the input fields the contracts mark as not part of the document (issue 26 item 11,
 * contracts `undocumentedInput`): a request-body property or query parameter carrying the
 * marker is removed (and from `required`), and the marker itself never reaches the document.
 * The schema keeps reading the field, so sending it still answers what the spec requires.
 */
export function dropUndocumentedInputs(doc: Json): void {
  for (const item of Object.values((doc.paths ?? {}) as Json))
    for (const operation of Object.values(item as Json)) {
      if (typeof operation !== "object" || operation === null) continue;
      const op = operation as Json;
      if (Array.isArray(op.parameters))
        op.parameters = (op.parameters as Json[]).filter((p) => p.schema?.[UNDOCUMENTED_INPUT] !== true);
      for (const media of Object.values((op.requestBody?.content ?? {}) as Json))
        dropFrom((media as Json).schema);
    }
  stripMarker(doc);
}

/** Removes marked properties of an object schema (and of its alternatives). */
function dropFrom(schema: Json | undefined): void {
  if (!schema || typeof schema !== "object") return;
  for (const alternative of [schema.anyOf, schema.oneOf, schema.allOf].flatMap((a) =>
    Array.isArray(a) ? a : [],
  ))
    dropFrom(alternative as Json);
  const properties = schema.properties as Json | undefined;
  if (!properties) return;
  for (const [key, child] of Object.entries(properties)) {
    if ((child as Json)?.[UNDOCUMENTED_INPUT] !== true) continue;
    delete properties[key];
    if (Array.isArray(schema.required))
      schema.required = (schema.required as string[]).filter((k) => k !== key);
  }
}

function stripMarker(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(stripMarker);
  if (typeof value !== "object" || value === null) return;
  const object = value as Json;
  delete object[UNDOCUMENTED_INPUT];
  for (const child of Object.values(object)) stripMarker(child);
}
