import { z } from 'zod'

const pay = z.array(z.number().int().min(0).max(2)).max(3)

/**
 * Every decision of the game (strict: an unknown field is an error that names it). `pay` lists the Legends-area slots
 * spent to pay; the rest is paid with Eddies.
 */
export const actionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('goFirst'), first: z.boolean() }),
  z.strictObject({ type: z.literal('mulligan'), redraw: z.boolean() }),
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('sell'), card: z.string() }),
  z.strictObject({ type: z.literal('call'), slot: z.number().int().min(0).max(2), pay }),
  z.strictObject({ type: z.literal('play'), card: z.string(), pay, host: z.number().int().optional() }),
  z.strictObject({ type: z.literal('legend'), slot: z.number().int().min(0).max(2), solo: z.boolean(), pay }),
  z.strictObject({ type: z.literal('activate'), src: z.number().int(), ab: z.number().int(), pay }),
  z.strictObject({
    type: z.literal('attack'),
    unit: z.number().int(),
    target: z.union([z.number().int(), z.literal('gigs')]),
  }),
  z.strictObject({ type: z.literal('block'), unit: z.number().int() }),
  z.strictObject({ type: z.literal('endReactions') }),
  z.strictObject({ type: z.literal('resolve'), id: z.number().int() }),
  z.strictObject({ type: z.literal('choose'), pick: z.unknown() }),
  z.strictObject({ type: z.literal('concede') }),
  z.strictObject({ type: z.literal('setAutoPass'), on: z.boolean() }),
])
export type Action = z.infer<typeof actionSchema>
