import { hash, verify } from '@node-rs/argon2';
import { invalid } from '../errors.ts';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which type-stripping cannot import). */
const ARGON2ID = 2;

/**
 * OWASP's argon2id settings (19 MiB, 2 passes, 1 lane): about 20-60 ms per hash here, cheap for one
 * login and slow for a guesser holding a copy of the table.
 */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 10;
/** argon2 hashes any length; a cap keeps a megabyte "password" from being a cheap way to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;

export function validatePassword(password: string, field = 'password'): string {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD_LENGTH)
    throw invalid(`${field}: at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw invalid(`${field}: at most ${MAX_PASSWORD_LENGTH} characters`);
  return password;
}

export async function hashPassword(password: string): Promise<string> {
  validatePassword(password);
  return hash(password, ARGON2_OPTIONS);
}

/** A real hash of a throwaway password, verified against when the e-mail is unknown, so both cases take as long. */
let decoyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash (unknown user, no password set) false, after the same work. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (!passwordHash) {
    decoyHash ??= hash('decoy password that matches nothing', ARGON2_OPTIONS);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
