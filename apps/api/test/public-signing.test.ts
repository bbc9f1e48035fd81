import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { clients, formAssignments, formResponses, forms, studios } from "@studio/db";
import { signingTokenHash } from "@studio/domain";
import { LocalObjectStorage } from "@studio/providers/storage";
import { SIGNING_MISS_MESSAGE } from "../src/rest/signing-body";
import { startTestApp, type TestApp } from "./support/harness";
import { startS3Server, type S3TestServer } from "./support/s3-server";
import { automationKey } from "./support/automation-fixtures";
import { startReceiver, startTestWorker, type Receiver } from "./support/webhook-fixtures";
import {
  createSigningLink,
  imagesOn,
  pngBytes,
  pngDataUrl,
  randomIp,
  sha256,
  signedObjectsOf,
  submitBody,
  visit,
  type SigningLinkFixture,
  type Visit,
} from "./support/signing-fixtures";

/**
 * The public signing page (document 3 "Document signing", state table "Document link",
 * "Limits"): the real app over a socket, real PostgreSQL, a real S3-compatible server on loopback
 * (and the embedded local storage), real PDFs parsed back with pdf-lib.
 */
let s3: S3TestServer;
let t: TestApp;
let local: TestApp;
let localDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ database: "postgres", storage: s3.storage, env: { WEBHOOK_ALLOW_LOOPBACK: "1" } });
  localDir = await mkdtemp(join(tmpdir(), "signing-local-"));
  const storage = new LocalObjectStorage({ dir: localDir, publicBaseUrl: () => `${local.baseUrl}/media` });
  local = await startTestApp({ database: "postgres", storage });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await local?.close();
  await s3?.close();
  await rm(localDir, { recursive: true, force: true });
});

const db = (app: TestApp = t) => app.deps.database.db;
const page = (token: string) => `/v1/public/sign/${token}`;

function expectSigningHeaders(res: Visit) {
  const pdf = (res.headers.get("content-type") ?? "").startsWith("application/pdf");
  expect(res.headers.get("cache-control")).toBe(pdf ? "private, no-store" : "no-store");
  expect(res.headers.get("x-robots-tag")).toBe("noindex");
}
async function call(app: TestApp, method: string, path: string, options: Parameters<typeof visit>[3] = {}) {
  const res = await visit(app, method, path, options);
  expectSigningHeaders(res);
  return res;
}
const MISS = JSON.stringify({ error: SIGNING_MISS_MESSAGE });
const assignmentRow = async (app: TestApp, id: string) =>
  (await db(app).select().from(formAssignments).where(eq(formAssignments.id, id)))[0]!;
const sign = (app: TestApp, link: SigningLinkFixture, ip?: string) =>
  call(app, "POST", page(link.token), {
    ip,
    body: submitBody({ city: "חיפה", note: "" }, { sig: pngDataUrl() }),
    headers: { "user-agent": "SigningTest/1.0" },
  });

describe.each([
  ["S3 on loopback", () => t],
  ["embedded local storage", () => local],
])("a document link end to end (%s)", (_name, app) => {
  it("view (pending) → document → submit → view (signed) → signed PDF: pages with rotation, frozen fields and values, audit and hash", async () => {
    const link = await createSigningLink(app());
    const view = await call(app(), "GET", page(link.token));
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toMatch(/^application\/json/);
    expect(view.body).toEqual({
      status: "pending",
      signedAt: null,
      branding: expect.objectContaining({
        logoUrl: null,
        primaryColor: "#1f2937",
        secondaryColor: "#2563eb",
      }),
      pages: [
        { width: expect.closeTo(595.28, 1), height: expect.closeTo(841.89, 1) },
        { width: 400, height: 600 },
      ],
      fields: [
        expect.objectContaining({ key: "client_name", kind: "text", filledBy: "coach", value: "דנה כהן" }),
        expect.objectContaining({ key: "price", kind: "text", filledBy: "coach", value: "1200" }),
        expect.objectContaining({
          key: "city",
          kind: "text",
          filledBy: "trainee",
          required: true,
          value: null,
        }),
        expect.objectContaining({ key: "note", kind: "text", filledBy: "trainee", value: null }),
        {
          key: "sig",
          label: "label sig",
          kind: "signature",
          required: true,
          filledBy: "trainee",
          page: 1,
          x: 0.5,
          y: 0.7,
          w: 0.4,
          h: 0.15,
          value: null,
        },
      ],
    });
    expect(Object.keys(view.body.branding).sort()).toEqual([
      "logoUrl",
      "primaryColor",
      "secondaryColor",
      "studioName",
    ]);
    expect(typeof view.body.branding.studioName).toBe("string");

    const doc = await call(app(), "GET", `${page(link.token)}/document`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    expect(sha256(doc.bytes)).toBe(sha256(link.source));
    expect((await call(app(), "GET", `${page(link.token)}/signed`)).text).toBe(MISS);

    const ip = randomIp();
    const signed = await sign(app(), link, ip);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(signed.body).toEqual({ status: "signed", signedAt: expect.any(String) });

    const after = await call(app(), "GET", page(link.token));
    expect(after.body).toMatchObject({ status: "signed", signedAt: signed.body.signedAt });
    // the source stays readable once signed
    expect((await call(app(), "GET", `${page(link.token)}/document`)).status).toBe(200);

    const pdf = await call(app(), "GET", `${page(link.token)}/signed`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const parsed = await PDFDocument.load(pdf.bytes);
    expect(parsed.getPageCount()).toBe(2);
    expect(imagesOn(parsed.getPage(0))).toBe(0);
    expect(imagesOn(parsed.getPage(1))).toBe(1);

    const row = await assignmentRow(app(), link.assignmentId);
    expect(row.status).toBe("SUBMITTED");
    expect(row.signedDocumentKey).toMatch(
      new RegExp(`^signed-documents/${link.studioId}/${link.assignmentId}/[0-9a-f]{32}\\.pdf$`),
    );
    expect(row.signingAudit).toEqual({
      signedAt: signed.body.signedAt,
      ip,
      userAgent: "SigningTest/1.0",
      phone: link.phone,
      documentSha256: sha256(pdf.bytes),
    });
    const [response] = await db(app())
      .select()
      .from(formResponses)
      .where(eq(formResponses.assignmentId, link.assignmentId));
    expect(response!.documentUrl).toBe(app().deps.storage!.publicUrl(row.signedDocumentKey!));
    expect(response!.answers).toEqual({ city: "חיפה", sig: "signed" });
    // the documentUrl serves the same signed bytes
    const served = await fetch(response!.documentUrl!);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(pdf.bytes));

    const again = await sign(app(), link);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "ALREADY_SIGNED", details: { reason: "ALREADY_SIGNED" } });
    expect(typeof again.body.error).toBe("string");
  });
});

describe("branding", () => {
  it("takes the studio's name, logo URL and colours from its settings (as #rrggbb), nothing else", async () => {
    const link = await createSigningLink(t);
    await db()
      .update(studios)
      .set({
        name: "סטודיו כושר",
        settings: {
          branding: {
            logoUrl: "https://cdn.example.com/logo.png",
            primaryColor: "#ABC",
            secondaryColor: "#112233",
            coverImageUrl: "https://x",
          },
          calendarEnabled: true,
        },
      })
      .where(eq(studios.id, link.studioId));
    const view = await call(t, "GET", page(link.token));
    expect(view.body.branding).toEqual({
      studioName: "סטודיו כושר",
      logoUrl: "https://cdn.example.com/logo.png",
      primaryColor: "#aabbcc",
      secondaryColor: "#112233",
    });
  });
});

describe("FORM_FILLED from the signing page", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it("the delivery body carries the signed PDF's documentUrl (a loopback receiver, the worker running)", async () => {
    const link = await createSigningLink(t);
    const key = await automationKey(t, link.owner);
    const hook = await key.call("POST", "/hooks", { targetUrl: receiver.url });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const worker = await startTestWorker(t);
    try {
      expect((await sign(t, link)).status).toBe(200);
      const deadline = Date.now() + 15_000;
      while (receiver.requests.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(receiver.requests).toHaveLength(1);
      const body = JSON.parse(receiver.requests[0]!.body);
      const row = await assignmentRow(t, link.assignmentId);
      expect(body).toMatchObject({
        event: "form_filled",
        formId: link.formId,
        clientId: link.clientId,
        documentUrl: t.deps.storage!.publicUrl(row.signedDocumentKey!),
      });
      expect(body.documentUrl).toMatch(/\/signed-documents\//);
    } finally {
      await worker.stop();
    }
  });
});

describe("canceled links", () => {
  const cases: [string, (link: SigningLinkFixture) => Promise<unknown>][] = [
    [
      "the assignment was canceled",
      (link) =>
        db()
          .update(formAssignments)
          .set({ status: "CANCELED", canceledAt: new Date() })
          .where(eq(formAssignments.id, link.assignmentId)),
    ],
    [
      "the form was deactivated",
      (link) => db().update(forms).set({ isActive: false }).where(eq(forms.id, link.formId)),
    ],
    [
      "the form lost its document",
      (link) => db().update(forms).set({ documentUrl: null }).where(eq(forms.id, link.formId)),
    ],
  ];
  it.each(cases)(
    "%s: view answers status canceled (no pages), document and signed 404, submit 409 LINK_CANCELED",
    async (_n, cancel) => {
      const link = await createSigningLink(t);
      await cancel(link);
      const view = await call(t, "GET", page(link.token));
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ status: "canceled", signedAt: null, pages: [] });
      expect(view.body.fields).toHaveLength(5);
      for (const tail of ["/document", "/signed"]) {
        const res = await call(t, "GET", page(link.token) + tail);
        expect(res.status).toBe(404);
        expect(res.text).toBe(MISS);
      }
      const submit = await sign(t, link);
      expect(submit.status).toBe(409);
      expect(submit.body).toMatchObject({ code: "LINK_CANCELED", details: { reason: "LINK_CANCELED" } });
      expect((await assignmentRow(t, link.assignmentId)).signingAudit).toBeNull();
      expect(await signedObjectsOf(t.deps.storage, link.studioId)).toEqual([]);
    },
  );
});

describe("submit: keys, images, answers", () => {
  // A fresh link per test: a link takes 8 submits per 600 s.
  let link: SigningLinkFixture;
  beforeEach(async () => {
    link = await createSigningLink(t);
  });
  const post = (
    values: Record<string, unknown>,
    signatures: Record<string, unknown> = { sig: pngDataUrl() },
  ) => call(t, "POST", page(link.token), { body: submitBody(values, signatures) });

  it("refuses keys that are not trainee-filled fields of the document (UNKNOWN_FIELD; COACH_FIELD for the coach's)", async () => {
    const unknown = await post({ city: "x", nope: "1" });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      error: expect.any(String),
      code: "UNKNOWN_FIELD",
      details: { reason: "UNKNOWN_FIELD", fields: ["nope"] },
    });
    // a signature field sent as text, a text field sent as a signature
    expect((await post({ city: "x", sig: "y" })).body.code).toBe("UNKNOWN_FIELD");
    expect(
      (await post({ city: "x" }, { sig: pngDataUrl(), city: pngDataUrl() })).body.details.fields,
    ).toEqual(["city"]);
    const coach = await post({ city: "x", client_name: "Someone else" });
    expect(coach.status).toBe(422);
    expect(coach.body).toMatchObject({ code: "COACH_FIELD", details: { fields: ["client_name"] } });
    expect((await assignmentRow(t, link.assignmentId)).status).toBe("PENDING");
  });

  it("validates the answers like the trainee app: required text and required signature", async () => {
    const noCity = await post({ note: "hi" });
    expect(noCity.status).toBe(422);
    expect(noCity.body.code).toBe("VALIDATION");
    expect(noCity.body.details.issues).toEqual([
      { path: "answers.city", message: "required", code: "custom" },
    ]);
    const noSig = await post({ city: "x" }, {});
    expect(noSig.body.details.issues).toEqual([{ path: "answers.sig", message: "required", code: "custom" }]);
    // a blank value is no answer
    expect((await post({ city: "   " })).body.details.issues[0].path).toBe("answers.city");
    expect(await signedObjectsOf(t.deps.storage, link.studioId)).toEqual([]);
  });

  const bad: [string, string][] = [
    ["NOT_PNG_DATA_URL", "data:image/jpeg;base64,AAAA"],
    ["PNG_TOO_LARGE", `data:image/png;base64,${"A".repeat(560_000)}`],
    ["PNG_TOO_WIDE", `data:image/png;base64,${pngBytes(4001, 1).toString("base64")}`],
    ["PNG_TOO_MANY_PIXELS", `data:image/png;base64,${pngBytes(2001, 2001).toString("base64")}`],
    [
      "PNG_INVALID",
      `data:image/png;base64,${Buffer.concat([pngBytes(20, 20).subarray(0, 40), Buffer.from("broken!!")]).toString("base64")}`,
    ],
  ];
  it.each(bad)(
    "a signature image refused for %s answers that code (422, details.field)",
    async (reason, dataUrl) => {
      const res = await post({ city: "x" }, { sig: dataUrl });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: expect.any(String),
        code: reason,
        details: { reason, field: "sig" },
      });
    },
  );

  it("bounds of the body: a data URL over 600,000 characters, a value over 5000, a key over 100, over 200 keys: VALIDATION", async () => {
    const long = `data:image/png;base64,${"A".repeat(600_000)}`;
    expect((await post({ city: "x" }, { sig: long })).body.code).toBe("VALIDATION");
    expect((await post({ city: "x".repeat(5001) })).body.code).toBe("VALIDATION");
    expect((await post({ ["k".repeat(101)]: "x" })).body.code).toBe("VALIDATION");
    link = await createSigningLink(t);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, "x"]));
    const res = await post(many);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
    for (const body of ["[1]", "{", "null"]) {
      const malformed = await call(t, "POST", page(link.token), { body });
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe("BAD_REQUEST");
    }
  });

  it("the body limit is 4 MB on this parameterized path: 3.9 MB is read (422), above 4 MB is 413 with the signing headers", async () => {
    const big = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [`s${i}`, `data:${"A".repeat(560_000)}`]),
    );
    const body = submitBody({}, big);
    expect(body.length).toBeGreaterThan(3_900_000);
    expect(body.length).toBeLessThan(4 * 1024 * 1024);
    const read = await call(t, "POST", page(link.token), { body });
    expect(read.status).toBe(422);
    const over = await call(t, "POST", page(link.token), {
      body: submitBody({ a: "x".repeat(4 * 1024 * 1024) }),
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: "BAD_REQUEST", error: expect.any(String) });
  });
});

describe("misses", () => {
  it("a malformed token, an unknown token, an archived studio and a deleted trainee answer 404 with identical bytes on all four routes", async () => {
    const archived = await createSigningLink(t);
    await db().update(studios).set({ archivedAt: new Date() }).where(eq(studios.id, archived.studioId));
    const deleted = await createSigningLink(t);
    await db().update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, deleted.clientId));
    const tokens = ["abc", "x".repeat(23), "a.b-c_d", "A".repeat(22), archived.token, deleted.token];
    const answers = new Set<string>();
    for (const token of tokens) {
      for (const [method, tail, body] of [
        ["GET", "", undefined],
        ["GET", "/document", undefined],
        ["GET", "/signed", undefined],
        ["POST", "", submitBody({ city: "x" }, { sig: pngDataUrl() })],
      ] as const) {
        const res = await call(t, method, page(encodeURIComponent(token)) + tail, { body });
        expect(res.status, `${method} ${token}${tail}`).toBe(404);
        answers.add(res.text);
      }
    }
    expect([...answers]).toEqual([MISS]);
    expect((await assignmentRow(t, archived.assignmentId)).status).toBe("PENDING");
    expect((await assignmentRow(t, deleted.assignmentId)).status).toBe("PENDING");
  });

  it("an unknown path under /v1/public/sign answers the miss body with the headers", async () => {
    const res = await call(t, "GET", "/v1/public/sign/a/b/c");
    expect(res.status).toBe(404);
    expect(res.text).toBe(MISS);
  });
});

describe("tenancy: the token is the credential", () => {
  it("a token reaches only its own studio's assignment; a row joining another studio's form is a miss", async () => {
    const a = await createSigningLink(t);
    const b = await createSigningLink(t);
    await db().update(studios).set({ name: "Studio B" }).where(eq(studios.id, b.studioId));
    const view = await call(t, "GET", page(a.token));
    expect(view.body.branding.studioName).not.toBe("Studio B");
    expect((await sign(t, a)).status).toBe(200);
    expect((await assignmentRow(t, a.assignmentId)).status).toBe("SUBMITTED");
    expect((await assignmentRow(t, b.assignmentId)).status).toBe("PENDING");
    expect(await signedObjectsOf(t.deps.storage, b.studioId)).toEqual([]);
    expect((await signedObjectsOf(t.deps.storage, a.studioId)).length).toBe(1);

    // An assignment of studio B pointing at studio A's form (data that must never be reached).
    const token = "Q".repeat(21) + "w";
    await db()
      .insert(formAssignments)
      .values({
        studioId: b.studioId,
        formId: a.formId,
        clientId: b.clientId,
        status: "PENDING",
        tokenHash: signingTokenHash(token),
        frozenSchema: { fields: [], documentUrl: t.deps.storage!.publicUrl(a.sourceKey) },
        pushMode: "NEVER",
      });
    for (const tail of ["", "/document"]) expect((await call(t, "GET", page(token) + tail)).text).toBe(MISS);
  });

  it("a frozen document URL outside the link's studio is never read (INTERNAL), even if the object exists", async () => {
    const a = await createSigningLink(t);
    const b = await createSigningLink(t);
    await db()
      .update(formAssignments)
      .set({
        frozenSchema: sql`jsonb_set(frozen_schema, '{documentUrl}', ${JSON.stringify(t.deps.storage!.publicUrl(a.sourceKey))}::jsonb)`,
      })
      .where(eq(formAssignments.id, b.assignmentId));
    const res = await call(t, "GET", `${page(b.token)}/document`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: expect.any(String), code: "INTERNAL" });
  });
});

describe("the stored document", () => {
  it("missing or not a PDF: document 500 INTERNAL, view 500 INTERNAL, submit 500 with no upload left", async () => {
    const gone = await createSigningLink(t);
    await t.deps.storage!.deleteObject(gone.sourceKey);
    const notPdf = await createSigningLink(t);
    await t.deps.storage!.putObject({
      key: notPdf.sourceKey,
      body: new TextEncoder().encode("hello"),
      contentType: "application/pdf",
    });
    for (const link of [gone, notPdf]) {
      for (const tail of ["/document", ""]) {
        const res = await call(t, "GET", page(link.token) + tail);
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: expect.any(String), code: "INTERNAL" });
      }
      const submit = await sign(t, link);
      expect(submit.status).toBe(500);
      expect((await assignmentRow(t, link.assignmentId)).status).toBe("PENDING");
      expect(await signedObjectsOf(t.deps.storage, link.studioId)).toEqual([]);
    }
  });
});

describe("failures after the upload", () => {
  it.each([
    ["S3", () => t],
    ["local", () => local],
  ])(
    "a completion that fails deletes this attempt's upload (%s); the link stays pending and can be signed",
    async (_n, app) => {
      const link = await createSigningLink(app());
      await db(app()).execute(
        sql`create or replace function signing_test_fail() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`,
      );
      await db(app()).execute(
        sql`create trigger signing_test_fail before insert on form_responses for each row execute function signing_test_fail()`,
      );
      try {
        const res = await sign(app(), link);
        expect(res.status).toBe(500);
        expect(res.body.code).toBe("INTERNAL");
      } finally {
        await db(app()).execute(sql`drop trigger signing_test_fail on form_responses`);
      }
      expect(await signedObjectsOf(app().deps.storage, link.studioId)).toEqual([]);
      const row = await assignmentRow(app(), link.assignmentId);
      expect(row).toMatchObject({ status: "PENDING", signingAudit: null, signedDocumentKey: null });
      expect((await sign(app(), link)).status).toBe(200);
      expect(await signedObjectsOf(app().deps.storage, link.studioId)).toHaveLength(1);
    },
  );
});

describe("concurrent submits", () => {
  it("exactly one wins; the others are refused ALREADY_SIGNED and leave no upload", async () => {
    const link = await createSigningLink(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => sign(t, link)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe("ALREADY_SIGNED");
    expect(
      await db().select().from(formResponses).where(eq(formResponses.assignmentId, link.assignmentId)),
    ).toHaveLength(1);
    const objects = await signedObjectsOf(t.deps.storage, link.studioId);
    expect(objects).toHaveLength(1);
    expect(objects[0]).toBe((await assignmentRow(t, link.assignmentId)).signedDocumentKey);
  });
});

describe("the lane", () => {
  it("x-service-id without a valid signature is 401 (signing body and headers); unsigned requests are served", async () => {
    const link = await createSigningLink(t);
    const res = await call(t, "GET", page(link.token), {
      ip: null,
      headers: { "x-service-id": "web-app", "x-client-ip": "1.2.3.4" },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code: "UNAUTHORIZED" });
    expect((await call(t, "GET", page(link.token), { ip: null })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("lists the four routes: the token path parameter, JSON or PDF media types, the signing error bodies, the 4 MB submit", async () => {
    const doc = (await visit(t, "GET", "/openapi.json", { ip: null })).body;
    const op = (method: string, path: string) => doc.paths[path][method];
    const view = op("get", "/v1/public/sign/{token}");
    const submit = op("post", "/v1/public/sign/{token}");
    const source = op("get", "/v1/public/sign/{token}/document");
    const signed = op("get", "/v1/public/sign/{token}/signed");
    for (const o of [view, submit, source, signed]) {
      expect(o.parameters).toContainEqual(
        expect.objectContaining({
          in: "path",
          name: "token",
          required: true,
          description: expect.stringMatching(/credential/),
        }),
      );
      expect(o.responses["404"].content["application/json"].schema.$ref).toBe(
        "#/components/schemas/SigningMissBody",
      );
      expect(o.responses["429"].content["application/json"].schema.$ref).toBe(
        "#/components/schemas/SigningErrorBody",
      );
      expect(o.responses["500"].content["application/json"].schema.$ref).toBe(
        "#/components/schemas/SigningErrorBody",
      );
      expect(Object.keys(o.responses["200"].headers)).toEqual(
        expect.arrayContaining(["cache-control", "x-robots-tag"]),
      );
      // the token in the path is the credential; a caller naming x-service-id signs
      expect(o.security).toEqual([{}, expect.objectContaining({ serviceSignature: [] })]);
    }
    expect(Object.keys(view.responses["200"].content)).toEqual(["application/json"]);
    expect(view.responses["200"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/SigningPage",
    );
    for (const o of [source, signed])
      expect(o.responses["200"].content).toEqual({
        "application/pdf": { schema: { type: "string", format: "binary" } },
      });
    expect(submit.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/SigningSubmit",
    );
    expect(Object.keys(submit.responses)).toEqual([
      "200",
      "400",
      "401",
      "404",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(submit.responses["413"].description).toMatch(/4 MB/);
    expect(doc.components.schemas.SigningMissBody.required).toEqual(["error"]);
  });
});
