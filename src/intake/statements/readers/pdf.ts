/**
 * PDF statements. With a text layer, the glyph runs and their positions come from pdfjs-dist and go
 * to the shared layout interpretation; a PDF without one (a scan saved as PDF) has its page images
 * taken out and read by OCR, then interpreted the same way.
 */
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { interpretStatement, type LayoutPage } from '../text/layout.ts';
import { ocrPages, type OcrImage } from '../ocr/ocr.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsLoaded: Promise<PdfJs> | null = null;

/** pdfjs-dist is large; it is loaded on the first PDF, not when the service starts. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsLoaded;
}

/** Fewer characters than this on every page means the pages are pictures, not text. */
const MIN_TEXT_CHARACTERS_PER_PAGE = 20;

export async function readPdfStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  const pdfjs = await loadPdfJs();
  let document: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    document = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    return {
      ok: false,
      reason: 'document_unreadable',
      message: name === 'PasswordException'
        ? 'The PDF is encrypted with a password; upload an unprotected copy.'
        : 'The file is not a readable PDF (it is damaged or not a PDF at all).',
    };
  }
  try {
    const pages: LayoutPage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: LayoutPage['items'] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim().length === 0) continue;
        // Page space to top-down viewport space; handles rotated pages and flipped text matrices.
        const [a, b, , , e, f] = pdfjs.Util.transform(viewport.transform, item.transform);
        const fontHeight = Math.hypot(a, b) || item.height;
        items.push({ text: item.str, x: e, y: f - fontHeight, width: item.width, height: fontHeight });
      }
      pages.push({ width: viewport.width, height: viewport.height, items });
      page.cleanup();
    }
    const hasTextLayer = pages.some((page) => page.items.reduce((sum, item) => sum + item.text.length, 0) >= MIN_TEXT_CHARACTERS_PER_PAGE);
    if (hasTextLayer) return interpretStatement(pages, { context, format: 'pdf' });

    const images: OcrImage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const image = await largestImage(pdfjs, await document.getPage(number));
      if (image) images.push(image);
    }
    if (images.length === 0) {
      return { ok: false, reason: 'document_unreadable', message: 'The PDF has neither text nor page images to read.' };
    }
    const ocrPagesRead = await ocrPages(images);
    return interpretStatement(ocrPagesRead, { context, format: 'pdf-ocr' });
  } catch (error) {
    return { ok: false, reason: 'document_unreadable', message: `The PDF could not be read: ${(error as Error).message}` };
  } finally {
    await document.destroy();
  }
}

interface PdfImageObject {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8ClampedArray | Uint8Array;
}

/** The biggest picture painted on a page, as raw pixels (a scanned page is one image covering it). */
async function largestImage(pdfjs: PdfJs, page: Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>): Promise<OcrImage | null> {
  const operators = await page.getOperatorList();
  let best: OcrImage | null = null;
  for (let index = 0; index < operators.fnArray.length; index += 1) {
    if (operators.fnArray[index] !== pdfjs.OPS.paintImageXObject) continue;
    const name = operators.argsArray[index][0] as string;
    const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
    const image = await new Promise<PdfImageObject | null>((resolve) => {
      try {
        objects.get(name, (value: PdfImageObject) => resolve(value ?? null));
      } catch {
        resolve(null);
      }
    });
    if (!image?.data || (best && best.width * best.height >= image.width * image.height)) continue;
    // pdfjs image kinds: 1 = 1 bit per pixel grey, 2 = RGB, 3 = RGBA.
    const channels = image.kind === 2 ? 3 : image.kind === 3 ? 4 : 0;
    if (channels === 0) continue;
    best = { width: image.width, height: image.height, channels, pixels: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
  }
  return best;
}
