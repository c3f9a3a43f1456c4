// Marvel Dice Throne view redaction (hands, Illusion cards, drawn cards) and engine surface (validateDeck, cards()).
import { describe, it, expect } from 'vitest'
import { redactEvent } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, start, edit, act, rolling, passWhile, lastEvents, toMain1, toAct } from './helpers.ts'

function noRng(s: DTState, v: unknown) {
  const json = JSON.stringify(v)
  expect(json).not.toContain('"rng"')
  for (const n of s.rng) if (Math.abs(n) > 1000) expect(json).not.toContain(String(n))
}

describe('view redaction', () => {
  it('DT-3.1 a seat sees its own hand, other hands as counts; a spectator sees no hand; no RNG anywhere', () => {
    const s = randomPlayout(E, [{ hero: 'thor' }, { hero: 'loki' }, { hero: 'spider-man' }], {}, 'view', {
      maxSteps: 60,
    }).state as DTState
    for (const seat of [0, 1, 2, null]) {
      const v = E.view(s, seat) as {
        players: { hand?: string[]; handCount: number; deckCount: number; deck?: unknown }[]
      }
      v.players.forEach((p, i) => {
        expect(p.handCount).toBe(s.p[i]!.hand.length)
        expect(p.deck).toBeUndefined()
        expect(p.deckCount).toBe(s.p[i]!.deck.length)
        if (i === seat) expect(p.hand).toEqual(s.p[i]!.hand)
        else expect(p.hand).toBeUndefined()
      })
      noRng(s, v)
    }
  })
  it('DT-13.20 the Illusion cards are face down for the attacker: only Loki sees their order', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 3])
    s = edit(s, x => (x.p[1]!.st['illusion'] = 1))
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'spend', status: 'illusion' })
    s = act(s, 1, { type: 'arrange', order: ['none', 'all', 'half'] })
    const ev = lastEvents.find(e => e.type === 'illusionArranged')!
    expect(redactEvent(ev, 0)['secret']).toBeUndefined()
    expect(redactEvent(ev, null)['secret']).toBeUndefined()
    expect(redactEvent(ev, 1)['secret']).toEqual({ order: ['none', 'all', 'half'] })
    expect(JSON.stringify(E.view(s, 0))).not.toContain('"none"')
    expect(JSON.stringify(E.view(s, null))).not.toContain('"none"')
    expect((E.view(s, 1) as { illusionOrder?: string[] }).illusionOrder).toEqual(['none', 'all', 'half'])
    noRng(s, E.view(s, 0))
  })
  it('DT-3.5 drawn cards are secret to the drawer in events', () => {
    let s = toMain1(start(['thor', 'loki'], {}, 'draw'))
    const f = s.first
    s = act(s, f, { type: 'end' })
    while (s.step !== 'rolling') s = act(s, 1 - f, { type: 'pass' }) // the phase window, if the other player may answer
    s = passWhile(act(s, f, { type: 'noAttack' }), z => z.step !== 'rollEnd')
    let r = E.apply(s, f, { type: 'end' })
    // the other player may answer the end of Main Phase 2; then the Discard Phase ends the turn
    while (!r.events.some(e => e.type === 'draw'))
      r =
        r.state.step === 'discard'
          ? E.apply(r.state, f, { type: 'end' })
          : E.apply(r.state, toAct(r.state), { type: 'pass' })
    const d = r.events.find(e => e.type === 'draw')!
    expect(d.visibleTo).toEqual([1 - f])
    expect(redactEvent(d, f)['secret']).toBeUndefined()
    expect((redactEvent(d, 1 - f)['secret'] as { cards: string[] }).cards.length).toBe(1)
  })
})

describe('engine surface', () => {
  it('DT-13.3 validateDeck accepts the four heroes by id or printed name and reports unknown heroes', () => {
    for (const d of E.sampleDecks()) expect(E.validateDeck(d.deck).legal).toBe(true)
    expect(E.sampleDecks().map(d => d.deck.hero)).toEqual(['scarlet-witch', 'thor', 'loki', 'spider-man'])
    expect(E.validateDeck(E.schemas.deck.parse({ hero: 'Spider-Man (Miles Morales)' })).legal).toBe(true)
    expect(E.validateDeck({ hero: 'Scarlet Witch' }).legal).toBe(true)
    const bad = E.validateDeck({ hero: 'hulk' })
    expect(bad.legal).toBe(false)
    expect(bad.violations[0]).toMatchObject({ code: 'UNKNOWN_HERO', rule: 'DT-13.3', cards: ['hulk'] })
    const s = E.setup([{ hero: 'Scarlet Witch' }, { hero: 'Thor' }], {}, 'x')
    expect(s.p.map(p => p.hero)).toEqual(['scarlet-witch', 'thor'])
  })
  it('DT-13.1 DT-13.2 cards() lists heroes (with difficulty), cards and statuses from data; describeAction labels actions', () => {
    const cards = E.cards()
    const heroes = cards.filter(c => c.type === 'hero')
    expect(heroes.map(h => [h.id, (h.data as { difficulty: number }).difficulty])).toEqual([
      ['scarlet-witch', 4],
      ['thor', 3],
      ['loki', 4],
      ['spider-man', 2],
    ])
    expect(
      cards.filter(c => c.type !== 'hero' && c.type !== 'status' && (c.data as { hero: string | null }).hero === null)
        .length,
    ).toBe(17)
    const s = start(['thor', 'loki'])
    for (const a of E.legalActions(s, s.first)) expect(E.describeAction(s, a).length).toBeGreaterThan(3)
  })
})
