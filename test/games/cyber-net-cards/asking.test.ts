// Cyber Net Cards: who is asked to answer depends only on what the other seat sees; auto-pass is the seat's choice.
/**
 * Who is asked to decide (Decision 10): only what the opponent sees decides it, unless the seat opted in to auto-pass.
 */
import { describe, expect, it } from 'vitest'
import { expectRejected } from '../../support/playout.ts'
import type { GameEvent } from '../../../src/kernel/index.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { AUTO_OFF, AUTO_ON, E, PASS, act, activate, sampleDeck, scenario } from './helpers.ts'

const types = (events: { type: string }[]) => events.map(e => e.type)
/** The events as `seat` gets them (secret parts only for the seats they are for). */
const seen = (events: GameEvent[], seat: number) =>
  events.map(e =>
    e.visibleTo === undefined || e.visibleTo.includes(seat) ? e : (({ secret: _s, ...rest }) => rest)(e),
  )

/** Seat 0 opens a chain with Data Spike; seat 1 (auto-pass off) holds `field` face down. */
function answering(field: string[], seat1: Record<string, unknown> = {}) {
  const sc = scenario({ seats: [{ field: ['data-spike', 'sandbox'] }, { field, autoPass: false, ...seat1 }] })
  return { ...act(sc.state, 0, activate(sc.uid(0, 'data-spike'))), uid: sc.uid }
}

describe('Decision 10: who is asked leaks nothing', () => {
  it('CN-8.2 CN-8.4 a seat with an armed card is asked to answer whether or not it holds an Ability: the opener sees the same, and without an answer the list is only pass', () => {
    const none = answering(['sandbox'])
    const some = answering(['ping'])
    for (const x of [none, some]) expect(E.status(x.state).toAct).toEqual([1])
    expect(E.view(none.state, 0)).toEqual(E.view(some.state, 0))
    expect(seen(none.events, 0)).toEqual(seen(some.events, 0))
    expect(E.legalActions(none.state, 1)).toEqual([PASS, AUTO_ON])
    expect(E.legalActions(some.state, 1)).toEqual([activate(some.uid(1, 'ping')), PASS, AUTO_ON])
    // passing gives the same events either way
    expect(act(none.state, 1, PASS).events).toEqual(act(some.state, 1, PASS).events)
  })

  it('CN-8.4 a seat the opponent can see has no answer (no armed card, ability used, no Use) is passed for, with the same events as a pass it makes', () => {
    const bare = answering([], { abilityUsed: true, mana: 4 })
    expect(bare.state.chain).toEqual([])
    const asked = answering(['sandbox'])
    const passed = act(asked.state, 1, PASS)
    // the chain resolves as after a pass it makes; then its turn (CN-8.7) is passed for it as well
    expect(types(bare.events)).toEqual(['activated', ...types(passed.events), 'pass'])
    expect(bare.events.find(e => e.type === 'noAnswer')).toEqual(passed.events.find(e => e.type === 'noAnswer'))
    expect(bare.events.at(-1)).toEqual({ type: 'pass', seat: 1 })
    expect(E.status(bare.state).toAct).toEqual([0])
    // an ability it can pay for is public, so it is asked then
    expect(E.status(answering([], { mana: 4 }).state).toAct).toEqual([1])
    expect(E.legalActions(answering([], { mana: 4 }).state, 1)).toEqual([{ type: 'ability' }, PASS, AUTO_ON])
  })

  it('CN-6.10 on its turn a seat with armed cards it cannot pay for is asked (pass only); the Climax comes from two passes, and at once only when no one has an armed card', () => {
    const { state } = scenario({
      seats: [
        { field: ['brute-force'], autoPass: false },
        { field: ['brute-force'], autoPass: false },
      ],
    })
    expect(E.legalActions(state, 0)).toEqual([PASS, AUTO_ON])
    let out = act(state, 0, PASS)
    expect(types(out.events)).toEqual(['pass'])
    expect(E.legalActions(out.state, 1)).toEqual([PASS, AUTO_ON])
    out = act(out.state, 1, PASS)
    expect(types(out.events)).toContain('climax')
    expect(types(out.events)).not.toContain('noCardsLeft')
    // the last armed card played with the other side empty: nobody has a card to activate, the Climax starts
    const last = scenario({ seats: [{ field: ['data-spike'], autoPass: false }, { autoPass: false }] })
    const end = act(last.state, 0, activate(last.uid(0, 'data-spike')))
    expect(types(end.events)).toEqual(expect.arrayContaining(['noAnswer', 'noCardsLeft', 'climax']))
  })

  it('CN-6.10 [003] L 33 auto-pass never changes the rules: an armed card the seat cannot pay for is still a card to activate, so the Climax comes from two passes with auto-pass on as with it off', () => {
    // seat 1 opens a chain with its last armed card; seat 0 holds Brute Force face down with no mana to pay for it
    const build = (autoPass: boolean) =>
      scenario({
        turn: 1,
        seats: [
          { field: ['brute-force'], autoPass },
          { field: ['data-spike'], autoPass: false },
        ],
      })
    const on = build(true)
    const auto = act(on.state, 1, activate(on.uid(1, 'data-spike')))
    const off = build(false)
    const opened = act(off.state, 1, activate(off.uid(1, 'data-spike')))
    // with auto-pass off seat 0 is asked (pass only) to answer the chain, then on its turn after it
    expect(E.legalActions(opened.state, 0)).toEqual([PASS, AUTO_ON])
    const answered = act(opened.state, 0, PASS)
    expect(E.legalActions(answered.state, 0)).toEqual([PASS, AUTO_ON])
    const passed = act(answered.state, 0, PASS)
    // the same steps either way: no answer, seat 0 passes (or is passed for), then seat 1, then the Climax
    expect(types(auto.events)).not.toContain('noCardsLeft')
    expect(types(passed.events).slice(0, 3)).toEqual(['pass', 'pass', 'climax'])
    expect(auto.events).toEqual([...opened.events, ...answered.events, ...passed.events])
    expect({ ...auto.state, players: auto.state.players.map(({ autoPass: _a, ...p }) => p) }).toEqual({
      ...passed.state,
      players: passed.state.players.map(({ autoPass: _a, ...p }) => p),
    })
  })

  it('CN-6.7 CN-8.4 no pass or answer event ever says it was made for the seat', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Cipher Control')], {}, 'auto-words')
    const events: GameEvent[] = []
    let st: CNState = s
    for (let i = 0; i < 400 && !E.status(st).finished; i++) {
      const seat = E.status(st).toAct[0]!
      const list = E.legalActions(st, seat)
      const out = act(st, seat, list.find(a => a.type === 'place' || a.type === 'pass') ?? list[0]!)
      events.push(...out.events)
      st = out.state
    }
    const passes = events.filter(e => e.type === 'pass' || e.type === 'noAnswer')
    expect(passes.length).toBeGreaterThan(10)
    for (const e of passes) expect(Object.keys(e).sort()).toEqual(['seat', 'type'])
  })
})

describe('Decision 10: auto-pass, a seat’s own choice', () => {
  it('CN-8.4 a seat that turns auto-pass on is no longer asked when it has no real answer: the chain resolves at once', () => {
    const x = answering(['sandbox'])
    const on = act(x.state, 1, AUTO_ON)
    expect(types(on.events)).toEqual(['autoPass', 'noAnswer', 'damage', 'resolved'])
    expect(on.state.players[1]!.autoPass).toBe(true)
    // its turn now (CN-8.7): Sandbox is a real choice, so it is asked, and may turn auto-pass off again
    expect(E.legalActions(on.state, 1)).toEqual([activate(x.uid(1, 'sandbox')), PASS, AUTO_OFF])
    const off = act(on.state, 1, AUTO_OFF)
    expect(off.state.players[1]!.autoPass).toBeUndefined()
    expect(E.status(off.state).toAct).toEqual([1])
  })

  it('CN-6.7 auto-pass changes once per decision, and only in the Action stage, so random play cannot loop on it', () => {
    const x = answering(['ping'])
    const on = act(x.state, 1, AUTO_ON).state
    expect(E.status(on).toAct).toEqual([1]) // Ping is a real answer: still asked
    expect(E.legalActions(on, 1)).toEqual([activate(x.uid(1, 'ping')), PASS])
    expect(expectRejected(E, on, 1, AUTO_OFF).rule).toBe('CN-6.7')
    // the next decision lists it again
    const next = act(on, 1, PASS).state
    expect(E.legalActions(next, 1).at(-1)).toEqual(AUTO_OFF)
    // not in Preparation
    const prep = E.setup([sampleDeck('Neon Assault'), sampleDeck('Cipher Control')], {}, 'auto-prep')
    expect(E.legalActions(prep, 0).some(a => a.type === 'setAutoPass')).toBe(false)
    expect(expectRejected(E, prep, 0, AUTO_ON).rule).toBe('CN-6.7')
  })

  it('CN-1.6 the setting is public: both views and the match log show it', () => {
    const on = act(answering(['ping']).state, 1, AUTO_ON).state
    for (const viewer of [0, 1, null])
      expect((E.view(on, viewer) as any).players.map((p: any) => p.autoPass)).toEqual([true, true])
    expect(E.publicAction!(AUTO_ON)).toEqual(AUTO_ON)
    expect(E.describeAction(on, AUTO_OFF, { names: ['Ann', 'Bob'], viewer: 0 })).toBe('Bob turns auto-pass off')
  })
})
