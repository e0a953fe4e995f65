import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  body: any;
  authorization: string | undefined;
  path: string;
}
export type Reply = (request: Received, response: ServerResponse) => void;

/** A chat completions server speaking the OpenAI protocol, for tests of the llm tier; each test queues how it answers. */
export class FakeLlmServer {
  readonly received: Received[] = [];
  replies: Reply[] = [];
  fallback: Reply = (request, response) => answer(response, request.body, () => ({ account: '6200', confidence: 0.8 }));
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        const received = {
          body: JSON.parse(raw),
          authorization: request.headers.authorization,
          path: request.url ?? '',
        };
        this.received.push(received);
        (this.replies.shift() ?? this.fallback)(received, response);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function rowsIn(body: any): any[] {
  return JSON.parse(body.messages[1].content.split('Rows:\n')[1]);
}

export function answer(response: ServerResponse, body: any, decide: (row: any) => unknown, content?: string): void {
  const results = rowsIn(body).map((row) => ({ row: row.row, ...(decide(row) as object) }));
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      choices: [{ message: { role: 'assistant', content: content ?? JSON.stringify({ results }) } }],
      usage: { prompt_tokens: 100, completion_tokens: 20 },
    }),
  );
}
