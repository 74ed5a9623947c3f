import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// bwip-js draws our receipt labels (mf-operations); here its `raw` gives the GS1-128 bar widths of a text, drawn into a
// Y4M video (YUV 4:2:0, the format Chromium's --use-file-for-fake-video-capture plays, looping) — a camera pointed at a
// label, for the scan input's camera path.
const bwip = createRequire(__filename)('bwip-js') as {
  raw(options: { bcid: string; text: string }): Array<{ sbs: number[] }>;
};

/** Grey levels (0 black, 255 white) of a frame showing the GS1-128 of `text` (bracketed form) centred on white. */
export function barcodeFrame(text: string, width = 1280, height = 720, module = 3): Uint8Array {
  const [{ sbs }] = bwip.raw({ bcid: 'gs1-128', text });
  const modules = sbs.reduce((s, w) => s + w, 0);
  const start = Math.floor((width - modules * module) / 2);
  if (start < 10 * module) throw new Error(`barcode of ${modules} modules does not fit ${width} px at ${module} px per module`);
  const row = new Uint8Array(width).fill(255);
  let x = start;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) row.fill(0, x, x + w * module);
    x += w * module;
  });
  const frame = new Uint8Array(width * height).fill(255);
  const top = Math.floor(height * 0.3);
  const bottom = Math.floor(height * 0.7);
  for (let y = top; y < bottom; y++) frame.set(row, y * width);
  return frame;
}

/** Writes a Y4M file of `frames` identical frames showing the barcode (grey: U and V at 128). */
export function writeBarcodeY4m(file: string, text: string, width = 1280, height = 720, frames = 5): void {
  const luma = barcodeFrame(text, width, height);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), luma, chroma, chroma);
  // e2e/artifacts does not exist in a clean checkout before the first run writes there (CI).
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat(parts));
}

/** The same frame as a binary PGM image (to check it with zbarimg). */
export function writeBarcodePgm(file: string, text: string, width = 1280, height = 720): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), barcodeFrame(text, width, height)]));
}
