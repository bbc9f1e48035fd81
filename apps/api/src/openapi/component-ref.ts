/** A JSON object of the document, read and written loosely. */
export type Json = Record<string, unknown>;

/** A `$ref` to a component of the document. */
export const ref = (kind: "schemas" | "parameters" | "headers" | "responses", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});
