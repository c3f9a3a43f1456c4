// Response windows that leak nothing (issue 10): who is asked depends only on what the rival sees; auto-pass is opt-in.
import { describe, expect, it } from 'vitest'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import {
  act,
  attack,
  attackOf,
  blank,
  copy,
  E,
  EBP,
  eddies,
  gear,
  gigs,
  gigsOf,
  give,
  handOf,
  HEIST,
  pick,
  promptOf,
  unit,
} from './helpers.ts'

/** Seat 0 attacks seat 1's Gig area; seat 1 holds `card` and has `eddie` ready Eddies. */
function raid(card: string | null, eddie = 1, auto = false): { before: State; after: State } {
  const s = blank()
  const u = unit(s, 0, 'psycho-squad')
  gigs(s, 1, [[6, 3]])
  if (card) give(s, 1, card)
  eddies(s, 1, eddie)
  s.players[1]!.called = true // no Call a Legend left this turn (CP-8.32): the Eddie can only pay for a card from hand
  if (auto) s.auto = [1]
  return { before: s, after: attack(s, u, 'gigs').s }
}

/** Seat 0 attacks seat 1's Gig area while seat 1 has Alt Cunningham: Mother of Daemons in play and holds `hand`. */
function daemons(hand: string[], value = 5, auto = false): State {
  const s = blank()
  const u = unit(s, 0, 'psycho-squad')
  gigs(s, 1, [[8, value]])
  unit(s, 1, 'alt-cunningham-mother-of-daemons')
  for (const id of hand) give(s, 1, id)
  if (auto) s.auto = [1]
  return attack(s, u, 'gigs').s
}

describe('cyberpunk-tcg response windows (issue 10)', () => {
  it('CP-9.23 CP-9.28 a defender with a card in hand and 1 €$ is asked in the React Step whatever the card is; without a QUICK Program it may only end the step', () => {
    const plain = raid('psycho-squad').after
    const quick = raid('floor-it').after
    for (const r of [plain, quick]) {
      expect(E.status(r).toAct).toEqual([1])
      expect(attackOf(r)!.step).toBe('react')
    }
    expect(E.legalActions(plain, 1)).toEqual([{ type: 'endReactions' }])
    expect(E.legalActions(quick, 1)).toContainEqual({ type: 'play', card: 'floor-it', pay: [] })
    // the attacker cannot tell the two apart
    expect(E.view(plain, 0)).toEqual(E.view(quick, 0))
  })

  it('CP-9.23 a defender with no card in hand, or no €$ for the cheapest QUICK Program, is not asked (its rival sees that)', () => {
    for (const r of [raid(null).after, raid('floor-it', 0).after]) {
      expect(attackOf(r)).toBeNull()
      expect(gigsOf(r, 0)).toHaveLength(1)
    }
  })

  it('CP-9.23 with auto-pass on, the defender is asked only when it holds a real answer, and no event tells that a pass was automatic', () => {
    const { before, after } = raid('psycho-squad', 1, true)
    expect(attackOf(after)).toBeNull()
    expect(gigsOf(after, 0)).toHaveLength(1)
    const skipped = act(before, 0, { type: 'attack', unit: before.players[0]!.field[0]!.uid, target: 'gigs' }).ev
    expect(skipped.map(e => e.type)).not.toContain('autoPass')
    expect(JSON.stringify(skipped)).not.toMatch(/auto/i)
    const asked = raid('floor-it', 1, true).after
    expect(E.status(asked).toAct).toEqual([1])
    expect(E.legalActions(asked, 1)).toContainEqual({ type: 'play', card: 'floor-it', pay: [] })
  })

  it('CR 9.23.4 Mother of Daemons: the defender with a card in hand is asked about a Gig any card may cost, whatever it holds; only "none" without a card of that cost', () => {
    const none = daemons(['psycho-squad'])
    const some = daemons(['chrome-fang']) // cost 5
    expect(promptOf(none)).toMatchObject({ seat: 1, kind: 'prevent', options: ['none'] })
    expect(promptOf(some)).toMatchObject({ seat: 1, kind: 'prevent', options: ['chrome-fang', 'none'] })
    expect(E.view(none, 0)).toEqual(E.view(some, 0))
    expect(gigsOf(pick(none, 'none').s, 0)).toHaveLength(1)
  })

  it('CR 9.23.4 Mother of Daemons: no prompt with an empty hand, for a value no card costs, or with auto-pass on and no card of that cost', () => {
    expect(promptOf(daemons([]))).toBeNull()
    expect(promptOf(daemons(['psycho-squad'], 19))).toBeNull()
    expect(promptOf(daemons(['psycho-squad'], 5, true))).toBeNull()
    expect(promptOf(daemons(['chrome-fang'], 5, true))).toMatchObject({ seat: 1, options: ['chrome-fang', 'none'] })
  })

  it('CP-12.17 issue 10: a rival made to discard from a hand of 2+ cards is asked even when they are all the same card', () => {
    const hands = [
      ['psycho-squad', 'psycho-squad'],
      ['psycho-squad', 'floor-it'],
    ].map(hand => {
      const s = blank()
      const g = unit(s, 0, 'maelstrom-goons') // "when it steals a Gig while equipped, the rival discards 1"
      gear(s, g, 'mantis-blades')
      gigs(s, 1, [[6, 2]])
      for (const id of hand) give(s, 1, id)
      return attack(s, g, 'gigs').s
    })
    for (const r of hands) expect(promptOf(r)).toMatchObject({ seat: 1, label: 'discard a card' })
    expect(promptOf(hands[0]!)!.options).toEqual(['psycho-squad'])
    expect(E.view(hands[0]!, 0)).toEqual(E.view(hands[1]!, 0))
    expect(handOf(pick(hands[0]!, 'psycho-squad').s, 1)).toHaveLength(1)
  })

  it("issue 10: setAutoPass is listed in the seat's open Main Phase once per turn; only the seat learns the value", () => {
    const s = blank()
    expect(E.legalActions(s, 0)).toContainEqual({ type: 'setAutoPass', on: true })
    const r = act(s, 0, { type: 'setAutoPass', on: true })
    expect(r.s.auto).toEqual([0])
    expect(r.ev).toEqual([{ type: 'autoPass', seat: 0, visibleTo: [0], secret: { on: true } }])
    expect(E.legalActions(r.s, 0).some(a => a.type === 'setAutoPass')).toBe(false) // once this turn
    expect((E.view(r.s, 0) as { players: { autoPass?: boolean }[] }).players[0]!.autoPass).toBe(true)
    expect((E.view(r.s, 1) as { players: { autoPass?: boolean }[] }).players[0]!.autoPass).toBeUndefined()
    expect(E.describeAction(s, { type: 'setAutoPass', on: true }, { names: ['Ann', 'Bob'], viewer: 1 })).toBe(
      'Change a timing setting',
    )
    expect(E.publicAction!({ type: 'setAutoPass', on: true })).toEqual({ type: 'setAutoPass' })
    const next = copy(r.s)
    next.turn++
    expect(E.legalActions(next, 0)).toContainEqual({ type: 'setAutoPass', on: false })
    // and before the game, with the mulligan decision
    let m = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'auto-mull')
    m = E.apply(m, m.chooser, { type: 'goFirst', first: true }).state
    expect(E.legalActions(m, m.first)).toContainEqual({ type: 'setAutoPass', on: true })
  })
})
