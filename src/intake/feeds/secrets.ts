import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';
export const SECRET_KEY_FILE = 'feed-secret.key';

export class SecretKeyError extends Error {}

/**
 * Provider secrets (a SimpleFIN access URL carries its credentials; a Plaid access token is one) are
 * sealed with AES-256-GCM before they reach the database: a copy of the database alone opens no bank
 * login. A fresh 96-bit IV per seal; the tag makes a tampered or mis-keyed value fail loudly instead
 * of decrypting to garbage. The connection id is bound in as additional data, so a ciphertext copied
 * onto another connection does not open.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES)
      throw new SecretKeyError(`the feed secret key must be ${KEY_BYTES} bytes (got ${key.length})`);
    this.key = Buffer.from(key);
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string, boundTo: string): string {
    const [format, payload] = sealed.split(':', 2);
    if (format !== FORMAT || !payload) throw new SecretKeyError('a sealed secret has an unknown format');
    const bytes = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyError(
        'a sealed secret does not open with this key (BOOKKEEPING_SECRET_KEY or the key file changed?)',
      );
    }
  }

  /** Never print the key, whatever logs an object it sits in. */
  toJSON(): string {
    return '[SecretBox]';
  }
}

/** BOOKKEEPING_SECRET_KEY: 32 bytes as 64 hex digits or base64. */
export function parseSecretKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES)
    throw new SecretKeyError(
      `BOOKKEEPING_SECRET_KEY must be ${KEY_BYTES} bytes, as 64 hex digits or base64 (got ${key.length} bytes)`,
    );
  return key;
}

/**
 * The key from configuration, or else the key file beside the data, created on first start (mode
 * 0600, exclusive create so two processes starting together settle on one key).
 */
export function loadSecretKey(configured: string | null, directory: string): Buffer {
  if (configured) return parseSecretKey(configured);
  const path = join(directory, SECRET_KEY_FILE);
  mkdirSync(directory, { recursive: true });
  try {
    writeFileSync(path, randomBytes(KEY_BYTES).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretKey(readFileSync(path, 'utf8'));
}
