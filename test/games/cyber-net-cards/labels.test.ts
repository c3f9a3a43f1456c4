// Labels for people: actions and events in words, with printed names and seat names, never a card the reader cannot
// see.
import { describe, expect, it } from 'vitest'
import { redactEvent } from '../../../src/kernel/index.ts'
import { CARDS } from '../../../src/games/cyber-net-cards/data.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { randomPlayout } from '../../support/playout.ts'
import { act, activate, activateOn, E, PASS, sampleDeck, scenario } from './helpers.ts'

const names = ['Ann', 'Bob']
const as = (viewer: number | null) => ({ names, viewer })

describe('action labels', () => {
  it('CN-3.8 CN-6.5 a recycled or placed card is named for its own seat only; others and spectators read a count, with the seat name', () => {
    const { state, uid } = scenario({
      phase: 'prep',
      seats: [
        { hand: ['data-spike', 'ping', 'worm', 'sandbox'], placed: false },
        { hand: ['sandbox', 'ping', 'worm', 'rollback'], placed: false },
      ],
    })
    const recycle = { type: 'recycle' as const, card: uid(1, 'rollback', 'hand') }
    expect(E.describeAction(state, recycle, as(1))).toBe('Recycle Rollback (under the deck, draw 1)')
    expect(E.describeAction(state, recycle)).toBe('Recycle Rollback (under the deck, draw 1)')
    expect(E.describeAction(state, recycle, as(0))).toBe('Bob recycles a card (under the deck, draws 1)')
    expect(E.describeAction(state, recycle, as(null))).toBe('Bob recycles a card (under the deck, draws 1)')
    const place = {
      type: 'place' as const,
      cards: [uid(0, 'data-spike', 'hand'), uid(0, 'ping', 'hand'), uid(0, 'sandbox', 'hand')],
    }
    expect(E.describeAction(state, place, as(0))).toBe('Place Data Spike, Ping and Sandbox face down')
    expect(E.describeAction(state, place, as(1))).toBe('Ann places 3 cards face down')
    expect(E.describeAction(state, place, { names: [], viewer: null })).toBe('Seat 1 places 3 cards face down')
  })

  it('CN-3.6 CN-3.7 CN-5.5 an activation says its cost in mana and coal, Turbo and Burn; it is public, so every reader gets the card', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          mana: 6,
          field: ['overclocked-strike', 'boiler-punch', 'worm'],
          equipped: [{ card: 'coal-furnace', coal: 2 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const strike = uid(0, 'overclocked-strike')
    expect(E.describeAction(state, activate(uid(0, 'worm')), as(0))).toBe('Activate Worm on Bob (1 mana)')
    expect(E.describeAction(state, activate(strike), as(0))).toBe('Activate Overclocked Strike (1 mana)')
    expect(E.describeAction(state, activate(strike, true), as(0))).toBe(
      'Activate Overclocked Strike with Turbo 2 (3 mana)',
    )
    expect(E.describeAction(state, activate(uid(0, 'boiler-punch'), false, true), as(1))).toBe(
      'Ann activates Boiler Punch with Burn 1 (2 mana, 1 coal from Coal Furnace)',
    )
  })

  it('CN-8.6 CN-9.3 a target is named with its owner; an answer names the link it answers', () => {
    const { state, uid } = scenario({
      seats: [
        { mana: 5, field: ['emp-pulse', 'data-spike'], equipped: [{ card: 'worm', owner: 1 }] },
        { field: ['counter-hack'], mana: 2, equipped: [{ card: 'nano-vest' }] },
      ],
    })
    const worm = uid(0, 'worm', 'lasting')
    expect(E.describeAction(state, activateOn(uid(0, 'emp-pulse'), worm), as(0))).toBe(
      "Activate EMP Pulse targeting Bob's Worm (3 mana)",
    )
    const chained = act(state, 0, activate(uid(0, 'data-spike'))).state
    const answer = activate(uid(1, 'counter-hack'))
    expect(E.describeAction(chained, answer, as(1))).toBe("Answer Ann's Data Spike with Counter-Hack (2 mana)")
    expect(E.describeAction(chained, answer, as(0))).toBe("Bob answers Ann's Data Spike with Counter-Hack (2 mana)")
    expect(E.describeAction(chained, PASS, as(0))).toBe('Bob lets the chain resolve (no answer)')
    expect(E.describeAction(state, PASS, as(1))).toBe('Ann passes')
  })

  it("CN-5.10 CN-4.1 a Use says its cost; the avatar's ability says its name, cost and text", () => {
    const { state, uid } = scenario({
      seats: [{ mana: 3, field: ['sandbox'], equipped: [{ card: 'boiler-heart', coal: 1 }] }, {}],
    })
    expect(E.describeAction(state, { type: 'use', card: uid(0, 'boiler-heart', 'lasting') }, as(0))).toBe(
      'Use Boiler Heart (1 mana, 1 coal from it)',
    )
    expect(E.describeAction(state, { type: 'ability' }, as(1))).toBe(
      "Ann uses Scan, Sentinel Ada's Unique Ability (1 mana): Draw 1 card.",
    )
  })

  it('CN-6.5 labels of random games: no ids or JSON, the seat name for other readers, and a hidden card never named to them', () => {
    const ids = CARDS.filter(c => c.id.includes('-')).map(c => c.id)
    const decks = E.sampleDecks()
    decks.forEach((a, i) => {
      const b = decks[(i + 1) % decks.length]!
      randomPlayout(E, [a.deck, b.deck], {}, `labels-${i}`, {
        maxSteps: 300,
        onStep: ({ before, seat, action }) => {
          const s = before as CNState
          const hidden = [...s.players[seat]!.hand, ...s.players[seat]!.field].map(
            u => CARDS.find(c => c.id === s.cards[u])!.name,
          )
          for (const viewer of [0, 1, null]) {
            const label = E.describeAction(s, action as never, as(viewer))
            expect(label).not.toMatch(/[{}"]/)
            for (const id of ids) expect(label).not.toContain(id)
            if (viewer === seat) continue
            expect(label.startsWith(names[seat]!)).toBe(true)
            if (action.type === 'recycle' || action.type === 'place')
              for (const n of hidden) expect(label).not.toContain(n)
          }
        },
      })
    })
  })
})

describe('event lines', () => {
  it('CN-6.1 a draw names the cards only in the form its drawer gets; the other reads a count', () => {
    const e = { type: 'draw', seat: 0, count: 2, visibleTo: [0], secret: { cards: ['data-spike', 'zero-day-exploit'] } }
    expect(E.describeEvent!(redactEvent(e, 0), as(0))).toBe('Ann draws Data Spike and Zero-Day Exploit')
    expect(E.describeEvent!(redactEvent(e, 1), as(1))).toBe('Ann draws 2 cards')
    expect(E.describeEvent!(redactEvent(e, null), as(null))).toBe('Ann draws 2 cards')
    const none = { type: 'placed', seat: 1, count: 0, auto: true, visibleTo: [1], secret: { cards: [] } }
    expect(E.describeEvent!(redactEvent(none, 1), as(1))).toBe('Bob has no card to place')
  })

  it('CN-6.13 CN-1.8 the Climax and the end name both seats; the reason uses seat names', () => {
    const climax = { type: 'climax', atk: [9, 6], def: [2, 5], loss: [4, 4], life: [31, 0] }
    expect(E.describeEvent!(climax, as(null))).toBe(
      'Climax: Ann (ATK 9, DEF 2) loses 4 life (31 left), Bob (ATK 6, DEF 5) loses 4 (0 left)',
    )
    expect(E.describeEvent!({ type: 'matchOver', winners: [0], reason: "Seat 2's avatar reached 0 life" }, as(1))).toBe(
      "Ann wins: Bob's avatar reached 0 life",
    )
    expect(
      E.describeEvent!({ type: 'matchOver', winners: [], reason: 'both avatars reached 0 life (draw)' }, as(1)),
    ).toBe('Draw: both avatars reached 0 life (draw)')
  })

  it('CN-1.6 every event of random games between all sample decks reads as one line without ids, for each reader', () => {
    const ids = CARDS.filter(c => c.id.includes('-')).map(c => c.id)
    const decks = E.sampleDecks()
    const lines = new Set<string>()
    decks.forEach((a, i) => {
      randomPlayout(E, [a.deck, decks[(i + 3) % decks.length]!.deck], {}, `events-${i}`, {
        onStep: ({ events }) => {
          for (const viewer of [0, 1, null]) {
            for (const e of events) {
              const line = E.describeEvent!(redactEvent(e, viewer), as(viewer))
              expect(line).not.toBeNull()
              expect(line).not.toMatch(/[{}"\n]|undefined/)
              for (const id of ids) expect(line).not.toContain(id)
              lines.add(line!)
            }
          }
        },
      })
    })
    expect([...lines].some(l => l.startsWith('Climax: Ann'))).toBe(true)
  })

  it('CN-6.5 a placement reads for the other seat as a count of face-down cards', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Boilerworks')], {}, 'lines')
    const out = E.apply(s, 0, E.legalActions(s, 0).at(-1)!)
    expect(out.events.map(e => E.describeEvent!(redactEvent(e, 1), as(1)))).toEqual(['Ann places 3 cards face down'])
  })
})
