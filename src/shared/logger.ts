import pino from 'pino';

/** Log lines never carry the key or a tax id; the authorization header is redacted in case a request is ever logged whole. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    { level, redact: ['req.headers.authorization', 'headers.authorization', '*.taxId', '*.tax_id'] },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
