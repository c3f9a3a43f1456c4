// The published schemas: strict deck, action and options schemas, and the view and event schemas.
import { describe, expect, it } from 'vitest'
import { E, sampleDeck } from './helpers.ts'

function unknownKeys(r: { success: boolean; error?: { issues: { code: string; keys?: string[]; path: PropertyKey[] }[] } }) {
  expect(r.success).toBe(false)
  return r.error!.issues.filter((i) => i.code === 'unrecognized_keys').map((i) => ({ path: i.path, keys: i.keys }))
}

describe('strict schemas', () => {
  it('CN-2.1 a deck with a field the format does not have is refused, naming the field', () => {
    const deck = sampleDeck('Neon Assault')
    expect(unknownKeys(E.schemas.deck.safeParse({ ...deck, sideboard: [] }))).toEqual([{ path: [], keys: ['sideboard'] }])
    const main = [{ ...deck.main[0]!, foil: true }, ...deck.main.slice(1)]
    expect(unknownKeys(E.schemas.deck.safeParse({ ...deck, main }))).toEqual([{ path: ['main', 0], keys: ['foil'] }])
  })

  it('CN-6.7 an action with an extra field is refused, naming it; a listed action still parses', () => {
    expect(unknownKeys(E.schemas.action.safeParse({ type: 'pass', seat: 0 }))).toEqual([{ path: [], keys: ['seat'] }])
    expect(unknownKeys(E.schemas.action.safeParse({ type: 'activate', card: 3, turbo: false, burn: false, trubo: true }))).toEqual([
      { path: [], keys: ['trubo'] },
    ])
    expect(E.schemas.action.parse({ type: 'activate', card: 3 })).toEqual({ type: 'activate', card: 3, turbo: false, burn: false })
  })

  it('options: there are none, so any field is refused by name', () => {
    expect(E.schemas.options.parse({})).toEqual({})
    expect(unknownKeys(E.schemas.options.safeParse({ firstSeat: 1 }))).toEqual([{ path: [], keys: ['firstSeat'] }])
  })
})
