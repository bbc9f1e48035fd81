import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { studios, whatsappInboundMessages } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

/**
 * POST /v1/whatsapp/webhook/:studioId (document 1 "Webhook lane"): the studio's WhatsApp Cloud API
 * notifications. Token, payload bounds, idempotent recording per (studio, provider message id),
 * linking to a trainee or lead of THAT studio only, statuses ignored, unknown studio 404.
 */
const SECRET = "wa-webhook-secret";
let t: TestApp;
const ownerA = newOwner();
const ownerB = newOwner();
let studioA = "";
let studioB = "";
let traineeA = "";
let leadA = "";
let traineeB = "";

// Phones (wa_id form: international digits, no +).
const TRAINEE_A = "972501230001";
const LEAD_A = "972501230002";
const BOTH_A = "972501230003"; // trainee and lead of studio A
const TRAINEE_B = "972501230004"; // a trainee of studio B only
const STRANGER = "972501230005";

const post = (studioId: string, body: unknown, token: string | null = SECRET) =>
  t.request(
    "POST",
    `/v1/whatsapp/webhook/${encodeURIComponent(studioId)}${token === null ? "" : `?token=${token}`}`,
    { headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );

let serial = 0;
const textMessage = (from: string, text: string, extra: Record<string, unknown> = {}) => ({
  from,
  id: `wamid.test${++serial}`,
  timestamp: "1767225600", // 2026-01-01T00:00:00Z
  type: "text",
  text: { body: text },
  ...extra,
});

const notification = (value: Record<string, unknown>) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA-1",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550001111", phone_number_id: "123456" },
            ...value,
          },
        },
      ],
    },
  ],
});

const rowsOf = (studioId: string) =>
  t.deps.database.db
    .select()
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.studioId, studioId))
    .orderBy(asc(whatsappInboundMessages.createdAt), asc(whatsappInboundMessages.providerMessageId));

const rowOf = async (studioId: string, providerMessageId: string) =>
  (await rowsOf(studioId)).find((r) => r.providerMessageId === providerMessageId);

async function setup(owner: WebUserContext) {
  const studio = (await t.web("GET", "/v1/web/studio", owner)).body.data;
  return studio.id as string;
}
async function trainee(owner: WebUserContext, phone: string) {
  const res = await t.web("POST", "/v1/web/clients", owner, { firstName: "T", phone });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}
async function lead(owner: WebUserContext, phone: string) {
  const res = await t.web("POST", "/v1/web/crm/leads", owner, { name: "L", phone });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await startTestApp({ database: "postgres", env: { WEBHOOK_SECRET: SECRET } });
  studioA = await setup(ownerA);
  studioB = await setup(ownerB);
  traineeA = await trainee(ownerA, "050-123-0001");
  // Leads keep the phone as entered: national format with dashes.
  leadA = await lead(ownerA, "050-123-0002");
  await trainee(ownerA, "+972501230003");
  await lead(ownerA, "0501230003");
  traineeB = await trainee(ownerB, "0501230004");
});
afterAll(async () => {
  await t?.close();
});

describe("token", () => {
  it.each([
    ["no token", null],
    ["a wrong token", "wrong"],
  ])("%s answers 401 invalid webhook token and records nothing", async (_label, token) => {
    const res = await post(studioA, notification({ messages: [textMessage(STRANGER, "x")] }), token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED", message: "invalid webhook token" });
    expect(await rowsOf(studioA)).toEqual([]);
  });
});

describe("recording inbound messages", () => {
  it("records each message, linked to the studio's trainee or lead by phone; answers 200 {received}", async () => {
    const fromTrainee = textMessage(TRAINEE_A, "שלום, אני מאחר היום");
    const fromLead = textMessage(LEAD_A, "כמה עולה מנוי?");
    const fromStranger = textMessage(STRANGER, "hi");
    const res = await post(
      studioA,
      notification({
        contacts: [
          { profile: { name: "Trainee A" }, wa_id: TRAINEE_A },
          { profile: { name: "Lead A" }, wa_id: LEAD_A },
        ],
        messages: [fromTrainee, fromLead, fromStranger],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, data: { received: 3 } });
    expect(await rowOf(studioA, fromTrainee.id)).toMatchObject({
      fromPhone: "+972501230001",
      clientId: traineeA,
      leadId: null,
      contactName: "Trainee A",
      kind: "text",
      body: "שלום, אני מאחר היום",
      receivedAt: new Date("2026-01-01T00:00:00Z"),
    });
    expect(await rowOf(studioA, fromLead.id)).toMatchObject({
      clientId: null,
      leadId: leadA,
      contactName: "Lead A",
      body: "כמה עולה מנוי?",
    });
    expect(await rowOf(studioA, fromStranger.id)).toMatchObject({
      fromPhone: "+972501230005",
      clientId: null,
      leadId: null,
      contactName: null,
    });
  });

  it("a phone that is both a trainee and a lead links to the trainee", async () => {
    const m = textMessage(BOTH_A, "hello");
    expect((await post(studioA, notification({ messages: [m] }))).body.data.received).toBe(1);
    const row = await rowOf(studioA, m.id);
    expect(row?.clientId).not.toBeNull();
    expect(row?.leadId).toBeNull();
  });

  it("a redelivery changes nothing and counts nothing; a repeated id inside one payload counts once", async () => {
    const m = textMessage(TRAINEE_A, "original");
    expect((await post(studioA, notification({ messages: [m, { ...m }] }))).body.data.received).toBe(1);
    const before = await rowsOf(studioA);
    const again = await post(studioA, notification({ messages: [{ ...m, text: { body: "changed" } }] }));
    expect(again.status).toBe(200);
    expect(again.body.data.received).toBe(0);
    expect(await rowsOf(studioA)).toEqual(before);
    expect((await rowOf(studioA, m.id))?.body).toBe("original");
  });

  it("tenancy: another studio's trainee is never linked; the same provider id is recorded per studio", async () => {
    const m = textMessage(TRAINEE_B, "from B's trainee");
    expect((await post(studioA, notification({ messages: [m] }))).body.data.received).toBe(1);
    expect(await rowOf(studioA, m.id)).toMatchObject({ clientId: null, leadId: null });
    expect((await post(studioB, notification({ messages: [m] }))).body.data.received).toBe(1);
    expect(await rowOf(studioB, m.id)).toMatchObject({ clientId: traineeB, leadId: null });
    // Studio A's trainee writing to studio B's number is not linked to A's trainee.
    const other = textMessage(TRAINEE_A, "wrong studio");
    await post(studioB, notification({ messages: [other] }));
    expect(await rowOf(studioB, other.id)).toMatchObject({ clientId: null, leadId: null });
  });

  it("a deleted trainee is not linked", async () => {
    const id = await trainee(ownerA, "0501230006");
    expect((await t.web("DELETE", `/v1/web/clients/${id}`, ownerA)).status).toBeLessThan(300);
    const m = textMessage("972501230006", "still there?");
    await post(studioA, notification({ messages: [m] }));
    expect(await rowOf(studioA, m.id)).toMatchObject({ clientId: null, leadId: null });
  });

  it("statuses are acknowledged and ignored; other fields and changes too", async () => {
    const before = (await rowsOf(studioA)).length;
    const res = await post(studioA, {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "WABA-1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: "123456" },
                statuses: [
                  { id: "wamid.out1", status: "delivered", timestamp: "1767225600", recipient_id: TRAINEE_A },
                  { id: "wamid.out1", status: "read", timestamp: "1767225601", recipient_id: TRAINEE_A },
                ],
              },
            },
            { field: "account_update", value: { event: "VERIFIED_ACCOUNT" } },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: 0 });
    expect((await rowsOf(studioA)).length).toBe(before);
  });

  it("a message of another kind keeps its type and no text; unknown fields at every level are accepted", async () => {
    const image = {
      from: STRANGER,
      id: `wamid.image${++serial}`,
      timestamp: "1767225600",
      type: "image",
      image: { id: "media-1", mime_type: "image/jpeg", sha256: "abc", caption: "my meal" },
      context: { forwarded: true },
    };
    const res = await post(studioA, {
      ...notification({ messages: [image], newProviderField: { anything: [1, 2, 3] } }),
      extraTopLevel: "ok",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.received).toBe(1);
    expect(await rowOf(studioA, image.id)).toMatchObject({ kind: "image", body: null });
  });

  it("a missing or invalid timestamp is taken as the time received", async () => {
    const m = textMessage(STRANGER, "no time", { timestamp: undefined });
    const before = Date.now();
    await post(studioA, notification({ messages: [m] }));
    const row = await rowOf(studioA, m.id);
    expect(row!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("studio id", () => {
  it("an unknown, malformed or archived studio answers 404 studio not found, the same way", async () => {
    const [archived] = await t.deps.database.db
      .insert(studios)
      .values({ name: "Gone", slug: `gone-${Date.now()}`, archivedAt: new Date() })
      .returning();
    const body = notification({ messages: [textMessage(STRANGER, "x")] });
    const answers = [];
    for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "x".repeat(128), archived!.id]) {
      const res = await post(id, body);
      expect(res.status).toBe(404);
      const { requestId: _r, ...rest } = res.body;
      answers.push(rest);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ ok: false, code: "NOT_FOUND", message: "studio not found" });
    expect(
      await t.deps.database.db
        .select()
        .from(whatsappInboundMessages)
        .where(eq(whatsappInboundMessages.studioId, archived!.id)),
    ).toEqual([]);
  });
});

describe("payload bounds", () => {
  const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
  const invalid: [string, unknown][] = [
    ["no object", { entry: [] }],
    ["entry not an array", { object: "whatsapp_business_account", entry: {} }],
    ["51 entries", { object: "whatsapp_business_account", entry: many(51, () => ({ changes: [] })) }],
    [
      "101 messages",
      notification({ messages: many(101, (i) => ({ from: STRANGER, id: `w${i}`, type: "text" })) }),
    ],
    [
      "a message id of 257",
      notification({ messages: [textMessage(STRANGER, "x", { id: "w".repeat(257) })] }),
    ],
    ["a text of 4097", notification({ messages: [textMessage(STRANGER, "t".repeat(4097))] })],
    ["NUL in a text", notification({ messages: [textMessage(STRANGER, "a\u0000b")] })],
    ["a message without id", notification({ messages: [{ from: STRANGER, type: "text" }] })],
    [
      "a contact name of 257",
      notification({ contacts: [{ wa_id: STRANGER, profile: { name: "n".repeat(257) } }] }),
    ],
  ];
  it.each(invalid)("refuses %s with 422 VALIDATION and records nothing", async (_label, body) => {
    const before = (await rowsOf(studioA)).length;
    const res = await post(studioA, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ok: false, code: "VALIDATION" });
    expect((await rowsOf(studioA)).length).toBe(before);
  });

  it("accepts 100 messages in one change", async () => {
    const res = await post(
      studioB,
      notification({
        messages: many(100, (i) => ({
          from: STRANGER,
          id: `wamid.bulk${i}`,
          type: "text",
          text: { body: "x" },
        })),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.received).toBe(100);
  });
});
