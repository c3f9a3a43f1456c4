// The most common operation, "draw n" (optionally under a condition), as a shorthand for the behaviour tables.
import type { Cond, Op } from '../effects.ts'

export const draw = (n: number, cond?: Cond): Op => (cond ? { op: 'draw', n, if: cond } : { op: 'draw', n })
