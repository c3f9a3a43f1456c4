// Strict deck, action and options schemas (issue 13): an unknown field is an error that names it.
import { describe, it, expect } from 'vitest'
import { E } from './helpers.ts'

function unknownKeys(r: { success: boolean; error?: { issues: { code: string; keys?: string[] }[] } }): string[] {
  return (r.error?.issues ?? []).filter((i) => i.code === 'unrecognized_keys').flatMap((i) => i.keys ?? [])
}

describe('strict schemas', () => {
  it('DT-13.3 DT-GAP-5 a deck is { hero } only: a card list or any other key is refused and named', () => {
    expect(E.schemas.deck.safeParse({ hero: 'thor' }).success).toBe(true)
    const r = E.schemas.deck.safeParse({ hero: 'thor', cards: ['six-it'] })
    expect(r.success).toBe(false)
    expect(unknownKeys(r)).toEqual(['cards'])
  })
  it('options accept only mode, and name an unknown option', () => {
    expect(E.schemas.options.safeParse({ mode: '2v2' }).success).toBe(true)
    const r = E.schemas.options.safeParse({ mode: '1v1', moed: 'x' })
    expect(r.success).toBe(false)
    expect(unknownKeys(r)).toEqual(['moed'])
  })
  it('every kind of action refuses a field it does not have, and names it', () => {
    for (const a of [{ type: 'end' }, { type: 'roll', dice: [0, 2] }, { type: 'play', card: 'six-it', die: 1 }, { type: 'select', ability: 'hammered', variant: 0 }]) {
      expect(E.schemas.action.safeParse(a).success).toBe(true)
      const r = E.schemas.action.safeParse({ ...a, dye: 1 })
      expect(r.success).toBe(false)
      expect(unknownKeys(r)).toEqual(['dye'])
    }
    // a field of another action kind is unknown too
    expect(unknownKeys(E.schemas.action.safeParse({ type: 'sell', card: 'six-it', die: 0 }))).toEqual(['die'])
  })
})
