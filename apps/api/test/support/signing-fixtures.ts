import { createHash, randomBytes, randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { PDFDocument, PDFDict, PDFName, PDFRawStream, degrees, type PDFPage } from "pdf-lib";
import { signServiceRequest } from "@studio/auth";
import type { FormField } from "@studio/contracts";
import { assignForm, mediaScopePrefix } from "@studio/domain";
import { LocalObjectStorage, S3ObjectStorage } from "@studio/providers/storage";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { addForm, boxed } from "./form-fixtures";
import { newOwner, type TestApp, type WebUserContext } from "./harness";
import { studioIdOf } from "./team-fixtures";

// ---- PNG and PDF bytes ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** An RGBA PNG of width × height (a dark stroke across a transparent field). */
export function pngBytes(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const row = width * 4 + 1;
  const raw = Buffer.alloc(row * height);
  if (width * height <= 1_000_000)
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1)
        if (Math.abs(y - Math.round((x * height) / width)) < 2)
          raw.writeUInt32BE(0x102030ff, y * row + 1 + x * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
export const pngDataUrl = (width = 200, height = 60) =>
  `data:image/png;base64,${pngBytes(width, height).toString("base64")}`;

/** A two-page PDF: A4 portrait, then a 600 × 400 page rotated 90° (shown 400 × 600). */
export async function sourcePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]).drawText("Contract page 1", { x: 50, y: 780, size: 18 });
  const second = doc.addPage([600, 400]);
  second.setRotation(degrees(90));
  second.drawText("Contract page 2", { x: 50, y: 300, size: 18 });
  return doc.save();
}

/** The image XObjects a page draws (names of its resources whose Subtype is Image). */
export function imagesOn(page: PDFPage): number {
  const resources = page.node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xobjects) return 0;
  return xobjects.keys().filter((name) => {
    const object = xobjects.lookup(name);
    const dict =
      object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
    return dict?.get(PDFName.of("Subtype"))?.toString() === "/Image";
  }).length;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// ---- a document link ----

/** Coach-filled name (required) and price; trainee city (required) and note; signature on page 1. */
export const SIGNING_FIELDS: FormField[] = [
  boxed("client_name", "text", { filledBy: "coach", required: true }),
  boxed("price", "text", { filledBy: "coach" }),
  boxed("city", "text", { required: true }),
  boxed("note", "text"),
  boxed("sig", "signature", { required: true, page: 1, x: 0.5, y: 0.7, w: 0.4, h: 0.15 }),
];

export interface SigningLinkFixture {
  owner: WebUserContext;
  studioId: string;
  clientId: string;
  phone: string;
  formId: string;
  assignmentId: string;
  token: string;
  sourceKey: string;
  source: Uint8Array;
}

let phoneSerial = 0;
export const samplePhone = () =>
  `+9725${String(20_000_000 + ((Date.now() + (phoneSerial += 7919)) % 70_000_000)).padStart(8, "0")}`;

/** A studio, a trainee, a stored source PDF, a PDF_SIGNATURE form and a link (through assignForm). */
export async function createSigningLink(
  t: TestApp,
  options: {
    owner?: WebUserContext;
    fields?: FormField[];
    fieldValues?: Record<string, string>;
    source?: Uint8Array;
  } = {},
): Promise<SigningLinkFixture> {
  const owner = options.owner ?? newOwner();
  const studioId = await studioIdOf(t, owner);
  const phone = samplePhone();
  const client = await t.web("POST", "/v1/web/clients", owner, { firstName: "Dana", phone });
  if (client.status !== 201) throw new Error(`client: ${JSON.stringify(client.body)}`);
  const storage = t.deps.storage!;
  const source = options.source ?? (await sourcePdf());
  const sourceKey = `${mediaScopePrefix(studioId, "forms")}${randomUUID()}.pdf`;
  await storage.putObject({ key: sourceKey, body: source, contentType: "application/pdf" });
  const form = await addForm(t, studioId, {
    name: "הסכם",
    type: "PDF_SIGNATURE",
    documentUrl: storage.publicUrl(sourceKey),
    fields: options.fields ?? SIGNING_FIELDS,
  });
  const { assignment, signingUrl } = await assignForm(t.deps.database.db, t.scopeFor(studioId), {
    clientId: client.body.data.id,
    formId: form.id,
    source: "coach",
    fieldValues: options.fieldValues ?? { client_name: "דנה כהן", price: "1200" },
  });
  return {
    owner,
    studioId,
    clientId: client.body.data.id,
    phone: client.body.data.phone,
    formId: form.id,
    assignmentId: assignment.id,
    token: signingUrl!.split("/sign/")[1]!,
    sourceKey,
    source,
  };
}

// ---- visiting the page ----

export interface Visit {
  status: number;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  body: any;
}

export const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]!).join(".")}`;

/**
 * A request to the signing page. `ip` set: as the web app server sends it (service-signed, with
 * x-client-ip); null: unsigned, straight from the socket.
 */
export async function visit(
  t: TestApp,
  method: string,
  path: string,
  options: { body?: string; ip?: string | null; headers?: Record<string, string> } = {},
): Promise<Visit> {
  const ip = options.ip === undefined ? randomIp() : options.ip;
  const body = options.body;
  const headers: Record<string, string> = {
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
    ...(ip !== null
      ? {
          ...signServiceRequest({
            secret: t.config.serviceAuthSecret,
            serviceId: "web-app",
            method,
            pathWithQuery: path,
            body: body ?? "",
          }),
          "x-client-ip": ip,
        }
      : {}),
    ...options.headers,
  };
  const res = await fetch(t.baseUrl + path, { method, headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* PDF bytes */
  }
  return { status: res.status, headers: res.headers, text, bytes, body: parsed };
}

export const submitBody = (values: Record<string, unknown> = {}, signatures: Record<string, unknown> = {}) =>
  JSON.stringify({ values, signatures });

// ---- the signed-documents objects of a studio ----

export async function signedObjectsOf(storage: unknown, studioId: string): Promise<string[]> {
  const prefix = `signed-documents/${studioId}/`;
  if (storage instanceof S3ObjectStorage) {
    const out = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix }),
    );
    return (out.Contents ?? []).map((o) => o.Key!);
  }
  if (storage instanceof LocalObjectStorage) {
    const root = join(storage.dir, "objects", prefix);
    try {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? "", e.name));
    } catch {
      return [];
    }
  }
  throw new Error("unknown storage");
}
