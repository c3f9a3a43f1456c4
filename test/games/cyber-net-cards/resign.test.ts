// Resignation (Decision 25): a seat gives up at any time before the end, whoever is to act, and the other seat wins.
import { describe, expect, it } from 'vitest'
import { RuleViolation } from '../../../src/kernel/index.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { act, activate, E, sampleDeck, scenario } from './helpers.ts'

function resignsCleanly(state: CNState, seat: number) {
  const before = JSON.stringify(state)
  const out = E.resign!(state, seat)
  expect(JSON.stringify(state)).toBe(before)
  expect(E.status(out.state)).toEqual({
    toAct: [],
    finished: true,
    winners: [1 - seat],
    reason: `Seat ${seat + 1} resigned`,
  })
  expect(E.legalActions(out.state, 0)).toEqual([])
  expect(E.legalActions(out.state, 1)).toEqual([])
  expect(out.events).toEqual([
    { type: 'resigned', seat },
    { type: 'matchOver', winners: [1 - seat], reason: `Seat ${seat + 1} resigned` },
  ])
  return out
}

describe('resign', () => {
  it('CN-1.8 in Preparation, while both seats are to act, either may resign and the other wins', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'resign-prep')
    expect(E.status(s).toAct).toEqual([0, 1])
    resignsCleanly(s, 0)
    resignsCleanly(s, 1)
  })

  it('CN-8.2 in the Action stage and with a chain open, the seat that is not to act may resign too', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, { field: ['counter-hack'], mana: 2 }] })
    resignsCleanly(state, 1)
    const chained = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(E.status(chained).toAct).toEqual([1])
    resignsCleanly(chained, 0)
    const out = resignsCleanly(chained, 1)
    // the open chain does not resolve after the resignation
    expect(out.state.players[1]!.life).toBe(30)
  })

  it('CN-5.3 while a coal tie waits for its player, the match ends at once and the tie is dropped', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['stoke-the-fire', 'sandbox'],
          mana: 1,
          equipped: [{ card: 'nano-vest' }, { card: 'data-glove' }],
        },
        { field: ['sandbox'] },
      ],
    })
    const tied = act(state, 0, activate(uid(0, 'stoke-the-fire'))).state
    expect(tied.pending).toBeDefined()
    const out = resignsCleanly(tied, 1)
    expect(out.state.pending).toBeUndefined()
  })

  it('CN-1.8 a finished match cannot be resigned; the transcript line names the seat', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'resign-end')
    const over = E.resign!(s, 0).state
    expect(() => E.resign!(over, 1)).toThrow(RuleViolation)
    const [resigned, end] = E.resign!(s, 1).events
    const ctx = { names: ['Ann', 'Bob'], viewer: null }
    expect(E.describeEvent!(resigned!, ctx)).toBe('Bob resigns')
    expect(E.describeEvent!(end!, ctx)).toBe('Ann wins: Bob resigned')
  })
})
