import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';

/** A 200 answered as JSON, or as CSV when the client's Accept prefers `text/csv` (the route sets `config.csv`). */
export function jsonOrCsv(schema: TSchema, csvDescription: string) {
  return {
    description: 'JSON; `Accept: text/csv` (ranked above application/json) returns it as CSV',
    content: {
      'application/json': { schema },
      'text/csv': { schema: Type.String({ description: csvDescription }) },
    },
  };
}

function attach(reply: FastifyReply, filename: string) {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}.csv"`);
}

export function sendCsv(reply: FastifyReply, csv: string, filename: string) {
  return attach(reply, filename).send(csv);
}

/**
 * A CSV of every row a listing matches, written page by page as it is read, so a long export is
 * neither cut at a page size nor held whole in memory. The first page is read before the answer
 * starts, so a bad request is still a clean 400/404.
 */
export async function streamCsv<Page, Cursor>(
  reply: FastifyReply,
  filename: string,
  options: {
    /** A page: the first one without a cursor, the others after the cursor `next` gave. */
    readPage: (cursor: Cursor | undefined) => Promise<Page>;
    /** The CSV text of a page (the first page's includes the header row). */
    render: (page: Page, first: boolean) => string;
    /** Where the next page starts (an offset, or a keyset cursor), or null after the last. */
    next: (page: Page) => Cursor | null;
  },
) {
  const first = await options.readPage(undefined);
  async function* pages() {
    let page = first;
    yield options.render(page, true);
    for (let cursor = options.next(page); cursor !== null; cursor = options.next(page)) {
      page = await options.readPage(cursor);
      yield options.render(page, false);
    }
  }
  return attach(reply, filename).send(Readable.from(pages()));
}

/** Rows per page read for a CSV export. */
export const CSV_PAGE_ROWS = 1000;
