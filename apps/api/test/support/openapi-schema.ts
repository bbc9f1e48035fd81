/** Reading schemas of the generated OpenAPI document: shared by input-fuzz and openapi-truth. */
export type Json = Record<string, any>;

/** The schema behind a `$ref` (followed at most 10 deep), or the schema itself. */
export function resolveIn(doc: Json, schema: Json | undefined): Json {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++)
    s = doc.components?.schemas?.[String(s.$ref).replace("#/components/schemas/", "")] ?? {};
  return s;
}

/** The schema without its null alternative (`anyOf [X, null]` or `type: [X, "null"]`). */
export function nonNullIn(doc: Json, schema: Json | undefined): Json {
  const s = resolveIn(doc, schema);
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives) {
    const rest = alternatives.map((a) => resolveIn(doc, a)).filter((a) => a.type !== "null");
    if (rest.length === 1) return nonNullIn(doc, rest[0]);
    return { ...s, anyOf: rest, oneOf: undefined };
  }
  if (Array.isArray(s.type)) {
    const types = s.type.filter((x: string) => x !== "null");
    return { ...s, type: types.length === 1 ? types[0] : types };
  }
  return s;
}
