// The engine contract, checked for every production game: sample decks and schemas, determinism, random games that end,
// purity, key order and frozen states.
import { describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { Random, botTuningSchema } from '../../src/kernel/index.ts'
import { randomPlayout, replay } from '../support/playout.ts'

// The engine contract, checked the same way for every production game (each game's own tests check its rules).
const GAMES_PER_ENGINE = 20

/** The same JSON with every object's keys in reverse order, as a JSONB round trip may reorder them. */
function reorderKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorderKeys)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .reverse()
        .map(k => [k, reorderKeys((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}

/**
 * Freezes `value` and everything reachable from it, so that any later write to it throws (modules run in strict mode).
 */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

function findRng(state: unknown): number[] | undefined {
  const rng = (state as { rng?: unknown }).rng
  return Array.isArray(rng) ? (rng as number[]) : undefined
}

describe.each(productionGames.map(g => [g.id, g] as const))('engine contract: %s', (_id, engine) => {
  const samples = engine.sampleDecks()
  const decks = Array.from({ length: engine.seats.min }, (_, i) => samples[i % samples.length]!.deck)
  const options = engine.randomPlayOptions ?? {}

  it('publishes legal sample decks, cards and schemas that parse their own defaults', () => {
    expect(samples.length).toBeGreaterThan(0)
    for (const s of samples) expect(engine.validateDeck(engine.schemas.deck.parse(s.deck)).legal, s.name).toBe(true)
    expect(engine.cards().length).toBeGreaterThan(0)
    expect(() => engine.schemas.options.parse({})).not.toThrow()
  })

  it('gives options for bots alone that its options schema takes, and bot tuning of the contract shape', () => {
    if (engine.randomPlayOptions !== undefined) {
      expect(engine.randomPlayOptions).toBeTypeOf('object')
      expect(() => engine.schemas.options.parse(engine.randomPlayOptions)).not.toThrow()
    }
    if (engine.botTuning !== undefined) expect(botTuningSchema.safeParse(engine.botTuning).error).toBeUndefined()
  })

  it('is deterministic: the same seed and choices give the same states', () => {
    const a = randomPlayout(engine, decks, options, 'contract-det')
    const b = randomPlayout(engine, decks, options, 'contract-det')
    expect(b.state).toEqual(a.state)
    expect(replay(engine, decks, options, 'contract-det', a.log)).toEqual(a.state)
  })

  it(`over ${GAMES_PER_ENGINE} random games: only seats to act have actions, views hide the RNG, every game ends`, () => {
    for (let g = 0; g < GAMES_PER_ENGINE; g++) {
      const r = randomPlayout(engine, decks, options, `contract-${g}`, {
        onStep: ({ before, after, seat }) => {
          expect(engine.status(before).toAct).toContain(seat)
          const rng = findRng(after)
          const st = engine.status(after)
          for (let s = 0; s < decks.length; s++) {
            if (!st.toAct.includes(s)) expect(engine.legalActions(after, s)).toEqual([])
          }
          for (const viewer of [null, ...decks.keys()]) {
            const text = JSON.stringify(engine.view(after, viewer))
            expect(text).not.toContain('"rng"')
            if (rng && rng.length >= 2) expect(text).not.toContain(`${rng[0]},${rng[1]},${rng[2]}`)
          }
        },
      })
      expect(r.finished).toBe(true)
    }
  })

  it('a turn number, when the engine gives one, never goes back', () => {
    for (let g = 0; g < 5; g++) {
      randomPlayout(engine, decks, options, `contract-turn-${g}`, {
        onStep: ({ before, after }) => {
          const was = engine.status(before)
          const now = engine.status(after)
          if (was.turn === undefined || now.finished) return
          // A seat may decide again across a turn's end (Marvel Dice Throne's Upkeep window asks the player whose turn
          // just ended): its PER_TURN time is then that of the new turn, so only the order of turns is a contract.
          expect(now.turn).toBeGreaterThanOrEqual(was.turn)
        },
      })
    }
  })

  it('an action taken from one state and applied again to that same state gives the same result (purity)', () => {
    const pick = Random.fromSeed('purity')
    let state = engine.setup(decks, engine.schemas.options.parse(options), 'purity')
    for (let i = 0; i < 200 && !engine.status(state).finished; i++) {
      const seat = pick.pick(engine.status(state).toAct)
      const action = pick.pick(engine.legalActions(state, seat))
      const snapshot = JSON.stringify(state)
      const first = engine.apply(state, seat, action)
      expect(JSON.stringify(state)).toBe(snapshot)
      const second = engine.apply(state, seat, action)
      expect(second).toEqual(first)
      state = first.state
    }
  })

  it('does not depend on the key order of its state (Postgres JSONB stores keys in its own order)', () => {
    const pick = Random.fromSeed('key-order')
    let state = engine.setup(decks, engine.schemas.options.parse(options), 'key-order')
    for (let i = 0; i < 300 && !engine.status(state).finished; i++) {
      const stored = reorderKeys(JSON.parse(JSON.stringify(state)))
      expect(engine.status(stored)).toEqual(engine.status(state))
      const seat = pick.pick(engine.status(state).toAct)
      const legal = engine.legalActions(state, seat)
      expect(engine.legalActions(stored, seat)).toEqual(legal)
      const action = pick.pick(legal)
      const next = engine.apply(state, seat, action)
      expect(engine.apply(stored, seat, action)).toEqual(next)
      state = next.state
    }
  })

  it('never writes to a state it was given or returned (deep-frozen states), and answers as for a fresh copy', () => {
    for (let g = 0; g < 3; g++) {
      const pick = Random.fromSeed(`frozen-${g}`)
      let state = deepFreeze(engine.setup(decks, engine.schemas.options.parse(options), `frozen-${g}`))
      for (let i = 0; i < 400 && !engine.status(state).finished; i++) {
        const copy = structuredClone(state)
        const seat = pick.pick(engine.status(state).toAct)
        const legal = engine.legalActions(state, seat)
        // listed twice (a memo) and for an equal state that is another object: the same list
        expect(engine.legalActions(state, seat)).toEqual(legal)
        expect(engine.legalActions(copy, seat)).toEqual(legal)
        const action = pick.pick(legal)
        const next = engine.apply(state, seat, action)
        // the submitted object itself, or an equal one built by the client: the same result
        expect(engine.apply(copy, seat, structuredClone(action))).toEqual(next)
        state = deepFreeze(next.state)
      }
    }
  })
})
