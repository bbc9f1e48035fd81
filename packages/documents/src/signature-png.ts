import zlib from "node:zlib";
import type * as Pngjs from "pngjs";
import { requireDependency } from "./runtime-require";

/**
 * Signature images of the public signing page (document 3, "Document signing" and "Limits").
 * The check runs from the cheapest to the most expensive step, so a hostile body costs little:
 * string length, then the decoded size (computed from the base64 length), then the IHDR header
 * (dimensions refused before any pixel data is inflated), then a full decode (CRCs checked)
 * and a re-encode, so the PDF renderer only ever sees PNG bytes this code produced.
 */
export const SIGNATURE_PNG_LIMITS = {
  dataUrlChars: 600_000,
  bytes: 400 * 1024,
  side: 4000,
  pixels: 4_000_000,
} as const;

export type SignaturePngRefusal =
  | "NOT_PNG_DATA_URL"
  | "DATA_URL_TOO_LONG"
  | "PNG_TOO_LARGE"
  | "PNG_TOO_WIDE"
  | "PNG_TOO_MANY_PIXELS"
  | "PNG_INVALID";

export type SignaturePngCheck =
  { ok: true; png: Uint8Array; width: number; height: number } | { ok: false; reason: SignaturePngRefusal };

const PREFIX = "data:image/png;base64,";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

const refuse = (reason: SignaturePngRefusal): SignaturePngCheck => ({ ok: false, reason });

export function checkSignaturePng(dataUrl: string): SignaturePngCheck {
  if (typeof dataUrl !== "string") return refuse("NOT_PNG_DATA_URL");
  // Length first: nothing of an oversized string is looked at, let alone decoded.
  if (dataUrl.length > SIGNATURE_PNG_LIMITS.dataUrlChars) return refuse("DATA_URL_TOO_LONG");
  if (dataUrl.slice(0, PREFIX.length).toLowerCase() !== PREFIX) return refuse("NOT_PNG_DATA_URL");

  const body = dataUrl.slice(PREFIX.length);
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  // The decoded size follows from the length alone; nothing is decoded yet.
  const decodedLength = Math.floor((body.length * 3) / 4) - padding;
  if (decodedLength > SIGNATURE_PNG_LIMITS.bytes) return refuse("PNG_TOO_LARGE");
  if (body.length === 0 || body.length % 4 !== 0 || !BASE64_BODY.test(body)) {
    return refuse("PNG_INVALID");
  }

  const bytes = Buffer.from(body, "base64");
  if (bytes.length !== decodedLength) return refuse("PNG_INVALID");

  const header = readHeader(bytes);
  if (header === null) return refuse("PNG_INVALID");
  const { width, height } = header;
  if (width > SIGNATURE_PNG_LIMITS.side || height > SIGNATURE_PNG_LIMITS.side) {
    return refuse("PNG_TOO_WIDE");
  }
  if (width * height > SIGNATURE_PNG_LIMITS.pixels) return refuse("PNG_TOO_MANY_PIXELS");

  // Loaded outside the try: a missing library is a deployment fault, not an invalid image.
  const { PNG } = pngjs();
  try {
    // pngjs bounds the inflate of non-interlaced images by the expected image size itself;
    // for interlaced ones it inflates without a bound, so inflate once here with one.
    if (header.interlace === 1 && !interlacedDataWithinBound(bytes, header)) {
      return refuse("PNG_INVALID");
    }
    const decoded = PNG.sync.read(bytes, { checkCRC: true });
    if (decoded.width !== width || decoded.height !== height) return refuse("PNG_INVALID");
    const clean = new PNG({ width, height, colorType: 6, inputColorType: 6, bitDepth: 8 });
    decoded.data.copy(clean.data);
    const png = PNG.sync.write(clean, {
      colorType: 6,
      inputColorType: 6,
      bitDepth: 8,
      filterType: 4,
      deflateLevel: 6,
    });
    return { ok: true, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
  } catch {
    return refuse("PNG_INVALID");
  }
}

let pngjsModule: typeof Pngjs | null = null;
function pngjs(): typeof Pngjs {
  pngjsModule ??= requireDependency<typeof Pngjs>("pngjs");
  return pngjsModule;
}

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** The PNG signature and a well-formed IHDR as the first chunk (CRC checked), or null. */
function readHeader(bytes: Buffer): PngHeader | null {
  if (bytes.length < 8 + 25) return null;
  for (let i = 0; i < PNG_SIGNATURE.length; i += 1) {
    if (bytes[i] !== PNG_SIGNATURE[i]) return null;
  }
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24] ?? -1;
  const colorType = bytes[25] ?? -1;
  const interlace = bytes[28] ?? -1;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (interlace !== 0 && interlace !== 1) return null;
  const depths: Record<number, number[]> = {
    0: [1, 2, 4, 8, 16],
    2: [8, 16],
    3: [1, 2, 4, 8],
    4: [8, 16],
    6: [8, 16],
  };
  if (!depths[colorType]?.includes(bitDepth)) return null;
  return { width, height, bitDepth, colorType, interlace };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Inflates the IDAT stream of an interlaced image with an output cap of its exact raw size. */
function interlacedDataWithinBound(bytes: Buffer, header: PngHeader): boolean {
  const bitsPerPixel = (CHANNELS[header.colorType] ?? 4) * header.bitDepth;
  let rawSize = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const passWidth = header.width > x0 ? Math.ceil((header.width - x0) / dx) : 0;
    const passHeight = header.height > y0 ? Math.ceil((header.height - y0) / dy) : 0;
    if (passWidth > 0 && passHeight > 0) {
      rawSize += passHeight * (Math.ceil((passWidth * bitsPerPixel) / 8) + 1);
    }
  }
  const parts: Buffer[] = [];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length) return false;
    if (type === "IDAT") parts.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (type === "IEND") break;
    offset += 12 + length;
  }
  try {
    zlib.inflateSync(Buffer.concat(parts), { maxOutputLength: Math.max(rawSize, 1) });
    return true;
  } catch {
    return false;
  }
}

let crcTable: Uint32Array | null = null;
function crc32(data: Uint8Array): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
