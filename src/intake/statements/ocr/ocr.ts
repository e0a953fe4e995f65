/**
 * Local OCR for scanned and photographed statements: tesseract.js (Tesseract compiled to WebAssembly,
 * from node_modules) with the English LSTM model from @tesseract.js-data/eng, read from disk. Nothing
 * is downloaded: langPath points into node_modules and the model cache is off.
 *
 * Before recognition each page is straightened with sharp: a quarter turn is found from the direction
 * the dark pixels line up in, a small skew from the angle that makes text rows sharpest, and an
 * upside-down page from Tesseract's own confidence (a page read the wrong way up reads as noise).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { LayoutPage, PositionedText } from '../text/layout.ts';

export interface OcrImage {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  pixels: Buffer;
}

const require = createRequire(import.meta.url);
const LANGUAGE_DATA_DIRECTORY = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Mean word confidence (0-100) under which the page is also tried upside down. */
const UPRIGHT_CONFIDENCE = 70;
/**
 * Pages are recognized at most this many pixels on their long side (about 200 dpi for a letter page).
 * At 150 dpi 9-point type loses its decimal points and commas ("2,400.00" read as "2.40000"), which
 * no later step can repair; recognition time grows with the pixel count, so no more than needed.
 */
const MAX_SIDE_PX = 2300;
const MAX_SKEW_DEGREES = 6;

/** OCRs each image (encoded PNG/JPEG bytes or raw pixels) into positioned words, one page each. */
export async function ocrPages(images: Array<Buffer | OcrImage>): Promise<LayoutPage[]> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANGUAGE_DATA_DIRECTORY, cacheMethod: 'none', gzip: true });
  try {
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1', tessedit_do_invert: '0' });
    const pages: LayoutPage[] = [];
    for (const image of images) pages.push(await ocrPage(worker, image));
    return pages;
  } finally {
    await worker.terminate();
  }
}

async function ocrPage(worker: Worker, image: Buffer | OcrImage): Promise<LayoutPage> {
  const source = Buffer.isBuffer(image)
    ? sharp(image, { failOn: 'error' })
    : sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: image.channels } });
  // Flatten transparency to white, then grey: colour carries nothing for OCR.
  const grey = await source.rotate().flatten({ background: '#ffffff' }).grayscale().median(3)
    .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .png().toBuffer();
  const quarterTurn = await needsQuarterTurn(grey);
  const turned = quarterTurn ? await sharp(grey).rotate(90).png().toBuffer() : grey;
  const skew = await skewDegrees(turned);
  const straight = Math.abs(skew) >= 0.2
    ? await sharp(turned).rotate(-skew, { background: '#ffffff' }).png().toBuffer()
    : turned;

  let best = await recognize(worker, straight);
  if (best.confidence < UPRIGHT_CONFIDENCE) {
    const flipped = await recognize(worker, await sharp(straight).rotate(180).png().toBuffer());
    if (flipped.confidence > best.confidence) best = flipped;
  }
  return best.page;
}

async function recognize(worker: Worker, png: Buffer): Promise<{ confidence: number; page: LayoutPage }> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  // Scans rarely carry a trustworthy resolution; a statement page is about 11 inches on its long side.
  await worker.setParameters({ user_defined_dpi: String(Math.round(Math.max(width, height) / 11)) });
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  const items: PositionedText[] = [];
  const confidences: number[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        // Every word takes its line's box height: a lone "-" or "," has a box a few pixels high.
        const top = line.bbox.y0;
        const lineHeight = line.bbox.y1 - line.bbox.y0;
        let previous: PositionedText | null = null;
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text || (word.confidence < 40 && !/[A-Za-z0-9]/.test(text))) continue;
          confidences.push(word.confidence);
          // Tesseract sometimes cuts a capital off its word ("J anuary"); glue it back when they touch.
          if (previous && /^[A-Z]$/.test(previous.text) && /^[a-z]/.test(text) && word.bbox.x0 - (previous.x + previous.width) < 0.25 * lineHeight) {
            previous.text += text;
            previous.width = word.bbox.x1 - previous.x;
            continue;
          }
          previous = { text, x: word.bbox.x0, y: top, width: word.bbox.x1 - word.bbox.x0, height: lineHeight };
          items.push(previous);
        }
      }
    }
  }
  const confidence = confidences.length === 0 ? 0 : confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  return { confidence, page: { width, height, items } };
}

/** Dark pixels of a small copy of the page, as coordinates. */
async function darkPixels(png: Buffer, side: number): Promise<{ xs: number[]; ys: number[]; width: number; height: number }> {
  const { data, info } = await sharp(png).resize({ width: side, height: side, fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (data[(y * info.width + x) * info.channels] < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs, ys, width: info.width, height: info.height };
}

/** Sum of squared bin counts: high when the dark pixels gather in a few rows (lines of text). */
function concentration(values: number[], bins: number, offset = 0): number {
  const counts = new Float64Array(bins);
  for (const value of values) {
    const bin = Math.floor(value + offset);
    if (bin >= 0 && bin < bins) counts[bin] += 1;
  }
  let total = 0;
  for (const count of counts) total += count * count;
  return total;
}

/** Text rows make the horizontal profile spiky; on a page turned a quarter, the vertical one is. */
async function needsQuarterTurn(png: Buffer): Promise<boolean> {
  const { xs, ys, width, height } = await darkPixels(png, 800);
  if (xs.length === 0) return false;
  const rows = concentration(ys, height) / height;
  const columns = concentration(xs, width) / width;
  return columns > rows * 1.15;
}

async function skewDegrees(png: Buffer): Promise<number> {
  const { xs, ys, width, height } = await darkPixels(png, 1000);
  if (xs.length === 0) return 0;
  let bestAngle = 0;
  let bestScore = -1;
  for (let tenths = -MAX_SKEW_DEGREES * 10; tenths <= MAX_SKEW_DEGREES * 10; tenths += 2) {
    const slope = Math.tan((tenths / 10) * (Math.PI / 180));
    const projected = ys.map((y, index) => y - xs[index] * slope);
    const score = concentration(projected, height + width, width);
    if (score > bestScore) {
      bestScore = score;
      bestAngle = tenths / 10;
    }
  }
  return bestAngle;
}
