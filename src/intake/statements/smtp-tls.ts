import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface InboxTlsSettings {
  /** PEM files from configuration (SMTP_TLS_CERT_FILE, SMTP_TLS_KEY_FILE); both or neither. */
  certFile: string | null;
  keyFile: string | null;
  /** Where a self-signed pair is kept when no files are configured (beside the data). */
  selfSignedDirectory: string;
}

export interface InboxTlsCertificate {
  key: string;
  cert: string;
  /** 'configured', or 'self-signed' (made now or on an earlier start). */
  origin: 'configured' | 'self-signed';
}

const SELF_SIGNED_KEY = 'smtp-tls-key.pem';
const SELF_SIGNED_CERT = 'smtp-tls-cert.pem';
const SELF_SIGNED_DAYS = 3650;

/**
 * The certificate the inbox offers with STARTTLS. Mail servers delivering to an MX do not check the
 * certificate (opportunistic TLS), so a self-signed one made on first start still keeps the statements
 * off the wire in clear; an installation with a public name configures a real one. The self-signed
 * pair is made once and kept (key readable by the owner only), so the certificate does not change at
 * every restart.
 */
export async function inboxTlsCertificate(settings: InboxTlsSettings, hostname: string): Promise<InboxTlsCertificate> {
  if (settings.certFile && settings.keyFile) {
    return {
      cert: readFileSync(settings.certFile, 'utf8'),
      key: readFileSync(settings.keyFile, 'utf8'),
      origin: 'configured',
    };
  }
  const keyPath = join(settings.selfSignedDirectory, SELF_SIGNED_KEY);
  const certPath = join(settings.selfSignedDirectory, SELF_SIGNED_CERT);
  if (existsSync(keyPath) && existsSync(certPath)) {
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), origin: 'self-signed' };
  }
  const notAfter = new Date(Date.now() + SELF_SIGNED_DAYS * 86_400_000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: hostname }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: hostname }] }],
  });
  mkdirSync(settings.selfSignedDirectory, { recursive: true });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert, { mode: 0o600 });
  // The mode given to writeFileSync applies only to a file it creates, and through the umask.
  chmodSync(keyPath, 0o600);
  chmodSync(certPath, 0o600);
  return { key: pems.private, cert: pems.cert, origin: 'self-signed' };
}
