// Cyber Net Cards deck construction (CN-2): deck size, one avatar, copies, Unique Abilities, Steampunk-only cards.
import { describe, expect, it } from 'vitest'
import { E } from './helpers.ts'

const base = (avatar = 'razorjack', main: { card: string; count: number }[] = []) => ({ avatar, main })
const filler = (n: number) => {
  const ids = [
    'data-spike',
    'overclocked-strike',
    'neon-blade',
    'packet-flood',
    'sandbox',
    'firewall-shield',
    'patch-update',
    'ping',
    'quick-patch',
    'worm',
  ]
  const out: { card: string; count: number }[] = []
  let left = n
  for (const id of ids) {
    if (left <= 0) break
    const k = Math.min(3, left)
    out.push({ card: id, count: k })
    left -= k
  }
  return out
}
const codes = (d: unknown) => E.validateDeck(d as never).violations.map(v => [v.code, v.rule])

describe('CN-2 deck construction', () => {
  it('CN-1.1 CN-2.1 20 to 30 cards besides the avatar', () => {
    expect(E.validateDeck(base('razorjack', filler(20))).legal).toBe(true)
    expect(E.validateDeck(base('razorjack', filler(30))).legal).toBe(true)
    expect(codes(base('razorjack', filler(19)))).toEqual([['DECK_SIZE', 'CN-2.1']])
    expect(codes(base('razorjack', [...filler(30), { card: 'spyware', count: 1 }]))).toEqual([['DECK_SIZE', 'CN-2.1']])
  })

  it('CN-2.1 exactly one avatar: an unknown avatar or a second avatar among the cards is refused', () => {
    expect(codes(base('nobody', filler(20)))).toEqual([['UNKNOWN_AVATAR', 'CN-2.1']])
    const r = E.validateDeck(base('razorjack', [...filler(20), { card: 'bastion-9', count: 1 }]))
    expect(r.violations).toEqual([
      expect.objectContaining({ code: 'EXTRA_AVATAR', rule: 'CN-2.1', cards: ['bastion-9'] }),
    ])
    expect(codes(base('razorjack', [...filler(20), { card: 'made-up-card', count: 1 }]))).toEqual([
      ['UNKNOWN_CARD', 'CN-2.1'],
    ])
  })

  it('CN-2.2 at most 3 copies of a card, counted across entries', () => {
    const r = E.validateDeck(base('razorjack', [...filler(20), { card: 'Data Spike', count: 1 }]))
    expect(r.violations).toEqual([
      expect.objectContaining({ code: 'TOO_MANY_COPIES', rule: 'CN-2.2', cards: ['data-spike'] }),
    ])
  })

  it('CN-2.3 Unique Abilities are not deck cards', () => {
    const r = E.validateDeck(base('razorjack', [...filler(20), { card: 'Edge Rush', count: 1 }]))
    expect(r.violations).toEqual([
      expect.objectContaining({ code: 'UNIQUE_ABILITY_NOT_DECK_CARD', rule: 'CN-2.3', cards: ['edge-rush'] }),
    ])
  })

  it('CN-5.8 Steampunk-only cards need a Steampunk avatar', () => {
    const main = [...filler(18), { card: 'boiler-punch', count: 2 }]
    const r = E.validateDeck(base('razorjack', main))
    expect(r.violations).toEqual([
      expect.objectContaining({ code: 'STEAMPUNK_ONLY', rule: 'CN-5.8', cards: ['boiler-punch'] }),
    ])
    expect(E.validateDeck(base('copper-duchess', main)).legal).toBe(true)
  })

  it('reports every violation at once, with a summary', () => {
    const r = E.validateDeck(
      base('razorjack', [
        { card: 'boiler-punch', count: 4 },
        { card: 'edge-rush', count: 1 },
      ]),
    )
    expect(r.violations.map(v => v.code).sort()).toEqual([
      'DECK_SIZE',
      'STEAMPUNK_ONLY',
      'TOO_MANY_COPIES',
      'UNIQUE_ABILITY_NOT_DECK_CARD',
    ])
    expect(r.summary).toMatchObject({ avatar: 'razorjack', cards: 4 })
  })
})
