/**
 * PDF statements. With a text layer, the glyph runs and their positions (from pdfjs-dist, in a worker
 * thread: see pdf-extract.worker.mjs) go to the shared layout interpretation; a PDF without one (a
 * scan saved as PDF) has its page images taken out and read by OCR, then interpreted the same way.
 */
import { Worker } from 'node:worker_threads';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { interpretStatement, type LayoutPage } from '../text/layout.ts';
import { ocrPages, type OcrImage } from '../ocr/ocr.ts';
import { DEFAULT_READ_LIMITS, limitsOf, tooManyPages } from './limits.ts';

type ExtractReply =
  | { id: number; ok: true; kind: 'text'; pages: LayoutPage[] }
  | { id: number; ok: true; kind: 'images'; images: Array<Omit<OcrImage, 'pixels'> & { pixels: Uint8Array }> }
  | { id: number; ok: false; errorName: 'TooManyPages'; pages: number }
  | { id: number; ok: false; errorName: string; message: string };

/** A PDF that takes longer than this to parse is treated as unreadable rather than holding the pipeline. */
const EXTRACT_TIMEOUT_MS = 60_000;
/** Heap ceiling of the PDF worker: a hostile or broken PDF fails alone instead of exhausting the service. */
const EXTRACT_HEAP_MB = 1024;

/**
 * One worker serves every PDF read in the process, started on the first and kept (unref'd, so it
 * never holds the process open); a crash or timeout ends it and the next read starts a fresh one.
 */
let extractor: { worker: Worker; pending: Map<number, (reply: ExtractReply) => void> } | null = null;
let nextRequestId = 1;

function startExtractor(): NonNullable<typeof extractor> {
  const worker = new Worker(new URL('./pdf-extract.worker.mjs', import.meta.url), {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: EXTRACT_HEAP_MB },
  });
  const state = { worker, pending: new Map<number, (reply: ExtractReply) => void>() };
  worker.unref();
  worker.on('message', (reply: ExtractReply) => {
    state.pending.get(reply.id)?.(reply);
    state.pending.delete(reply.id);
  });
  const fail = (message: string) => {
    if (extractor === state) extractor = null;
    for (const [id, resolve] of state.pending) resolve({ id, ok: false, errorName: 'WorkerError', message });
    state.pending.clear();
  };
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => fail(`the PDF worker stopped (exit code ${code})`));
  return state;
}

function extract(bytes: Buffer, maxPages: number): Promise<ExtractReply> {
  extractor ??= startExtractor();
  const state = extractor;
  const id = nextRequestId++;
  const copy = new Uint8Array(bytes); // a copy of its own, so transferring it leaves the caller's buffer intact
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.pending.delete(id);
      resolve({
        id,
        ok: false,
        errorName: 'TimeoutError',
        message: `parsing took longer than ${EXTRACT_TIMEOUT_MS / 1000} s`,
      });
      void state.worker.terminate();
    }, EXTRACT_TIMEOUT_MS);
    timer.unref();
    state.pending.set(id, (reply) => {
      clearTimeout(timer);
      resolve(reply);
    });
    // The worker is unref'd; while a request is out it must keep the process alive.
    state.worker.ref();
    state.worker.postMessage({ id, bytes: copy.buffer, maxPages }, [copy.buffer]);
  }).finally(() => {
    if (state.pending.size === 0) state.worker.unref();
  }) as Promise<ExtractReply>;
}

/** Starts the PDF worker ahead of the first upload, so the first statement does not pay for loading pdfjs. */
export async function preloadPdfReader(): Promise<void> {
  await extract(Buffer.from('%PDF-1.4\n%%EOF\n'), DEFAULT_READ_LIMITS.maxPdfPages);
}

export async function readPdfStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  const { maxPdfPages } = limitsOf(context);
  const reply = await extract(bytes, maxPdfPages);
  if (!reply.ok) {
    if ('pages' in reply) return tooManyPages(reply.pages, maxPdfPages);
    return {
      ok: false,
      reason: 'document_unreadable',
      message:
        reply.errorName === 'PasswordException'
          ? 'The PDF is encrypted with a password; upload an unprotected copy.'
          : `The file is not a readable PDF (${reply.message}).`,
    };
  }
  if (reply.kind === 'text') return interpretStatement(reply.pages, { context, format: 'pdf' });
  if (reply.images.length === 0) {
    return { ok: false, reason: 'document_unreadable', message: 'The PDF has neither text nor page images to read.' };
  }
  try {
    const pages = await ocrPages(
      reply.images.map((image) => ({
        ...image,
        pixels: Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength),
      })),
    );
    return interpretStatement(pages, { context, format: 'pdf-ocr' });
  } catch (error) {
    return {
      ok: false,
      reason: 'document_unreadable',
      message: `The scanned PDF could not be read: ${(error as Error).message}`,
    };
  }
}
