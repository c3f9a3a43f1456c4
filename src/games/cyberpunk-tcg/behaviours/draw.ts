// The most common operation, "draw n" (optionally under a condition), as a shorthand for the set modules.
import type { Cond, Op } from '../effects.ts'

/** A function declaration (hoisted), usable while the set modules are still loading (see index.ts). */
export function draw(n: number, cond?: Cond): Op {
  return cond ? { op: 'draw', n, if: cond } : { op: 'draw', n }
}
