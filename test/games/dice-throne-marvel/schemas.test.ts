// Strict deck, action and options schemas (issue 13): an unknown field is an error that names it.
import { describe, it, expect } from 'vitest'
import { z } from 'zod'
import { redactEvent } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E } from './helpers.ts'

function unknownKeys(r: { success: boolean; error?: { issues: { code: string; keys?: string[] }[] } }): string[] {
  return (r.error?.issues ?? []).filter(i => i.code === 'unrecognized_keys').flatMap(i => i.keys ?? [])
}

describe('strict schemas', () => {
  it('DT-13.3 DT-GAP-5 a deck is a hero (with homebrew sets and the cards they add): any other key is refused', () => {
    expect(E.schemas.deck.safeParse({ hero: 'thor' }).success).toBe(true)
    const r = E.schemas.deck.safeParse({ hero: 'thor', main: [{ card: 'six-it', count: 1 }] })
    expect(r.success).toBe(false)
    expect(unknownKeys(r)).toEqual(['main'])
    // `cards` adds only cards of the deck's sets: a built-in card is already the hero's or another hero's
    const report = E.validateDeck({ hero: 'thor', cards: ['six-it'] })
    expect(report.violations.map(v => v.code)).toEqual(['UNKNOWN_CARD'])
  })
  it('options accept only mode, and name an unknown option', () => {
    expect(E.schemas.options.safeParse({ mode: '2v2' }).success).toBe(true)
    const r = E.schemas.options.safeParse({ mode: '1v1', moed: 'x' })
    expect(r.success).toBe(false)
    expect(unknownKeys(r)).toEqual(['moed'])
  })
  it('every kind of action refuses a field it does not have, and names it', () => {
    for (const a of [
      { type: 'end' },
      { type: 'roll', dice: [0, 2] },
      { type: 'play', card: 'six-it', die: 1 },
      { type: 'select', ability: 'hammered', variant: 0 },
    ]) {
      expect(E.schemas.action.safeParse(a).success).toBe(true)
      const r = E.schemas.action.safeParse({ ...a, dye: 1 })
      expect(r.success).toBe(false)
      expect(unknownKeys(r)).toEqual(['dye'])
    }
    // a field of another action kind is unknown too
    expect(unknownKeys(E.schemas.action.safeParse({ type: 'sell', card: 'six-it', die: 0 }))).toEqual(['die'])
  })
})

describe('view and event schemas', () => {
  const setups: [string[], Record<string, unknown>][] = [
    [['thor', 'loki'], {}],
    [['scarlet-witch', 'spider-man'], {}],
    [['loki', 'thor', 'spider-man', 'scarlet-witch'], { mode: '2v2' }],
    [['spider-man', 'scarlet-witch', 'loki'], { mode: 'free-for-all' }],
    [['thor', 'scarlet-witch', 'loki', 'spider-man'], { mode: 'free-for-all' }],
  ]
  it.each(setups)(
    'DT-11.4 DT-15.1 every view and redacted event of random %j %j games matches the published schemas',
    (heroes, opts) => {
      const seen = new Set<string>()
      for (let g = 0; g < 3; g++) {
        randomPlayout(
          E,
          heroes.map(hero => ({ hero })),
          opts,
          `schemas-${heroes.join()}-${g}`,
          {
            onStep: ({ after, events }) => {
              for (const viewer of [null, ...heroes.keys()]) {
                const v = E.schemas.view!.safeParse(E.view(after as DTState, viewer))
                expect(v.success, JSON.stringify(v.error?.issues.slice(0, 2))).toBe(true)
                for (const e of events) {
                  seen.add(e.type)
                  const r = E.schemas.event!.safeParse(redactEvent(e, viewer))
                  expect(r.success, `${e.type}: ${JSON.stringify(r.error?.issues.slice(0, 2))}`).toBe(true)
                }
              }
            },
          },
        )
      }
      expect(seen.size).toBeGreaterThan(15)
    },
  )
  it('both schemas convert to JSON Schema with their descriptions', () => {
    const view = JSON.stringify(z.toJSONSchema(E.schemas.view!))
    const event = JSON.stringify(z.toJSONSchema(E.schemas.event!))
    expect(view).toContain('only in the view of that seat')
    expect(event).toContain('"illusionArranged"')
    expect(event).toContain('Only for the drawer')
  })
})
