// The strict input schemas and the published view and event schemas, over random decks of every implemented card.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Random, redactEvent } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import { E, HEIST, randomDeck, started } from './helpers.ts'

describe('cyberpunk-tcg schemas', () => {
  it('CR 7.3 a deck, a main-deck entry, an action or an option with an unknown field is rejected, naming the field', () => {
    const deck = E.schemas.deck.safeParse({ ...HEIST, sideboard: [] })
    expect(deck.success).toBe(false)
    expect(JSON.stringify(deck.error?.issues)).toContain('sideboard')
    expect(E.schemas.deck.safeParse({ ...HEIST, main: [{ ...HEIST.main[0]!, foil: true }] }).success).toBe(false)
    const action = E.schemas.action.safeParse({ type: 'pass', force: true })
    expect(JSON.stringify(action.error?.issues)).toContain('force')
    const opts = E.schemas.options.safeParse({ concedeListd: false })
    expect(JSON.stringify(opts.error?.issues)).toContain('concedeListd')
    expect(E.schemas.options.parse({}).concedeListed).toBe(true)
  })

  it('CP-8.6 apply refuses a listed action carrying an extra field and names the field', () => {
    const s = started()
    expect(() => E.apply(s, 0, { type: 'pass', now: true } as never)).toThrow(/now/)
  })

  it('the view and event schemas convert to JSON Schema with descriptions', () => {
    const view = JSON.stringify(z.toJSONSchema(E.schemas.view!))
    const event = JSON.stringify(z.toJSONSchema(E.schemas.event!))
    expect(view).toContain('only in this seat')
    expect(event).toContain('"oneOf"')
    expect(event).toContain('only for the seats in')
  })

  it('every view and every event (raw and redacted for each viewer) of 30 random-deck games matches the schemas', () => {
    const types = new Set<string>()
    for (let g = 0; g < 30; g++) {
      const r = Random.fromSeed(`schema-deck:${g}`)
      randomPlayout(E, [randomDeck(r), randomDeck(r)], { concedeListed: false }, `schema:${g}`, {
        onStep: ({ after, events }) => {
          for (const viewer of [null, 0, 1]) {
            const v = E.schemas.view!.safeParse(E.view(after as never, viewer))
            if (!v.success) throw new Error(JSON.stringify(v.error.issues.slice(0, 2)))
            for (const e of events) {
              types.add(e.type)
              for (const x of [e, redactEvent(e, viewer)]) {
                const p = E.schemas.event!.safeParse(x)
                if (!p.success) throw new Error(`${e.type}: ${JSON.stringify(p.error.issues.slice(0, 2))}`)
              }
            }
          }
        },
      })
    }
    expect(types.size).toBeGreaterThan(20)
  })
})
