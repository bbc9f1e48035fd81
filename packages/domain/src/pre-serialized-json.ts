/**
 * JSON text a query built in a contract's exact wire shape (keys in the contract's order, no
 * whitespace), carried to the HTTP answer as is instead of as thousands of objects. The CRM
 * board's leads (10,000 in a large studio, 3.9 MB) cost the API process ~90 ms of CPU per
 * answer as rows → objects → output validation → JSON.stringify, most of it garbage collection
 * (issue 30, docs/performance-history.md); as one text value they cost a few ms.
 *
 * The REST adapter writes the text where the value stands (a top-level field of the answer); the
 * procedure's output schema validates everything else, and this field as an empty array of its
 * type. Any other caller of the procedure gets the parsed value, validated in full
 * (apps/api/src/rest/run-procedure.ts).
 */
export class PreSerializedJson<T> {
  /** Type only: what the text parses to. */
  declare readonly parsed?: T;
  constructor(readonly json: string) {}
}
