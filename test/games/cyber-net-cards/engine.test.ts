// Cyber Net Cards' engine contract (options, sample decks, pool, card ids, action schema) and its views and events.
import { describe, expect, it } from 'vitest'
import { redactEvent, slugify } from '../../../src/kernel/index.ts'
import { AVATARS, CARDS } from '../../../src/games/cyber-net-cards/data.ts'
import { randomPlayout } from '../../support/playout.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { E, sampleDeck } from './helpers.ts'

describe('engine contract', () => {
  it('options all have defaults', () => {
    expect(E.schemas.options.parse({})).toEqual({})
  })

  it('CN-2.1 CN-2.2 sample decks: at least four, all legal, all playable', () => {
    const samples = E.sampleDecks()
    expect(samples.length).toBeGreaterThanOrEqual(4)
    for (const d of samples) {
      expect(E.schemas.deck.parse(d.deck)).toEqual(d.deck)
      const r = E.validateDeck(d.deck)
      expect(r.violations).toEqual([])
      expect(r.legal).toBe(true)
    }
    expect(samples.filter(d => AVATARS.find(a => a.id === d.deck.avatar)!.steampunk).length).toBeGreaterThanOrEqual(2)
  })

  it('CN-4.1 CN-4.5 CN-4.7 CN-2.4 the pool: 8+ avatars of every type (2+ Steampunk), each with ability, passive and Unique Ability', () => {
    expect(AVATARS.length).toBeGreaterThanOrEqual(8)
    expect(new Set(AVATARS.map(a => a.type))).toEqual(new Set(['offensive', 'moderate', 'defensive']))
    expect(AVATARS.filter(a => a.steampunk).length).toBeGreaterThanOrEqual(2)
    for (const a of AVATARS) {
      expect(a.ability.cost).toBeGreaterThan(0)
      expect(a.passive.text.length).toBeGreaterThan(0)
      expect(a.passive.mods ?? a.passive.roundStart ?? a.passive.onActivate).toBeDefined()
    }
  })

  it('CN-2.3 CN-2.4 CN-4.1 cards(): each avatar names its Unique Ability, which is its ability (one power), listed apart from deck cards', () => {
    const infos = E.cards()
    const deckCardIds = new Set(CARDS.map(c => c.id))
    for (const a of AVATARS) {
      const entry = infos.find(c => c.type === 'avatar' && c.id === a.id)!
      const uid = (entry.data as { uniqueAbility: string }).uniqueAbility
      const ua = infos.find(c => c.id === uid)!
      expect(ua.type).toBe('unique-ability')
      expect(deckCardIds.has(uid)).toBe(false)
      expect(ua.data).toMatchObject({ avatar: a.id, name: a.ability.name, cost: a.ability.cost, text: a.ability.text })
      expect((ua.data as { note: string }).note).toMatch(/ability is its Unique Ability/)
      expect((entry.data as { passive: { text: string } }).passive.text).toBe(a.passive.text)
    }
    // the action that uses it says both names
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'label')
    expect(E.describeAction(s, { type: 'ability' })).toBe(
      "Use Edge Rush, Razorjack's Unique Ability (2 mana): Deal 2 damage.",
    )
  })

  it('CN-3.7 CN-5.4 CN-5.5 CN-5.10 CN-5.8 the pool has 60+ cards using every mechanic', () => {
    expect(CARDS.length).toBeGreaterThanOrEqual(60)
    const ops = (c: (typeof CARDS)[number]) =>
      [...c.effect, ...(c.turbo?.effect ?? []), ...(c.burn?.effect ?? []), ...(c.lasting?.use?.effect ?? [])].map(
        o => o.op,
      )
    const has = (f: (c: (typeof CARDS)[number]) => boolean) => CARDS.some(f)
    for (const kind of ['offensive', 'defensive', 'ability', 'equipment', 'infection'])
      expect(has(c => c.kind === kind)).toBe(true)
    expect(has(c => c.turbo !== undefined)).toBe(true)
    expect(has(c => c.burn !== undefined)).toBe(true)
    expect(has(c => c.coalCost > 0)).toBe(true)
    expect(has(c => c.lasting?.coalGain !== undefined)).toBe(true)
    expect(has(c => (c.lasting?.use?.coal ?? 0) > 0)).toBe(true)
    expect(has(c => c.lasting?.use !== undefined)).toBe(true)
    expect(has(c => ops(c).includes('negate'))).toBe(true)
    expect(has(c => ops(c).includes('mana') || c.lasting?.mods?.income !== undefined)).toBe(true)
    expect(has(c => c.lasting?.mods?.hand !== undefined)).toBe(true)
    expect(has(c => c.steampunkOnly)).toBe(true)
    expect(has(c => ops(c).includes('moveCoal') || c.lasting?.keepsCoal === true)).toBe(true)
  })

  it('card ids are the slugs of their printed names', () => {
    for (const c of CARDS) expect(c.id).toBe(slugify(c.name))
    for (const a of AVATARS) expect(a.id).toBe(slugify(a.name))
    const infos = E.cards()
    expect(infos.filter(c => c.type === 'avatar')).toHaveLength(AVATARS.length)
    expect(infos.filter(c => c.type === 'unique-ability')).toHaveLength(AVATARS.length)
    expect(new Set(infos.map(c => c.id)).size).toBe(infos.length)
  })

  it('a deck may name its cards and avatar by full printed name', () => {
    const deck = {
      avatar: 'Copper Duchess',
      main: [
        { card: 'Boiler Punch', count: 3 },
        { card: 'Zero-Day Exploit', count: 3 },
        { card: 'Counter-Hack', count: 3 },
        { card: 'Steam Piston', count: 3 },
        { card: 'Data Spike', count: 3 },
        { card: 'Coal Furnace', count: 3 },
        { card: 'Iron Plating', count: 2 },
      ],
    }
    expect(E.validateDeck(deck).legal).toBe(true)
    const s = E.setup([deck, sampleDeck('Neon Assault')], {}, 'names')
    expect(s.players[0]!.avatar).toBe('copper-duchess')
    expect(new Set(s.cards.slice(0, 20))).toContain('boiler-punch')
  })

  it('CN-6.7 every listed action parses with the action schema and has a label', () => {
    const res = randomPlayout(E, [sampleDeck('Steam and Coal'), sampleDeck('Cipher Control')], {}, 'labels', {
      onStep: ({ before, seat }) => {
        for (const a of E.legalActions(before as CNState, seat)) {
          expect(E.schemas.action.parse(a)).toEqual(a)
          expect(E.describeAction(before as CNState, a).length).toBeGreaterThan(0)
        }
      },
    })
    expect(res.finished).toBe(true)
  })

  it('CN-6.7 a malformed action is refused with ILLEGAL_ACTION', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Boilerworks')], {}, 'bad')
    expect(() => E.apply(s, 0, { type: 'dance' } as never)).toThrowError(
      expect.objectContaining({ code: 'ILLEGAL_ACTION' }),
    )
    expect(() => E.apply(s, 5, { type: 'pass' })).toThrowError(expect.objectContaining({ code: 'NOT_YOUR_DECISION' }))
  })
})

describe('views and events', () => {
  function midGame(seed: string): CNState {
    let s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Boilerworks')], {}, seed)
    for (const seat of [0, 1])
      s = E.apply(
        s,
        seat,
        E.legalActions(s, seat).find(a => a.type === 'place')!,
      ).state
    return s
  }

  it("CN-6.5 a seat never sees the other's hand or armed cards; a spectator sees none", () => {
    const s = midGame('v1')
    const v0 = E.view(s, 0) as any
    const v1 = E.view(s, 1) as any
    const spec = E.view(s, null) as any
    expect(v0.players[0].hand.map((h: any) => h.card)).toEqual(s.players[0]!.hand.map(u => s.cards[u]))
    expect(v0.players[1].hand).toBeUndefined()
    expect(v0.players[1].field).toBeUndefined()
    expect(v0.players[1].handCount).toBe(s.players[1]!.hand.length)
    expect(v1.players[0].hand).toBeUndefined()
    expect(v1.players[1].field).toHaveLength(3)
    for (const p of spec.players) {
      expect(p.hand).toBeUndefined()
      expect(p.field).toBeUndefined()
    }
    expect(JSON.stringify(spec)).not.toContain('"deck":')
  })

  it('no view contains the RNG state or the seed', () => {
    const s = midGame('secret-seed-xyz')
    expect(s.rng.length).toBeGreaterThan(0)
    for (const who of [0, 1, null]) {
      const json = JSON.stringify(E.view(s, who))
      expect(json).not.toContain('secret-seed-xyz')
      expect(json).not.toContain('"rng"')
      for (const n of s.rng) expect(json).not.toContain(String(n))
    }
  })

  it('CN-6.1 drawn cards are secret events for the drawer only', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Boilerworks')], {}, 'ev')
    const { events } = E.apply(s, 0, { type: 'recycle', card: s.players[0]!.hand[0]! })
    const draw = events.find(e => e.type === 'draw')!
    expect(redactEvent(draw, 0).secret).toBeDefined()
    expect(redactEvent(draw, 1).secret).toBeUndefined()
    expect(redactEvent(draw, null).secret).toBeUndefined()
  })

  it('CN-6.5 CN-3.8 CN-5.6 the match log shows other seats what is public of an action, never a recycled or face-down card', () => {
    const pa = E.publicAction!
    expect(pa({ type: 'place', cards: [3, 1, 2] })).toEqual({ type: 'place', count: 3 })
    expect(pa({ type: 'recycle', card: 4 })).toEqual({ type: 'recycle' })
    expect(pa({ type: 'activate', card: 5, turbo: true, burn: false })).toEqual({
      type: 'activate',
      turbo: true,
      burn: false,
    })
    // the cards that pay coal are equipped, so public (CN-5.6); the activated card's number is not
    expect(pa({ type: 'activate', card: 5, turbo: false, burn: true, coal: [9] })).toEqual({
      type: 'activate',
      turbo: false,
      burn: true,
      coal: [9],
    })
    expect(pa({ type: 'use', card: 7 })).toEqual({ type: 'use', card: 7 })
    expect(pa({ type: 'ability' })).toEqual({ type: 'ability' })
    expect(pa({ type: 'pass' })).toEqual({ type: 'pass' })
  })

  it('CN-6.5 CN-1.6 the public part of every event names only cards that are public (chain, activated, equipped, Void)', () => {
    const publicIds = (s: CNState) => {
      const out = new Set<string>(['ability'])
      for (const p of s.players) {
        for (const u of [...p.active, ...p.void]) out.add(s.cards[u]!)
        for (const l of p.lasting) out.add(s.cards[l.uid]!)
      }
      for (const l of s.chain) if (l.uid >= 0) out.add(s.cards[l.uid]!)
      return out
    }
    let checked = 0
    for (const [a, b] of [
      ['Steam and Coal', 'Cipher Control'],
      ['Firewall Fortress', 'Boilerworks'],
    ] as const) {
      randomPlayout(E, [sampleDeck(a), sampleDeck(b)], {}, `pub-${a}`, {
        onStep: ({ after, events }) => {
          const pub = publicIds(after as CNState)
          for (const e of events) {
            if (e.secret !== undefined) expect(e.visibleTo).toBeDefined()
            const { secret: _s, visibleTo: _v, ...open } = e
            for (const m of JSON.stringify(open).matchAll(/"(card|from|to|target)":"([^"]+)"/g)) {
              expect(pub, `${e.type} names ${m[2]}`).toContain(m[2])
              checked++
            }
          }
        },
      })
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('CN-1.6 equipped cards, the chain and both Voids are public', () => {
    const s = midGame('pub')
    const spec = E.view(s, null) as any
    expect(spec.players[0]).toHaveProperty('void')
    expect(spec.players[0]).toHaveProperty('equipped')
    expect(spec).toHaveProperty('chain')
  })
})
