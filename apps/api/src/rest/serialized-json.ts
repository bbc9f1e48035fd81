/**
 * A procedure's answer already serialized: the UTF-8 bytes of `JSON.stringify(data)` after the
 * route's output schema passed it. The REST adapter writes it into the lane's envelope without
 * parsing or serializing it again (envelope.ts); the bytes on the wire are the ones `c.json`
 * would write for the same data. Only routes that keep such answers (the CRM board's cache of
 * answers, caches/crm-board-cache.ts) return it.
 */
export class SerializedJson {
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}

  static of(data: unknown): SerializedJson {
    return new SerializedJson(Buffer.from(JSON.stringify(data)));
  }
}
