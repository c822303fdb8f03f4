import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2: the library's Algorithm.Argon2id, a const enum that isolated modules cannot
// read) at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when an address has no password, so that such a sign-in spends the same
// argon2 time as a wrong password and timing tells nothing about which addresses exist.
const dummyHash = hash('not-a-real-password-0', options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
