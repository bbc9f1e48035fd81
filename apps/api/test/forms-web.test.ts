import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStorage } from "@studio/providers/storage";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { studioIdOf } from "./support/team-fixtures";

// POST/GET/PATCH /v1/web/forms (decisions.md "Supporting web routes"; docs/decisions/forms.md
// "Forms (web routes)"), over the real app with the embedded media storage.
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "forms-web-"));
  const storage = new LocalObjectStorage({ dir, publicBaseUrl: () => `${t.baseUrl}/media` });
  t = await startTestApp({ database: "postgres", storage });
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function storePdf(owner: WebUserContext, scope = "forms"): Promise<string> {
  const res = await t.web("POST", "/v1/web/content/media", owner, {
    media: Buffer.from("%PDF-1.7 form").toString("base64"),
    contentType: "application/pdf",
    scope,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.url as string;
}

const box = { page: 0, x: 0.1, y: 0.2, w: 0.3, h: 0.05 };
const signature = { key: "sig", label: "חתימה", kind: "signature", required: true, ...box };
const text = { key: "full_name", label: "שם", kind: "text", ...box, y: 0.5 };

async function addForm(owner: WebUserContext, body: Record<string, unknown> = {}) {
  const res = await t.web("POST", "/v1/web/forms", owner, { name: "שאלון", type: "INTAKE", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
async function refused(owner: WebUserContext, body: Record<string, unknown>, message: RegExp) {
  const res = await t.web("POST", "/v1/web/forms", owner, { name: "x", type: "INTAKE", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.code).toBe("VALIDATION");
  expect(res.body.message).toMatch(message);
  return res;
}

describe("POST /v1/web/forms", () => {
  it("creates a form with defaults: active, published, no fields, no document", async () => {
    const form = await addForm(newOwner());
    expect(form).toMatchObject({
      name: "שאלון",
      type: "INTAKE",
      isActive: true,
      isPublished: true,
      fields: [],
      documentUrl: null,
    });
  });

  it("stores fields with their defaults (required false, filledBy trainee, no box) and choice options", async () => {
    const form = await addForm(newOwner(), {
      type: "CHECK_IN",
      isPublished: false,
      fields: [
        { key: "weight", label: "משקל", kind: "number", required: true },
        { key: "mood", label: "מצב רוח", kind: "choice", options: ["טוב", "רע"] },
        { key: "waist", label: "מותניים", kind: "measurement", filledBy: "coach", ...box },
      ],
    });
    expect(form.isPublished).toBe(false);
    expect(form.fields).toEqual([
      {
        key: "weight",
        label: "משקל",
        kind: "number",
        required: true,
        filledBy: "trainee",
        options: null,
        page: null,
        x: null,
        y: null,
        w: null,
        h: null,
      },
      {
        key: "mood",
        label: "מצב רוח",
        kind: "choice",
        required: false,
        filledBy: "trainee",
        options: ["טוב", "רע"],
        page: null,
        x: null,
        y: null,
        w: null,
        h: null,
      },
      {
        key: "waist",
        label: "מותניים",
        kind: "measurement",
        required: false,
        filledBy: "coach",
        options: null,
        ...box,
      },
    ]);
  });

  it("field keys are unique within the form and safe identifiers of at most 64 characters", async () => {
    const owner = newOwner();
    await refused(
      owner,
      {
        fields: [
          { key: "a", label: "1", kind: "text" },
          { key: "a", label: "2", kind: "number" },
        ],
      },
      /duplicate key a/,
    );
    for (const key of ["1a", "a-b", "a b", "", "ש", "a".repeat(65)]) {
      const res = await t.web("POST", "/v1/web/forms", owner, {
        name: "x",
        type: "INTAKE",
        fields: [{ key, label: "l", kind: "text" }],
      });
      expect(res.status, key).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    await addForm(owner, { fields: [{ key: `A_${"b".repeat(62)}`, label: "l", kind: "text" }] });
  });

  it("a choice field needs 1 to 50 distinct options; other kinds take none", async () => {
    const owner = newOwner();
    const choice = { key: "c", label: "c", kind: "choice" };
    await refused(owner, { fields: [choice] }, /a choice field needs options/);
    await refused(owner, { fields: [{ ...choice, options: [] }] }, /a choice field needs options/);
    await refused(owner, { fields: [{ ...choice, options: ["a", "a"] }] }, /options must be distinct/);
    await refused(
      owner,
      { fields: [{ key: "t", label: "t", kind: "text", options: ["a"] }] },
      /only choice fields have options/,
    );
    const many = Array.from({ length: 51 }, (_, i) => `o${i}`);
    await refused(owner, { fields: [{ ...choice, options: many }] }, /options/);
    await addForm(owner, { fields: [{ ...choice, options: many.slice(0, 50) }] });
  });

  it("a box is page, x, y, w, h together: fractions of the page, inside it, page a zero-based integer", async () => {
    const owner = newOwner();
    const field = { key: "t", label: "t", kind: "text" };
    await refused(
      owner,
      { fields: [{ ...field, page: 0, x: 0.1 }] },
      /a box needs page, x, y, w and h together/,
    );
    await refused(owner, { fields: [{ ...field, ...box, x: 1.5 }] }, /at most 1/);
    await refused(owner, { fields: [{ ...field, ...box, y: -0.1 }] }, /at least 0/);
    await refused(owner, { fields: [{ ...field, ...box, page: -1 }] }, /at least 0/);
    await refused(owner, { fields: [{ ...field, ...box, page: 1.5 }] }, /integer/);
    await refused(owner, { fields: [{ ...field, ...box, page: 1000 }] }, /at most 999/);
    await refused(owner, { fields: [{ ...field, ...box, w: 0 }] }, /w and h above 0/);
    await refused(owner, { fields: [{ ...field, ...box, x: 0.8, w: 0.3 }] }, /inside the page/);
    await refused(owner, { fields: [{ ...field, ...box, y: 0.9, h: 0.2 }] }, /inside the page/);
    const form = await addForm(owner, { fields: [{ ...field, page: 3, x: 0, y: 0, w: 1, h: 1 }] });
    expect(form.fields[0]).toMatchObject({ page: 3, x: 0, y: 0, w: 1, h: 1 });
  });

  it("bounds: at most 200 fields, label and name at most 200 characters, no NUL", async () => {
    const owner = newOwner();
    const fields = Array.from({ length: 201 }, (_, i) => ({ key: `k${i}`, label: "l", kind: "text" }));
    await refused(owner, { fields }, /200/);
    await refused(owner, { fields: [{ key: "k", label: "x".repeat(201), kind: "text" }] }, /at most 200/);
    await refused(owner, { name: "a\u0000b" }, /NUL/);
    await refused(owner, { name: "x".repeat(201) }, /at most 200/);
    await addForm(owner, { fields: fields.slice(0, 200) });
  });

  it("signature fields belong to PDF_SIGNATURE forms and are filled by the trainee", async () => {
    const owner = newOwner();
    await refused(owner, { fields: [signature] }, /signature fields belong to PDF_SIGNATURE forms/);
    const documentUrl = await storePdf(owner);
    await refused(
      owner,
      { type: "PDF_SIGNATURE", documentUrl, fields: [{ ...signature, filledBy: "coach" }] },
      /a signature is filled by the trainee/,
    );
  });

  it("a PDF_SIGNATURE form needs a stored PDF and boxed text or signature fields", async () => {
    const owner = newOwner();
    await refused(
      owner,
      { type: "PDF_SIGNATURE", fields: [signature] },
      /a PDF_SIGNATURE form needs documentUrl/,
    );
    const documentUrl = await storePdf(owner);
    const { page: _p, ...unboxed } = text;
    await refused(
      owner,
      {
        type: "PDF_SIGNATURE",
        documentUrl,
        fields: [{ ...unboxed, x: undefined, y: undefined, w: undefined, h: undefined }],
      },
      /need a box/,
    );
    await refused(
      owner,
      { type: "PDF_SIGNATURE", documentUrl, fields: [{ key: "n", label: "n", kind: "number", ...box }] },
      /text and signature fields only/,
    );
    const form = await addForm(owner, { type: "PDF_SIGNATURE", documentUrl, fields: [text, signature] });
    expect(form).toMatchObject({ type: "PDF_SIGNATURE", documentUrl });
    expect(form.fields.map((f: { kind: string }) => f.kind)).toEqual(["text", "signature"]);
  });

  it("documentUrl must be a .pdf of this studio's media, exactly as the storage names it", async () => {
    const owner = newOwner();
    const other = newOwner();
    const studioId = await studioIdOf(t, owner);
    const mine = await storePdf(owner);
    const theirs = await storePdf(other);
    const body = (documentUrl: string) => ({ type: "PDF_SIGNATURE", documentUrl, fields: [signature] });
    const message = /must be a PDF stored through this studio's media upload/;
    await refused(owner, body(theirs), message);
    await refused(owner, body(mine.replace(/\.pdf$/, ".png")), message);
    await refused(owner, body(`https://evil.example/media/studios/${studioId}/forms/x.pdf`), message);
    await refused(owner, body(`${t.baseUrl}/media/studios/${studioId}/forms/../x.pdf`), message);
    await refused(owner, body(`${t.baseUrl}/media/studios/${studioId}/other/x.pdf`), message);
    await refused(owner, body(`${t.baseUrl}/media/studios/${studioId}/forms/%2e%2e%2fx.pdf`), message);
    // a PDF of another scope of the same studio (plans) is a stored PDF too
    await addForm(owner, body(await storePdf(owner, "plans")));
  });
});

describe("GET /v1/web/forms", () => {
  it("lists the studio's forms newest first, pages them, filters by type; other studios' forms are not listed", async () => {
    const owner = newOwner();
    const a = await addForm(owner, { name: "a", type: "INTAKE" });
    const b = await addForm(owner, { name: "b", type: "CHECK_IN", isActive: false });
    const c = await addForm(owner, { name: "c", type: "INTAKE" });
    await addForm(newOwner(), { name: "other" });
    const all = await t.web("GET", "/v1/web/forms", owner);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items.map((f: { id: string }) => f.id)).toEqual([c.id, b.id, a.id]);
    const page2 = await t.web("GET", "/v1/web/forms?page=2&pageSize=2", owner);
    expect(page2.body.data.items.map((f: { id: string }) => f.id)).toEqual([a.id]);
    expect(page2.body.data.total).toBe(3);
    const intake = await t.web("GET", "/v1/web/forms?type=INTAKE", owner);
    expect(intake.body.data.items.map((f: { id: string }) => f.id)).toEqual([c.id, a.id]);
    expect(intake.body.data.total).toBe(2);
    expect((await t.web("GET", "/v1/web/forms?type=OTHER", owner)).status).toBe(422);
  });
});

describe("GET /v1/web/forms/:id", () => {
  it("answers the form; another studio's form answers like a missing one", async () => {
    const owner = newOwner();
    const form = await addForm(owner, { fields: [{ key: "k", label: "l", kind: "date" }] });
    const got = await t.web("GET", `/v1/web/forms/${form.id}`, owner);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(form);
    const stranger = await t.web("GET", `/v1/web/forms/${form.id}`, newOwner());
    const missing = await t.web("GET", `/v1/web/forms/00000000-0000-4000-8000-000000000000`, owner);
    expect(stranger.status).toBe(404);
    expect(missing.status).toBe(404);
    expect({ ...stranger.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
  });
});

describe("PATCH /v1/web/forms/:id", () => {
  it("changes the fields sent only; fields are replaced whole", async () => {
    const owner = newOwner();
    const form = await addForm(owner, {
      fields: [
        { key: "a", label: "a", kind: "text" },
        { key: "b", label: "b", kind: "number" },
      ],
    });
    const renamed = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, { name: "חדש", isActive: false });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: "חדש",
      isActive: false,
      isPublished: true,
      type: "INTAKE",
    });
    expect(renamed.body.data.fields.map((f: { key: string }) => f.key)).toEqual(["a", "b"]);
    const replaced = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, {
      fields: [{ key: "c", label: "c", kind: "date" }],
    });
    expect(replaced.body.data.fields.map((f: { key: string }) => f.key)).toEqual(["c"]);
    expect(replaced.body.data.name).toBe("חדש");
    const bad = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, {
      fields: [
        { key: "c", label: "c", kind: "date" },
        { key: "c", label: "d", kind: "text" },
      ],
    });
    expect(bad.status).toBe(422);
    expect((await t.web("GET", `/v1/web/forms/${form.id}`, owner)).body.data.fields).toHaveLength(1);
  });

  it("a PDF_SIGNATURE form cannot lose its documentUrl; a type change re-checks the kept fields", async () => {
    const owner = newOwner();
    const documentUrl = await storePdf(owner);
    const form = await addForm(owner, { type: "PDF_SIGNATURE", documentUrl, fields: [signature] });
    const cleared = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, { documentUrl: null });
    expect(cleared.status).toBe(422);
    expect(cleared.body.message).toMatch(/a PDF_SIGNATURE form needs documentUrl/);
    const other = await storePdf(newOwner());
    const foreign = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, { documentUrl: other });
    expect(foreign.status).toBe(422);
    const next = await storePdf(owner);
    const moved = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, { documentUrl: next });
    expect(moved.status).toBe(200);
    expect(moved.body.data.documentUrl).toBe(next);
    const retyped = await t.web("PATCH", `/v1/web/forms/${form.id}`, owner, { type: "ONE_TIME" });
    expect(retyped.status).toBe(422);
    expect(retyped.body.message).toMatch(/signature fields belong to PDF_SIGNATURE forms/);

    const plain = await addForm(owner, { fields: [{ key: "t", label: "t", kind: "text" }] });
    const toPdf = await t.web("PATCH", `/v1/web/forms/${plain.id}`, owner, {
      type: "PDF_SIGNATURE",
      documentUrl,
    });
    expect(toPdf.status).toBe(422);
    expect(toPdf.body.message).toMatch(/need a box/);
  });

  it("another studio's form answers like a missing one and is left unchanged", async () => {
    const owner = newOwner();
    const form = await addForm(owner);
    const stranger = await t.web("PATCH", `/v1/web/forms/${form.id}`, newOwner(), { name: "hijack" });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe("NOT_FOUND");
    expect((await t.web("GET", `/v1/web/forms/${form.id}`, owner)).body.data.name).toBe("שאלון");
  });
});
