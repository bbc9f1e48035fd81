import { PNG } from "pngjs";

/** A PNG made with pngjs, with a colour pattern and some transparent pixels unless paint is false. */
export function makePng(width: number, height: number, paint = true): Buffer {
  const png = new PNG({ width, height });
  if (paint) {
    for (let i = 0; i < width * height; i += 1) {
      png.data[i * 4] = (i * 7) % 256;
      png.data[i * 4 + 1] = (i * 13) % 256;
      png.data[i * 4 + 2] = 40;
      png.data[i * 4 + 3] = i % 3 === 0 ? 0 : 255;
    }
  }
  return PNG.sync.write(png);
}
