import zlib, { deflateSync } from "node:zlib";
import { PNG } from "pngjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkSignaturePng, SIGNATURE_PNG_LIMITS } from "../src/index";
import { makePng } from "./fixtures";

const PREFIX = "data:image/png;base64,";

const dataUrl = (bytes: Uint8Array) => PREFIX + Buffer.from(bytes).toString("base64");

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A hand-made PNG: signature, IHDR with the given fields, the given IDAT payload, IEND. */
function craftPng(width: number, height: number, idat: Uint8Array, interlace = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  ihdr[12] = interlace;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array()),
  ]);
}

function adam7RawSize(width: number, height: number, bytesPerPixel: number): number {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  let size = 0;
  for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of passes) {
    const w = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const h = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    if (w > 0 && h > 0) size += h * (w * bytesPerPixel + 1);
  }
  return size;
}

describe("checkSignaturePng", () => {
  it("accepts a valid PNG and returns a clean re-encoding of the same pixels", () => {
    const source = makePng(30, 12);
    // An extra ancillary chunk before IEND: the clean re-encoding does not carry it.
    const iendAt = source.length - 12;
    const withText = Buffer.concat([
      source.subarray(0, iendAt),
      chunk("tEXt", Buffer.from("Comment\0hello", "latin1")),
      source.subarray(iendAt),
    ]);
    const result = checkSignaturePng(dataUrl(withText));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.width).toBe(30);
    expect(result.height).toBe(12);
    expect(result.png).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(result.png).includes(Buffer.from("tEXt"))).toBe(false);
    const back = PNG.sync.read(Buffer.from(result.png));
    expect(Buffer.compare(back.data, PNG.sync.read(source).data)).toBe(0);
  });

  it("accepts the largest allowed image (2000x2000 = 4,000,000 px) and 4000 px on a side", () => {
    const big = checkSignaturePng(dataUrl(makePng(2000, 2000, false)));
    expect(big.ok && [big.width, big.height]).toEqual([2000, 2000]);
    const wide = checkSignaturePng(dataUrl(makePng(4000, 3, false)));
    expect(wide.ok).toBe(true);
  });

  it("accepts a valid interlaced PNG", () => {
    const raw = Buffer.alloc(adam7RawSize(9, 9, 4)); // filter 0, transparent black
    const result = checkSignaturePng(dataUrl(craftPng(9, 9, deflateSync(raw), 1)));
    expect(result).toMatchObject({ ok: true, width: 9, height: 9 });
  });

  it("refuses anything but a PNG data URL", () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect(checkSignaturePng("data:image/jpeg;base64," + jpeg.toString("base64"))).toEqual({
      ok: false,
      reason: "NOT_PNG_DATA_URL",
    });
    expect(checkSignaturePng("").ok).toBe(false);
    expect(checkSignaturePng("hello")).toEqual({ ok: false, reason: "NOT_PNG_DATA_URL" });
    expect(checkSignaturePng("data:image/png,rawbytes")).toEqual({ ok: false, reason: "NOT_PNG_DATA_URL" });
    expect(checkSignaturePng(42 as unknown as string)).toEqual({ ok: false, reason: "NOT_PNG_DATA_URL" });
  });

  it("refuses a data URL longer than 600,000 characters before looking at it", () => {
    expect(SIGNATURE_PNG_LIMITS.dataUrlChars).toBe(600_000);
    const tooLong = PREFIX + "A".repeat(600_001 - PREFIX.length);
    expect(tooLong.length).toBe(600_001);
    expect(checkSignaturePng(tooLong)).toEqual({ ok: false, reason: "DATA_URL_TOO_LONG" });
    // Not even the prefix is looked at.
    expect(checkSignaturePng("x".repeat(600_001))).toEqual({ ok: false, reason: "DATA_URL_TOO_LONG" });
    // Exactly 600,000 passes the length check (and is then too large once decoded).
    const atLimit = PREFIX + "A".repeat(600_000 - PREFIX.length);
    expect(checkSignaturePng(atLimit)).toEqual({ ok: false, reason: "PNG_TOO_LARGE" });
  });

  it("refuses decoded bytes over 400 KB, and accepts 400 KB", () => {
    expect(SIGNATURE_PNG_LIMITS.bytes).toBe(409_600);
    const over = Buffer.alloc(409_601, 1);
    expect(checkSignaturePng(dataUrl(over))).toEqual({ ok: false, reason: "PNG_TOO_LARGE" });
    // A valid PNG of exactly 409,600 bytes (padded with a comment chunk) passes.
    const png = makePng(4, 4);
    const iendAt = png.length - 12;
    const comment = Buffer.alloc(409_600 - png.length - 12, 0x41);
    const exact = Buffer.concat([png.subarray(0, iendAt), chunk("tEXt", comment), png.subarray(iendAt)]);
    expect(exact.length).toBe(409_600);
    expect(checkSignaturePng(dataUrl(exact)).ok).toBe(true);
    expect(checkSignaturePng(dataUrl(Buffer.concat([exact, Buffer.alloc(1)])))).toEqual({
      ok: false,
      reason: "PNG_TOO_LARGE",
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses more than 4000 px per side from the header alone (the pixel data is not inflated)", () => {
    const inflate = vi.spyOn(zlib, "inflateSync");
    // The IDAT payload is not even zlib data: inflating it would answer PNG_INVALID.
    const garbage = Buffer.from("definitely not deflate data");
    expect(checkSignaturePng(dataUrl(craftPng(5000, 5000, garbage)))).toEqual({
      ok: false,
      reason: "PNG_TOO_WIDE",
    });
    expect(checkSignaturePng(dataUrl(craftPng(4001, 1, garbage)))).toEqual({
      ok: false,
      reason: "PNG_TOO_WIDE",
    });
    expect(checkSignaturePng(dataUrl(craftPng(1, 4001, garbage)))).toEqual({
      ok: false,
      reason: "PNG_TOO_WIDE",
    });
    // Nor on the interlaced decoding path (where pngjs inflates without an output bound).
    const interlaced = craftPng(5000, 5000, deflateSync(Buffer.alloc(1 << 20)), 1);
    expect(checkSignaturePng(dataUrl(interlaced))).toEqual({ ok: false, reason: "PNG_TOO_WIDE" });
    expect(inflate).not.toHaveBeenCalled();
  });

  it("refuses more than 4,000,000 px in total from the header alone", () => {
    const garbage = Buffer.from("definitely not deflate data");
    expect(checkSignaturePng(dataUrl(craftPng(2000, 2001, garbage)))).toEqual({
      ok: false,
      reason: "PNG_TOO_MANY_PIXELS",
    });
  });

  it("refuses a PNG whose data inflates past its declared size (interlaced bomb)", () => {
    const bomb = deflateSync(Buffer.alloc(20 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(SIGNATURE_PNG_LIMITS.bytes);
    // pngjs inflates interlaced data with zlib.inflateSync and no output bound: every such call
    // made while checking must carry a bound no larger than the image's raw size.
    const inflate = vi.spyOn(zlib, "inflateSync");
    expect(checkSignaturePng(dataUrl(craftPng(100, 100, bomb, 1)))).toEqual({
      ok: false,
      reason: "PNG_INVALID",
    });
    expect(inflate.mock.calls.length).toBeGreaterThan(0);
    for (const [, options] of inflate.mock.calls) {
      const bound = (options as { maxOutputLength?: number } | undefined)?.maxOutputLength;
      expect(bound).toBeLessThanOrEqual(adam7RawSize(100, 100, 4));
    }
    const plain = checkSignaturePng(dataUrl(craftPng(100, 100, bomb, 0)));
    expect(plain.ok).toBe(false);
  });

  it("refuses a bad CRC, a truncated PNG, non-PNG bytes and broken base64 as PNG_INVALID", () => {
    const png = makePng(8, 8);
    const badIdatCrc = Buffer.from(png);
    const iendAt = badIdatCrc.length - 12;
    badIdatCrc[iendAt - 1] = (badIdatCrc[iendAt - 1] ?? 0) ^ 0xff; // last byte of IDAT's CRC
    expect(checkSignaturePng(dataUrl(badIdatCrc))).toEqual({ ok: false, reason: "PNG_INVALID" });

    const badHeaderCrc = Buffer.from(png);
    badHeaderCrc[29] = (badHeaderCrc[29] ?? 0) ^ 0xff; // IHDR CRC
    expect(checkSignaturePng(dataUrl(badHeaderCrc))).toEqual({ ok: false, reason: "PNG_INVALID" });

    expect(checkSignaturePng(dataUrl(png.subarray(0, Math.floor(png.length / 2))))).toEqual({
      ok: false,
      reason: "PNG_INVALID",
    });
    expect(checkSignaturePng(dataUrl(png.subarray(0, 20)))).toEqual({ ok: false, reason: "PNG_INVALID" });
    expect(checkSignaturePng(dataUrl(Buffer.from("hello, this is not a png at all")))).toEqual({
      ok: false,
      reason: "PNG_INVALID",
    });
    expect(checkSignaturePng(PREFIX)).toEqual({ ok: false, reason: "PNG_INVALID" });
    expect(checkSignaturePng(PREFIX + "iVBOR$w0KGgo=")).toEqual({ ok: false, reason: "PNG_INVALID" });
    expect(checkSignaturePng(PREFIX + "iVBORw0KGgo")).toEqual({ ok: false, reason: "PNG_INVALID" });
    expect(checkSignaturePng(dataUrl(craftPng(0, 5, Buffer.alloc(1))))).toEqual({
      ok: false,
      reason: "PNG_INVALID",
    });
  });

  it("never throws on mutated input", () => {
    const png = makePng(16, 16);
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let round = 0; round < 300; round += 1) {
      const copy = Buffer.from(png);
      const flips = 1 + (next() % 4);
      for (let f = 0; f < flips; f += 1) copy[next() % copy.length] = next() % 256;
      const cut = next() % 5 === 0 ? copy.subarray(0, next() % copy.length) : copy;
      const result = checkSignaturePng(dataUrl(cut));
      if (!result.ok) expect(["PNG_INVALID", "PNG_TOO_WIDE", "PNG_TOO_MANY_PIXELS"]).toContain(result.reason);
    }
  });
});
