/**
 * Scanned or photographed statements as PNG or JPEG: one statement page per file, read by local OCR
 * and interpreted by the same row/column reading as text PDFs.
 */
import sharp from 'sharp';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { interpretStatement } from '../text/layout.ts';
import { ocrPages } from '../ocr/ocr.ts';

export async function readImageStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  try {
    const metadata = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!metadata.width || !metadata.height || !['png', 'jpeg'].includes(metadata.format ?? '')) {
      return { ok: false, reason: 'document_unreadable', message: 'The image is not a readable PNG or JPEG.' };
    }
    // Decoding every pixel (into a tiny copy) finds a truncated file before the OCR engine starts.
    await sharp(bytes, { failOn: 'error' }).resize(16, 16, { fit: 'fill' }).raw().toBuffer();
  } catch {
    return { ok: false, reason: 'document_unreadable', message: 'The image is damaged or not an image at all.' };
  }
  try {
    const pages = await ocrPages([bytes]);
    return interpretStatement(pages, { context, format: 'image-ocr' });
  } catch (error) {
    return {
      ok: false,
      reason: 'document_unreadable',
      message: `The image could not be read: ${(error as Error).message}`,
    };
  }
}
