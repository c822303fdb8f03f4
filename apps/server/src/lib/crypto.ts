import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes from the CSPRNG, base64url (32 bytes = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as their SHA-256: a stolen table holds nothing usable. (One-shot `hash`: no Hash object per request.) */
export function sha256(value: string): string {
  return hash('sha256', value);
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
