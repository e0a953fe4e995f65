import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { DatabaseHandle } from '../../db/connection.ts';
import { MAX_STATEMENT_BYTES } from './readers/index.ts';
import { tenantForRecipient } from './inbox.ts';
import { receiveStatement } from './uploads.ts';

export interface InboxListenerSettings {
  host: string;
  port: number;
  domain: string;
  /** Offered with STARTTLS (smtp-tls.ts). */
  tls: { key: string; cert: string };
}

export interface InboxListener {
  port: number;
  close(): Promise<void>;
}

interface InboxLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Base64 makes an attachment a third larger on the wire; a message may carry one maximal statement and some text. */
const MAX_MESSAGE_BYTES = Math.ceil(MAX_STATEMENT_BYTES * 1.4) + 1024 * 1024;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/**
 * The SMTP listener of the tenants' inbox addresses. Mail is accepted only for known inboxes
 * (anything else is refused at RCPT, 550); each attachment of an accepted message becomes a
 * statement upload of each addressed tenant, with a documentId of its own, and is read like any
 * upload; an attachment the tenant already has (a resent message) is not stored again. Receiving
 * only: no authentication, no relaying. STARTTLS is offered, not required: a sending server that
 * cannot upgrade still delivers, as is usual for an MX.
 */
export async function startInboxListener(
  handle: DatabaseHandle,
  settings: InboxListenerSettings,
  onReceived: () => void,
  logger: InboxLogger,
): Promise<InboxListener> {
  const server = new SMTPServer({
    name: settings.domain,
    banner: 'bookkeeping statement inbox',
    authOptional: true,
    disabledCommands: ['AUTH'],
    key: settings.tls.key,
    cert: settings.tls.cert,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      tenantForRecipient(handle, address.address, settings.domain).then(
        (tenantId) => callback(tenantId ? null : smtpError(550, `5.1.1 <${address.address}>: no such statement inbox`)),
        (error) => {
          logger.error({ err: error }, 'inbox recipient lookup failed');
          callback(smtpError(451, '4.3.0 temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      receiveMessage(handle, settings, stream, session).then(
        ({ stored, duplicates }) => {
          logger.info({ documents: stored.length, duplicates: duplicates.length }, 'statement e-mail received');
          if (stored.length > 0) onReceived();
          const already =
            duplicates.length > 0 ? `; ${duplicates.length} already received as ${duplicates.join(', ')}` : '';
          callback(null, `2.0.0 ${stored.length} attachment(s) received as upload(s) ${stored.join(', ')}${already}`);
        },
        (error: Error & { responseCode?: number }) => {
          if (!error.responseCode) logger.error({ err: error }, 'statement e-mail could not be stored');
          callback(
            error.responseCode ? error : smtpError(451, '4.3.0 the message could not be stored, try again later'),
          );
        },
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger.error({ err: error }, 'inbox listener error'));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function receiveMessage(
  handle: DatabaseHandle,
  settings: InboxListenerSettings,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
): Promise<{ stored: string[]; duplicates: string[] }> {
  const parsed = await simpleParser(stream);
  if (stream.sizeExceeded) throw smtpError(552, `5.3.4 the message exceeds ${MAX_MESSAGE_BYTES} bytes`);
  // Images an HTML body refers to (logos, signatures) are part of the message text, not attachments.
  const attachments = parsed.attachments.filter((attachment) => !attachment.related);
  if (attachments.length === 0) throw smtpError(554, '5.6.0 the message has no attachment; attach the statement file');
  const tenants = new Set<string>();
  for (const recipient of session.envelope.rcptTo) {
    const tenantId = await tenantForRecipient(handle, recipient.address, settings.domain);
    if (tenantId) tenants.add(tenantId);
  }
  const stored: string[] = [];
  const duplicates: string[] = [];
  for (const tenantId of tenants) {
    for (const attachment of attachments) {
      const received = await receiveStatement(handle, tenantId, {
        bytes: attachment.content,
        filename: attachment.filename ?? null,
        mediaType: attachment.contentType ?? null,
        source: 'email',
      });
      (received.duplicate ? duplicates : stored).push(received.documentId);
    }
  }
  return { stored, duplicates };
}
