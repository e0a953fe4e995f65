import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { JOURNAL_CSV_COLUMNS, journalCsv } from '../../reports/csv.ts';
import { CSV_PAGE_ROWS, jsonOrCsv, streamCsv } from '../csv-answer.ts';
import { errorResponses } from '../errors.ts';
import { After, CursorPagination, Data, DateString, Limit, Offset, Uuid } from '../schemas.ts';

export function journalRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/journal-entries',
    {
      config: { scope: 'read', csv: true },
      schema: {
        summary: 'Journal entries in a period, oldest first, with their lines',
        description:
          '`Accept: text/csv` returns every entry of the period, one row per line (streamed; limit, offset and after page the JSON only). Deep pages: follow `meta.pagination.nextAfter` with `after`, which costs the same however deep (an offset reads and drops every entry before the page).',
        querystring: Type.Object({
          from: DateString('Required. Period start'),
          to: DateString('Required. Period end'),
          accountNumber: Type.Optional(
            Type.String({ maxLength: 20, description: 'Only entries with a line on this ledger account' }),
          ),
          entityId: Type.Optional(Uuid('Defaults to the primary entity')),
          limit: Limit(200, 50),
          offset: { ...Offset, description: 'Entries to skip, >= 0 (JSON only). For deep pages prefer after' },
          after: Type.Optional(After),
        }),
        response: {
          200: jsonOrCsv(
            Type.Object({
              data: Type.Array(Type.Ref('JournalEntry')),
              meta: Type.Object({ pagination: CursorPagination }),
            }),
            JOURNAL_CSV_COLUMNS.join(','),
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { journal } = request.tenant;
      if (request.answerAs === 'text/csv') {
        return streamCsv(reply, `journal-${request.query.from}-${request.query.to}`, {
          readPage: (after?: string) => journal.list({ ...request.query, limit: CSV_PAGE_ROWS, offset: 0, after }),
          render: (page, first) => journalCsv(page.data, first),
          next: (page) => page.meta.pagination.nextAfter,
        });
      }
      return journal.list(request.query);
    },
  );

  api.get(
    '/journal-entries/:id',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'One journal entry',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('JournalEntry')), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ data: await request.tenant.journal.find(request.params.id) }),
  );
}
