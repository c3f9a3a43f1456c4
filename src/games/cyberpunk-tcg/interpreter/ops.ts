// The effect interpreter: one operation of an effect at a time (CP-10.9, CP-10.10 as much as possible), dispatched by
// word.
import type { Op } from '../effects.ts'
import type { Frame } from '../state.ts'
import type { Ctx } from '../core.ts'
import { evalCond } from './conditions.ts'
import { CARDS_OPS } from './ops/cards.ts'
import { GIGS_OPS } from './ops/gigs.ts'
import { UNITS_OPS } from './ops/units.ts'
import { LEGENDS_OPS } from './ops/legends.ts'
import { FLOW_OPS } from './ops/flow.ts'

/** Runs one word of the vocabulary; returns false when it waits for a decision. */
export type OpHandler<K extends Op['op']> = (c: Ctx, f: Frame, op: Extract<Op, { op: K }>) => boolean
/** One handler per word: a word of `Op` without a handler is a compile error. */
export type OpHandlers = { [K in Op['op']]: OpHandler<K> }

const HANDLERS: OpHandlers = { ...CARDS_OPS, ...GIGS_OPS, ...UNITS_OPS, ...LEGENDS_OPS, ...FLOW_OPS }

/** Runs one operation. Returns false when it waits for a decision. */
export function runOp(c: Ctx, f: Frame, op: Op): boolean {
  if (op.if && f.answer === undefined && !evalCond(c, f, op.if)) return true
  return (HANDLERS[op.op] as OpHandler<Op['op']>)(c, f, op)
}
