/** Fair and verifiable seeds: a server seed committed by its hash, mixed with each seat's entropy. */
import { hash } from 'node:crypto'

export type SeedSource = 'SERVER' | 'CLIENT'

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex')
}

/** Published at creation: lowercase hex sha256 of the seed. */
export function seedCommitment(seed: string): string {
  return sha256Hex(seed)
}

/**
 * The seed the engine's setup gets. A server seed is mixed with every seat's entropy (an absent one
 * counts as ""): sha256 hex of the seed and the entropies in seat order, joined by newlines. A seed
 * the creator chose is used as it is, so that tests and analyses reproduce a known game.
 */
export function finalSeed(seed: string, source: SeedSource, entropies: readonly (string | null)[]): string {
  return source === 'CLIENT' ? seed : sha256Hex([seed, ...entropies.map(e => e ?? '')].join('\n'))
}
