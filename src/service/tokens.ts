import { hash, randomBytes } from 'node:crypto'

/** A seat's bearer secret: 256 random bits. Only its hash is stored. */
export function newSeatToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex')
}

export function newSeed(): string {
  return randomBytes(16).toString('hex')
}
