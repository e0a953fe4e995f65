import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The browser app's sources (web/ at the package root); bundled in memory, so nothing built is kept or committed. */
export const WEB_SOURCE_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

export interface WebAsset {
  contents: Buffer;
  /** The same bytes gzipped once at build, sent to browsers that accept it. */
  gzipped: Buffer;
  contentType: string;
}

export interface WebBundle {
  /** Served under /assets/<name>; names carry a content hash, so they may be cached for good. */
  assets: Map<string, WebAsset>;
  /** The entry script and stylesheet the page loads. */
  entryScript: string;
  entryStylesheet: string | undefined;
  /** Bytes of what the first page loads (entry script and stylesheet), as sent gzipped. */
  firstPageBytes: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * esbuild (which tsx already brings) bundles web/main.tsx with code splitting, so chart code is only
 * fetched by the reports page. Built once per process, on first use.
 */
export async function buildWebBundle(): Promise<WebBundle> {
  const result = await build({
    entryPoints: [join(WEB_SOURCE_DIRECTORY, 'main.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['chrome110', 'firefox110', 'safari16'],
    minify: true,
    sourcemap: false,
    write: false,
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const assets = new Map<string, WebAsset>();
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const extension = name.slice(name.lastIndexOf('.'));
    const contents = Buffer.from(file.contents);
    assets.set(name, {
      contents,
      gzipped: gzipSync(contents, { level: 9 }),
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    });
  }
  let entryScript = '';
  let entryStylesheet: string | undefined;
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    // Dynamically imported chunks (the charts) are entry points too; the page's own is main.tsx.
    if (!output.entryPoint?.endsWith('main.tsx')) continue;
    entryScript = path.slice(path.lastIndexOf('/') + 1);
    if (output.cssBundle) entryStylesheet = output.cssBundle.slice(output.cssBundle.lastIndexOf('/') + 1);
  }
  if (!assets.has(entryScript)) throw new Error('the web bundle has no entry script');
  const firstPageBytes =
    assets.get(entryScript)!.gzipped.length + (entryStylesheet ? assets.get(entryStylesheet)!.gzipped.length : 0);
  return { assets, entryScript, entryStylesheet, firstPageBytes };
}

let building: Promise<WebBundle> | undefined;

/** The process's one bundle; a failed build is retried on the next request rather than cached. */
export function webBundle(): Promise<WebBundle> {
  building ??= buildWebBundle().catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}

export function etagOf(contents: Buffer | string): string {
  return `"${createHash('sha256').update(contents).digest('base64url').slice(0, 22)}"`;
}
