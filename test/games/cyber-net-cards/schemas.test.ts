// The published schemas: strict deck, action and options schemas, and the view and event schemas.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { redactEvent } from '../../../src/kernel/index.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import type { CNView } from '../../../src/games/cyber-net-cards/schemas.ts'
import { randomPlayout } from '../../support/playout.ts'
import { E, sampleDeck } from './helpers.ts'

function unknownKeys(r: {
  success: boolean
  error?: { issues: { code: string; keys?: string[]; path: PropertyKey[] }[] }
}) {
  expect(r.success).toBe(false)
  return r.error!.issues.filter(i => i.code === 'unrecognized_keys').map(i => ({ path: i.path, keys: i.keys }))
}

describe('strict schemas', () => {
  it('CN-2.1 a deck with a field the format does not have is refused, naming the field', () => {
    const deck = sampleDeck('Neon Assault')
    expect(unknownKeys(E.schemas.deck.safeParse({ ...deck, sideboard: [] }))).toEqual([
      { path: [], keys: ['sideboard'] },
    ])
    const main = [{ ...deck.main[0]!, foil: true }, ...deck.main.slice(1)]
    expect(unknownKeys(E.schemas.deck.safeParse({ ...deck, main }))).toEqual([{ path: ['main', 0], keys: ['foil'] }])
  })

  it('CN-6.7 an action with an extra field is refused, naming it; a listed action still parses', () => {
    expect(unknownKeys(E.schemas.action.safeParse({ type: 'pass', seat: 0 }))).toEqual([{ path: [], keys: ['seat'] }])
    expect(
      unknownKeys(E.schemas.action.safeParse({ type: 'activate', card: 3, turbo: false, burn: false, trubo: true })),
    ).toEqual([{ path: [], keys: ['trubo'] }])
    expect(E.schemas.action.parse({ type: 'activate', card: 3 })).toEqual({
      type: 'activate',
      card: 3,
      turbo: false,
      burn: false,
    })
  })

  it('options: there are none, so any field is refused by name', () => {
    expect(E.schemas.options.parse({})).toEqual({})
    expect(unknownKeys(E.schemas.options.safeParse({ firstSeat: 1 }))).toEqual([{ path: [], keys: ['firstSeat'] }])
  })
})

describe('view and event schemas', () => {
  const decks = E.sampleDecks()

  it('CN-1.6 CN-6.5 every view (each seat and a spectator) and every redacted event of random games between all sample decks matches them', () => {
    const seen = new Set<string>()
    decks.forEach((a, i) => {
      const b = decks[(i + 2) % decks.length]!
      randomPlayout(E, [a.deck, b.deck], {}, `schemas-${i}`, {
        onStep: ({ after, events }) => {
          for (const viewer of [null, 0, 1]) {
            const v = E.schemas.view!.safeParse(E.view(after as CNState, viewer))
            expect(v.success, v.error?.message).toBe(true)
            for (const e of events) {
              seen.add(e.type)
              const r = E.schemas.event!.safeParse(redactEvent(e, viewer))
              expect(r.success, `${e.type}: ${r.error?.message}`).toBe(true)
            }
          }
        },
      })
    })
    for (const t of [
      'draw',
      'placed',
      'activated',
      'resolved',
      'climax',
      'damage',
      'equipped',
      'leaves',
      'coal',
      'matchOver',
    ])
      expect(seen).toContain(t)
  })

  it('CN-6.1 hidden parts are optional (a seat sees its hand, the other seat does not) and no field outside the schema passes', () => {
    const s = E.setup([decks[0]!.deck, decks[1]!.deck], {}, 'schema-hidden')
    const view = (seat: number) => E.schemas.view!.parse(E.view(s, seat)) as CNView
    expect(view(0).players[0]!.hand!.length).toBeGreaterThan(0)
    expect(view(1).players[0]!.hand).toBeUndefined()
    expect(E.schemas.view!.safeParse({ ...view(0), seed: 'x' }).success).toBe(false)
    const drawn = { type: 'draw', seat: 0, count: 1, secret: { cards: ['data-spike'], extra: 1 } }
    expect(E.schemas.event!.safeParse(drawn).success).toBe(false)
    expect(E.schemas.event!.safeParse({ type: 'draw', seat: 0, count: 1 }).success).toBe(true)
  })

  it('both are published as JSON Schema with descriptions', () => {
    const view = z.toJSONSchema(E.schemas.view!) as {
      description?: string
      properties: Record<string, { description?: string }>
    }
    expect(view.description).toMatch(/sees/)
    expect(view.properties.chain!.description).toMatch(/chain/)
    const event = JSON.stringify(z.toJSONSchema(E.schemas.event!))
    for (const t of ['draw', 'climax', 'coalTie', 'resigned', 'matchOver']) expect(event).toContain(`"const":"${t}"`)
    expect(event).toContain('Only for the seats in visibleTo')
  })
})
