import { describe, expect, it } from "vitest";
import { z } from "zod";
import { initTRPC } from "@trpc/server";
import { PreSerializedJson } from "@studio/domain";
import { procedureRunner, type ProcedureDef } from "./run-procedure";
import { holdsJsonText, stringifyWithJsonText } from "./pre-serialized";

const t = initTRPC.create();
const Answer = z.object({ items: z.array(z.object({ n: z.number() })), total: z.number() });
const procedureAnswering = (items: string) =>
  t.procedure
    .output(Answer)
    .query(() => ({ items: new PreSerializedJson(items), total: 2, extra: "stripped" }) as never);
const run = (items: string, keepJsonText: boolean) =>
  procedureRunner((procedureAnswering(items) as unknown as { _def: ProcedureDef })._def, { keepJsonText })({
    path: "p",
    ctx: {},
    getRawInput: async () => undefined,
  });

describe("pre-serialized JSON in answers (rest/pre-serialized.ts)", () => {
  it("the REST adapter's runner validates the rest of the answer and keeps the text; the envelope writes it in place", async () => {
    const data = await run('[{"n":1},{"n":2}]', true);
    expect(holdsJsonText(data)).toBe(true);
    const body = stringifyWithJsonText({ ok: true, data, requestId: "r" });
    expect(body).toBe('{"ok":true,"data":{"items":[{"n":1},{"n":2}],"total":2},"requestId":"r"}');
  });

  it("any other caller gets the text parsed and validated in full: a text off the contract fails output validation", async () => {
    await expect(run('[{"n":1}]', false)).resolves.toEqual({ items: [{ n: 1 }], total: 2 });
    await expect(run('[{"n":"x"}]', false)).rejects.toThrow("Output validation failed");
  });

  it("a string that merely looks like a placeholder stays a string", () => {
    const body = stringifyWithJsonText({ a: "\u00000", b: new PreSerializedJson("[1]"), c: "\u00001" });
    expect(JSON.parse(body)).toEqual({ a: "\u00000", b: [1], c: "\u00001" });
  });
});
