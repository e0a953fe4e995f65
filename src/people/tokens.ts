import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: a session id, a CSRF token, a reset or invitation token. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are 256 random bits, so a plain SHA-256 is enough to store them (as for API keys). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Lower-cased and trimmed: one person, one e-mail, however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}
