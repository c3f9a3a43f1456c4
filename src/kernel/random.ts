// Seeded randomness kept in the state: a generator whose state is plain JSON.
import { hash } from 'node:crypto'
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

/** The PRNG state as stored inside a match state: plain JSON, never shown in a view. */
export type RngState = number[]

/** Derives the generator's 32-bit seed from a match seed string, so any text (or a UUID) is a valid seed. */
function seedToInt(seed: string): number {
  return hash('sha256', seed, 'buffer').readInt32LE(0)
}

/**
 * A seeded random source for engines. Engines keep `state()` in their match state and rebuild the
 * generator from it on every apply, so a match replays exactly from its seed and action log.
 */
export class Random {
  private constructor(private readonly gen: ReturnType<typeof xoroshiro128plus>) {}

  static fromSeed(seed: string): Random {
    return new Random(xoroshiro128plus(seedToInt(seed)))
  }

  static fromState(state: RngState): Random {
    return new Random(xoroshiro128plusFromState(state))
  }

  state(): RngState {
    return [...this.gen.getState()]
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.gen, min, max)
  }

  die(sides: number): number {
    return this.int(1, sides)
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick on an empty list')
    return items[this.int(0, items.length - 1)]!
  }

  /** Fisher–Yates shuffle into a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i)
      const t = out[i]!
      out[i] = out[j]!
      out[j] = t
    }
    return out
  }
}
