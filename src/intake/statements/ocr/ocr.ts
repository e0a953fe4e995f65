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
 * Pages are recognized at most this many pixels on their long side (about 270 dpi for a letter page;
 * smaller images are never enlarged). At 150 dpi 9-point type loses its decimal points and commas
 * ("2,400.00" read as "2.40000"), which no later step can repair; a phone photo (12 MP, noisy, JPEG)
 * shrunk to 200 dpi loses whole dates, while at this size most moderate photos read exactly.
 * Recognition time grows with the pixel count, so no more than needed.
 */
const MAX_SIDE_PX = 3000;
const MAX_SKEW_DEGREES = 6;
/** Side of the squares the paper's brightness is averaged over to judge the light: several text lines tall, so text averages away. */
const ILLUMINATION_CELL_PX = 48;
/**
 * A pixel darker than this share of the paper around it is ink: an adaptive threshold. The grain
 * and sensor noise of a photo (a little darker than the paper) become white instead of speckles
 * Tesseract reads as marks, while the thin, anti-aliased strokes of small type stay ink. (Keeping
 * the strokes' shading instead read fewer photos exactly in the tests.)
 */
const INK_SHARE_OF_PAPER = 0.8;
/**
 * Each pixel is compared with a blur of its own neighbourhood this wide: near enough that the desk
 * around the page and a shadow's edge are their own "paper" (a page-scale average turns the desk's
 * edge into a black frame), wide enough that a stroke is darker than the blur around it.
 */
const LOCAL_PAPER_SIGMA_PX = 1.5;
/** Paper whose dimmest part (5th percentile) is at least this share of its brightest is evenly lit. */
const EVEN_LIGHT_RATIO = 0.85;

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
  const grey = await thresholdUnevenLight(await source.rotate().flatten({ background: '#ffffff' }).grayscale().median(3)
    .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .png().toBuffer());
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

/**
 * A photographed page is lit unevenly: a shadow across it, a darker corner, the desk around it.
 * Whether it is, is read from the paper's brightness over the page (shrunk far enough that text
 * strokes vanish into the average). An unevenly lit page is thresholded adaptively: a pixel is ink
 * when it is much darker than its own neighbourhood (see LOCAL_PAPER_SIGMA_PX and INK_SHARE_OF_PAPER),
 * so paper is white and text dark whatever the light, and the desk becomes white rather than text
 * to the orientation and skew estimates. Without it a shadowed region falls below Tesseract's one
 * global threshold. An evenly lit page (a scan) is left untouched.
 */
async function thresholdUnevenLight(png: Buffer): Promise<Buffer> {
  // One channel throughout: a grey PNG may decode to three equal channels.
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const cells = await sharp(png)
    .resize({ width: Math.max(8, Math.round(width / ILLUMINATION_CELL_PX)), height: Math.max(8, Math.round(height / ILLUMINATION_CELL_PX)), fit: 'fill' })
    .blur(1.5).extractChannel(0).raw().toBuffer();
  // An evenly lit scan is left as it is: thresholding costs its anti-aliased digits more than it gains.
  const sorted = [...cells].sort((a, b) => a - b);
  const dim = sorted[Math.floor(sorted.length * 0.05)];
  const bright = sorted[Math.floor(sorted.length * 0.95)];
  if (dim >= bright * EVEN_LIGHT_RATIO) return png;
  const background = await sharp(png).blur(LOCAL_PAPER_SIGMA_PX).extractChannel(0).raw().toBuffer();
  const even = Buffer.alloc(width * height);
  for (let index = 0; index < even.length; index += 1) {
    even[index] = data[index] < INK_SHARE_OF_PAPER * background[index] ? 0 : 255;
  }
  return sharp(even, { raw: { width, height, channels: 1 } }).png().toBuffer();
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

/**
 * Text rows make the horizontal profile spiky; on a page turned a quarter, the vertical one is. Each
 * profile is taken at its sharpest angle within the skew range, so a photo a few degrees off (whose
 * rows smear across bins while a table's aligned columns stay sharp) is not taken for a turned page.
 */
async function needsQuarterTurn(png: Buffer): Promise<boolean> {
  const { xs, ys, width, height } = await darkPixels(png, 800);
  if (xs.length === 0) return false;
  const rows = sharpestProfile(ys, xs, height, width) / height;
  const columns = sharpestProfile(xs, ys, width, height) / width;
  return columns > rows * 1.15;
}

/** Highest concentration of `along` over the skew range, each point shifted by `across` × tan(angle). */
function sharpestProfile(along: number[], across: number[], bins: number, acrossSize: number): number {
  let best = 0;
  for (let degrees = -MAX_SKEW_DEGREES; degrees <= MAX_SKEW_DEGREES; degrees += 1) {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const projected = along.map((value, index) => value - across[index] * slope);
    best = Math.max(best, concentration(projected, bins + acrossSize, acrossSize));
  }
  return best;
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
