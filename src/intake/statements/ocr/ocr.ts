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
 * Pages are recognized at this many pixels on their long side (about 270 dpi for a letter page),
 * larger images shrunk and smaller ones enlarged. At 150-200 dpi 9-point type loses its decimal points
 * and commas ("2,152.54" read as "2.15254", "2,400.00" as "2.40000"), which no later step can repair,
 * while the same scan enlarged reads them (Tesseract reads best with glyphs 20-30 px tall); a phone
 * photo (12 MP, noisy, JPEG) shrunk to 200 dpi loses whole dates. Recognition time grows with the
 * pixel count, so no more than needed.
 */
const MAX_SIDE_PX = 3000;
const MAX_SKEW_DEGREES = 6;
/** Side of the squares the paper's brightness is averaged over to judge the light: several text lines tall, so text averages away. */
const ILLUMINATION_CELL_PX = 48;
/**
 * Side of the blocks whose brightest pixel estimates the paper under them: wider than any stroke
 * (a block always holds some paper), far narrower than a shadow's gradient.
 */
const PAPER_BLOCK_PX = 16;
/**
 * Each pixel is divided by the paper under it; a ratio at or above PAPER_RATIO is paper (white: the
 * grain and sensor noise of a photo go), at or below INK_RATIO ink (black), and the ramp between
 * keeps the anti-aliased edges of small type, which Tesseract's LSTM reads better than a hard
 * threshold's jagged strokes ("5,409.90" read as "5,409.80" after thresholding).
 */
const INK_RATIO = 0.35;
const PAPER_RATIO = 0.85;
/** Paper estimated darker than this share of the brightest paper is the desk around the page, not the page. */
const DESK_SHARE_OF_PAPER = 0.6;
/** Paper whose dimmest part (5th percentile) is at least this share of its brightest is evenly lit. */
const EVEN_LIGHT_RATIO = 0.85;

/** OCRs each image (encoded PNG/JPEG bytes or raw pixels) into positioned words, one page each. */
export async function ocrPages(images: Array<Buffer | OcrImage>): Promise<LayoutPage[]> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANGUAGE_DATA_DIRECTORY,
    cacheMethod: 'none',
    gzip: true,
  });
  try {
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.AUTO,
      preserve_interword_spaces: '1',
      tessedit_do_invert: '0',
    });
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
  const grey = await evenOutLight(
    await source
      .rotate()
      .flatten({ background: '#ffffff' })
      .grayscale()
      .median(3)
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside' })
      .png()
      .toBuffer(),
  );
  const quarterTurn = await needsQuarterTurn(grey);
  const turned = quarterTurn ? await sharp(grey).rotate(90).png().toBuffer() : grey;
  const skew = await skewDegrees(turned);
  const straight =
    Math.abs(skew) >= 0.2 ? await sharp(turned).rotate(-skew, { background: '#ffffff' }).png().toBuffer() : turned;

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
          if (
            previous &&
            /^[A-Z]$/.test(previous.text) &&
            /^[a-z]/.test(text) &&
            word.bbox.x0 - (previous.x + previous.width) < 0.25 * lineHeight
          ) {
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
  const confidence =
    confidences.length === 0 ? 0 : confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  return { confidence, page: { width, height, items } };
}

/**
 * A photographed page is lit unevenly: a shadow across it, a darker corner, the desk around it.
 * Whether it is, is read from the paper's brightness over the page (shrunk far enough that text
 * strokes vanish into the average). On an unevenly lit page the light is evened out: the paper's
 * brightness under each pixel is estimated (the brightest pixel of each small block, the darkest of
 * those around it so the page's edge does not count as paper, smoothed), each pixel is divided by it,
 * and the ratio mapped to grey (see INK_RATIO and PAPER_RATIO): paper white and text dark whatever the
 * light, edges still anti-aliased, and the desk white rather than text to the orientation and skew
 * estimates. Without it a shadowed region falls below Tesseract's one global threshold. An evenly lit
 * page (a scan) is left untouched.
 */
async function evenOutLight(png: Buffer): Promise<Buffer> {
  // One channel throughout: a grey PNG may decode to three equal channels.
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const cells = await sharp(png)
    .resize({
      width: Math.max(8, Math.round(width / ILLUMINATION_CELL_PX)),
      height: Math.max(8, Math.round(height / ILLUMINATION_CELL_PX)),
      fit: 'fill',
    })
    .blur(1.5)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const sorted = [...cells].sort((a, b) => a - b);
  const dim = sorted[Math.floor(sorted.length * 0.05)];
  const bright = sorted[Math.floor(sorted.length * 0.95)];
  if (dim >= bright * EVEN_LIGHT_RATIO) return png;

  const columns = Math.ceil(width / PAPER_BLOCK_PX);
  const rows = Math.ceil(height / PAPER_BLOCK_PX);
  const brightest = Buffer.alloc(columns * rows);
  for (let y = 0; y < height; y += 1) {
    const rowBase = Math.floor(y / PAPER_BLOCK_PX) * columns;
    for (let x = 0; x < width; x += 1) {
      const block = rowBase + Math.floor(x / PAPER_BLOCK_PX);
      const value = data[y * width + x];
      if (value > brightest[block]) brightest[block] = value;
    }
  }
  // The darkest of each block's neighbours: next to the page's edge the estimate is the desk's, so the
  // desk there is divided by itself (white) instead of by the paper (a black frame around the page).
  const paperBlocks = Buffer.alloc(brightest.length);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      let lowest = 255;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const y = Math.min(rows - 1, Math.max(0, row + dy));
          const x = Math.min(columns - 1, Math.max(0, column + dx));
          lowest = Math.min(lowest, brightest[y * columns + x]);
        }
      }
      paperBlocks[row * columns + column] = lowest;
    }
  }
  const paper = await sharp(paperBlocks, { raw: { width: columns, height: rows, channels: 1 } })
    .blur(1.5)
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const blocksSorted = [...brightest].sort((a, b) => a - b);
  const brightPaper = blocksSorted[Math.floor(blocksSorted.length * 0.95)];
  const even = Buffer.alloc(width * height);
  for (let index = 0; index < even.length; index += 1) {
    const background = paper[index];
    if (background < DESK_SHARE_OF_PAPER * brightPaper) {
      even[index] = 255;
      continue;
    }
    const ratio = data[index] / Math.max(1, background);
    even[index] =
      ratio >= PAPER_RATIO
        ? 255
        : ratio <= INK_RATIO
          ? 0
          : Math.round(((ratio - INK_RATIO) / (PAPER_RATIO - INK_RATIO)) * 255);
  }
  return sharp(even, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** Dark pixels of a small copy of the page, as coordinates. */
async function darkPixels(
  png: Buffer,
  side: number,
): Promise<{ xs: number[]; ys: number[]; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .resize({ width: side, height: side, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
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
