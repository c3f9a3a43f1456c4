// The engine contract's parts for bots and people, checked the same way for every production game:
// view/event schemas, resign, determinize, evaluate, and labels that never name an unseen card.
import { describe, expect, it } from 'vitest'
import { isDeepStrictEqual } from 'node:util'
import { productionGames } from '../../src/games/index.ts'
import { Random, redactEvent, type AnyEngine } from '../../src/kernel/index.ts'
import { randomPlayout } from '../support/playout.ts'

const GAMES = 12

function setupFor(engine: AnyEngine) {
  const samples = engine.sampleDecks()
  const decks = Array.from({ length: engine.seats.min }, (_, i) => samples[i % samples.length]!.deck)
  return { decks, options: engine.randomPlayOptions ?? {} }
}

function names(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `Player${i + 1}`)
}

describe.each(productionGames.map(g => [g.id, g] as const))('engine contract for bots: %s', (_id, engine) => {
  const { decks, options } = setupFor(engine)
  const viewers = [null, ...decks.keys()]

  it('every view and every redacted event of random games matches the published view and event schemas', () => {
    for (let g = 0; g < GAMES; g++) {
      randomPlayout(engine, decks, options, `schema-${g}`, {
        onStep: ({ after, events }) => {
          for (const viewer of viewers) {
            const v = engine.schemas.view.safeParse(engine.view(after, viewer))
            expect(v.success, v.success ? '' : JSON.stringify(v.error.issues.slice(0, 3))).toBe(true)
            for (const e of events) {
              const r = engine.schemas.event.safeParse(redactEvent(e, viewer))
              expect(r.success, r.success ? '' : `${e.type}: ${JSON.stringify(r.error.issues.slice(0, 3))}`).toBe(true)
            }
          }
        },
      })
    }
  })

  it('deck, action and option schemas reject unknown fields', () => {
    expect(engine.schemas.options.safeParse({ notAnOption: true }).success).toBe(false)
    expect(engine.schemas.deck.safeParse({ ...(engine.sampleDecks()[0]!.deck as object), sideboard: [] }).success).toBe(
      false,
    )
    const state = engine.setup(decks, engine.schemas.options.parse(options), 'strict')
    const seat = engine.status(state).toAct[0]!
    const action = engine.legalActions(state, seat)[0]!
    expect(engine.schemas.action.safeParse(action).success).toBe(true)
    expect(engine.schemas.action.safeParse({ ...action, notAField: 1 }).success).toBe(false)
  })

  it('resign at random points ends the game for the resigning seat or eliminates it, whoever is to act', () => {
    for (let g = 0; g < GAMES; g++) {
      const pick = Random.fromSeed(`resign-${g}`)
      const stopAt = pick.int(0, 60)
      let state = engine.setup(decks, engine.schemas.options.parse(options), `resign-${g}`)
      for (let i = 0; i < stopAt && !engine.status(state).finished; i++) {
        const seat = pick.pick(engine.status(state).toAct)
        state = engine.apply(state, seat, pick.pick(engine.legalActions(state, seat))).state
      }
      if (engine.status(state).finished) continue
      const loser = pick.int(0, decks.length - 1)
      const before = JSON.stringify(state)
      const out = engine.resign(state, loser)
      expect(JSON.stringify(state)).toBe(before)
      const st = engine.status(out.state)
      if (decks.length === 2) {
        expect(st.finished).toBe(true)
        expect(st.winners).toEqual([1 - loser])
      } else if (st.finished) {
        expect(st.winners ?? []).not.toContain(loser)
      }
      expect(engine.legalActions(out.state, loser)).toEqual([])
    }
  })

  it('determinize keeps everything the seat sees and re-samples the rest', () => {
    expect(engine.determinize, 'determinize').toBeDefined()
    let differed = 0
    let checked = 0
    for (let g = 0; g < GAMES; g++) {
      const pick = Random.fromSeed(`det-${g}`)
      randomPlayout(engine, decks, options, `det-${g}`, {
        maxSteps: 400,
        onStep: ({ after }) => {
          if (engine.status(after).finished || pick.int(0, 9) !== 0) return
          for (const seat of decks.keys()) {
            const d = engine.determinize!(after, seat, Random.fromSeed(`d-${g}-${checked}`))
            expect(engine.view(d, seat)).toEqual(engine.view(after, seat))
            expect(engine.status(d).toAct).toEqual(engine.status(after).toAct)
            checked++
            if (!isDeepStrictEqual(d, after)) differed++
          }
        },
      })
    }
    expect(checked).toBeGreaterThan(20)
    // Hidden decks and hands exist in every game, so most samples differ from the real state.
    expect(differed).toBeGreaterThan(checked / 2)
  })

  it('a determinized state plays on: its legal actions apply and it reaches an end', () => {
    const pick = Random.fromSeed('det-play')
    let state = engine.setup(decks, engine.schemas.options.parse(options), 'det-play')
    for (let i = 0; i < 30; i++) {
      const seat = pick.pick(engine.status(state).toAct)
      state = engine.apply(state, seat, pick.pick(engine.legalActions(state, seat))).state
    }
    let d = engine.determinize!(state, 0, Random.fromSeed('x'))
    for (let i = 0; i < 20_000 && !engine.status(d).finished; i++) {
      const seat = pick.pick(engine.status(d).toAct)
      d = engine.apply(d, seat, pick.pick(engine.legalActions(d, seat))).state
    }
    expect(engine.status(d).finished).toBe(true)
  })

  it('evaluate is a number in [0, 1] and 1 for a winner', () => {
    expect(engine.evaluate, 'evaluate').toBeDefined()
    const r = randomPlayout(engine, decks, options, 'eval', {
      onStep: ({ after }) => {
        for (const seat of decks.keys()) {
          const v = engine.evaluate!(after, seat)
          expect(v).toBeGreaterThanOrEqual(0)
          expect(v).toBeLessThanOrEqual(1)
        }
      },
    })
    const st = engine.status(r.state)
    for (const w of st.winners ?? []) expect(engine.evaluate!(r.state, w)).toBe(1)
  })

  it('labels name seats by name, use no raw ids, and never name a card the viewer cannot see', () => {
    const n = names(decks.length)
    for (let g = 0; g < 4; g++) {
      randomPlayout(engine, decks, options, `label-${g}`, {
        maxSteps: 600,
        onStep: ({ before, seat, action }) => {
          const own = engine.describeAction(before, action, { names: n, viewer: seat })
          expect(own.length).toBeGreaterThan(0)
          expect(own).not.toMatch(/\{|\}|"/)
          for (const viewer of viewers) {
            if (viewer === seat) continue
            const label = engine.describeAction(before, action, { names: n, viewer })
            const visible =
              JSON.stringify(engine.view(before, viewer)) +
              JSON.stringify(engine.view(engine.apply(before, seat, action).state, viewer))
            for (const c of engine.cards()) {
              if (c.name.length > 4 && label.includes(c.name))
                expect(visible, `"${label}" names ${c.name}`).toContain(c.id)
            }
          }
        },
      })
    }
  })
})
