// Runs pdfjs-dist in a worker thread of its own: a large PDF is parsed without blocking the service's
// event loop, and the worker is started without the TypeScript loader (plain JavaScript, so pdfjs's
// 2 MB of modules load at Node's own speed). It answers each request with the positioned text of every
// page, or, for a PDF without a text layer, the largest image on each page as raw pixels.
import { parentPort } from 'node:worker_threads';

/** Fewer characters than this on every page means the pages are pictures, not text. */
const MIN_TEXT_CHARACTERS_PER_PAGE = 20;

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

parentPort.on('message', async ({ id, bytes, maxPages }) => {
  try {
    parentPort.postMessage(...(await extract(id, new Uint8Array(bytes), maxPages)));
  } catch (error) {
    parentPort.postMessage({
      id,
      ok: false,
      errorName: error?.name ?? 'Error',
      message: String(error?.message ?? error),
    });
  }
});

async function extract(id, data, maxPages) {
  const document = await pdfjs.getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
  }).promise;
  try {
    // The page count is in the document's catalogue: a PDF over the limit is refused before any page is parsed.
    if (document.numPages > maxPages) return [{ id, ok: false, errorName: 'TooManyPages', pages: document.numPages }];
    const pages = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = [];
      for (const item of content.items) {
        if (typeof item.str !== 'string' || item.str.trim().length === 0) continue;
        // Page space to top-down viewport space: handles rotated pages and flipped text matrices.
        const [a, b, , , e, f] = pdfjs.Util.transform(viewport.transform, item.transform);
        const fontHeight = Math.hypot(a, b) || item.height;
        items.push({ text: item.str, x: e, y: f - fontHeight, width: item.width, height: fontHeight });
      }
      pages.push({ width: viewport.width, height: viewport.height, items });
      page.cleanup();
    }
    const hasTextLayer = pages.some(
      (page) => page.items.reduce((sum, item) => sum + item.text.length, 0) >= MIN_TEXT_CHARACTERS_PER_PAGE,
    );
    if (hasTextLayer) return [{ id, ok: true, kind: 'text', pages }];

    const images = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const image = await largestImage(await document.getPage(number));
      if (image) images.push(image);
    }
    return [{ id, ok: true, kind: 'images', images }, images.map((image) => image.pixels.buffer)];
  } finally {
    await document.destroy();
  }
}

/** The biggest picture painted on a page (a scanned page is one image covering it), as RGB(A) or grey pixels. */
async function largestImage(page) {
  const operators = await page.getOperatorList();
  let best = null;
  for (let index = 0; index < operators.fnArray.length; index += 1) {
    if (operators.fnArray[index] !== pdfjs.OPS.paintImageXObject) continue;
    const name = operators.argsArray[index][0];
    const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
    const image = await new Promise((resolve) => {
      try {
        objects.get(name, (value) => resolve(value ?? null));
      } catch {
        resolve(null);
      }
    });
    if (!image?.data || (best && best.width * best.height >= image.width * image.height)) continue;
    const pixels = toPixels(image);
    if (pixels) best = { width: image.width, height: image.height, ...pixels };
  }
  return best;
}

// pdfjs image kinds: 1 = one bit per pixel grey (rows padded to whole bytes), 2 = RGB, 3 = RGBA.
function toPixels(image) {
  if (image.kind === 2 || image.kind === 3) {
    return { channels: image.kind === 2 ? 3 : 4, pixels: new Uint8Array(image.data) };
  }
  if (image.kind === 1) {
    const rowBytes = Math.ceil(image.width / 8);
    const pixels = new Uint8Array(image.width * image.height);
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        const bit = (image.data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
        pixels[y * image.width + x] = bit ? 255 : 0;
      }
    }
    return { channels: 1, pixels };
  }
  return null;
}
