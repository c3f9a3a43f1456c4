// `determinize` is safe for every seat, in every engine (contract wave 3): sampled for each seat at the decisions of
// random games, it keeps that seat's view, re-deals every card hidden from it (also while another seat decides, or has
// an open prompt naming cards of its hand), and depends only on what the seat sees.
import { describe, expect, it } from 'vitest'
import { productionGames, randomPlayOptions } from '../../src/games/index.ts'
import { Random, type AnyEngine } from '../../src/kernel/index.ts'
import type { State as CPState } from '../../src/games/cyberpunk-tcg/state.ts'
import type { DTState } from '../../src/games/dice-throne-marvel/state.ts'
import type { CNState } from '../../src/games/cyber-net-cards/state.ts'
import { randomPlayout } from '../support/playout.ts'

/** A place hidden from the seat that samples, the card it holds, and the pool of unseen cards it is dealt from. */
interface HiddenPlace {
  place: string
  card: string
  pool: string
}

interface Hidden {
  /**
   * Every place of another seat that `seat` cannot see; in a sample, the cards seen are those of the real state
   * (`real`), since a number that an effect keeps (a count) may equal the id of a card the sample moved into a hand.
   */
  places(state: unknown, seat: number, real?: unknown): HiddenPlace[]
  /** Whether another seat's open prompt names cards of that seat's hidden hand (the case a decision could pin). */
  promptNamesHand(state: unknown, seat: number): boolean
  /** Whether a seat has an open prompt (a choice inside an effect): every seat's samples there get the full check. */
  prompted(state: unknown): boolean
}

const zone = (pool: string, name: string, cards: string[]): HiddenPlace[] =>
  cards.map((card, i) => ({ place: `${name}[${i}]`, card, pool }))

const HIDDEN: Record<string, Hidden> = {
  'cyberpunk-tcg': {
    places(state, seat, real = state) {
      const s = state as CPState
      const r = real as CPState
      // cards a seat has seen stay: a revealed search's top cards, and cards an effect moved to a hand in plain sight
      const seen = new Set<number>()
      const f = r.frames[r.frames.length - 1]
      if (r.prompt?.revealed && r.prompt.seen && f)
        for (const u of r.players[f.seat]!.deck.slice(-r.prompt.seen.length)) seen.add(u)
      for (const fr of r.frames)
        for (const v of Object.values(fr.vars))
          for (const u of [v].flat()) if (typeof u === 'number' && r.players[fr.seat]!.hand.includes(u)) seen.add(u)
      return s.players.flatMap((p, o) => {
        if (o === seat) return []
        const card = (u: number) => s.cards[u]!
        const faceDown = p.legends.flatMap(l => (l && !l.faceUp ? [l.uid] : []))
        return [
          ...zone(`${o}`, `p${o}.hand`, p.hand.filter(u => !seen.has(u)).map(card)),
          ...zone(`${o}`, `p${o}.deck`, p.deck.filter(u => !seen.has(u)).map(card)),
          ...zone(`${o}.legends`, `p${o}.legends`, faceDown.map(card)),
        ]
      })
    },
    promptNamesHand(state, seat) {
      const s = state as CPState
      const pr = s.prompt
      if (!pr || pr.seat === seat) return false
      const hand = new Set(s.players[pr.seat]!.hand.map(u => s.cards[u]))
      return pr.options.some(o => typeof o === 'string' && hand.has(o.replace(/^hand:/, '')))
    },
    prompted: state => (state as CPState).prompt !== null,
  },
  'dice-throne-marvel': {
    places(state, seat) {
      const s = state as DTState
      return [
        ...s.p.flatMap((p, o) =>
          o === seat ? [] : [...zone(`${o}`, `p${o}.hand`, p.hand), ...zone(`${o}`, `p${o}.deck`, p.deck)],
        ),
        // the face-down Illusion order, unless this seat laid it (Loki is attacked: DT-13.20)
        ...(s.ill && !(s.atk && s.atk.to === seat) ? zone('illusion', 'illusion', s.ill) : []),
      ]
    },
    promptNamesHand: () => false,
    prompted: () => false,
  },
  'cyber-net-cards': {
    places(state, seat) {
      const s = state as CNState
      const card = (u: number) => s.cards[u]!
      return s.players.flatMap((p, o) =>
        o === seat
          ? []
          : [
              ...zone(`${o}`, `p${o}.hand`, p.hand.map(card)),
              ...zone(`${o}`, `p${o}.field`, p.field.map(card)),
              ...zone(`${o}`, `p${o}.deck`, p.deck.map(card)),
            ],
      )
    },
    promptNamesHand: () => false,
    prompted: () => false,
  },
}

/** Samples per checked state for the re-deal check: a place keeps its card in every one only if it cannot move. */
const SAMPLES = 24

describe.each(productionGames.map(g => [g.id, g] as const))(
  'determinize is safe for every seat: %s',
  (id, engine: AnyEngine) => {
    const hidden = HIDDEN[id]!
    const samples = engine.sampleDecks()
    const seats = engine.seats.min
    const options = randomPlayOptions(id)
    const det = (s: unknown, seat: number, seed: string) => engine.determinize!(s, seat, Random.fromSeed(seed))

    it("at every decision of random games, for every seat (to act or not): the seat's view and who is to act are kept, the sample depends only on that view, and every card hidden from it is re-dealt", () => {
      let decisions = 0
      let waiting = 0
      let prompts = 0
      let redealt = 0
      let promptChecks = 0
      for (let g = 0; g < 6; g++) {
        const decks = Array.from({ length: seats }, (_, i) => samples[(g + i) % samples.length]!.deck)
        const pick = Random.fromSeed(`det-contract-${id}-${g}`)
        randomPlayout(engine, decks, options, `det-contract-${g}`, {
          maxSteps: 500,
          onStep: ({ after }) => {
            const status = engine.status(after)
            if (status.finished) return
            decisions++
            for (let seat = 0; seat < seats; seat++) {
              const key = `${g}-${decisions}-${seat}`
              const d = det(after, seat, `a-${key}`)
              expect(engine.view(d, seat)).toEqual(engine.view(after, seat))
              expect(engine.status(d).toAct).toEqual(status.toAct)
              const named = hidden.promptNamesHand(after, seat)
              if (!status.toAct.includes(seat)) waiting++
              if (named) prompts++
              // the heavier checks: at every open prompt (for every seat), and at a sample of the other decisions
              const prompted = hidden.prompted(after)
              if (!named && !prompted && pick.int(0, 24) !== 0) continue
              if (prompted) promptChecks++
              // a sample of a sample is a sample of the real state: nothing of the real arrangement is carried over
              expect(det(d, seat, `b-${key}`)).toEqual(det(after, seat, `b-${key}`))
              const real = hidden.places(after, seat)
              const poolCards = new Map<string, string[]>()
              for (const p of real) poolCards.set(p.pool, [...(poolCards.get(p.pool) ?? []), p.card])
              const moved = new Set<string>()
              for (let k = 0; k < SAMPLES; k++) {
                const places = hidden.places(det(after, seat, `c-${key}-${k}`), seat, after)
                expect(places.map(p => p.place)).toEqual(real.map(p => p.place))
                places.forEach((p, i) => p.card !== real[i]!.card && moved.add(p.place))
              }
              for (const p of real) {
                // a place must get another card in some sample unless a uniform re-deal keeps it almost surely
                const pool = poolCards.get(p.pool)!
                const keep = pool.filter(c => c === p.card).length / pool.length
                if (keep ** SAMPLES < 1e-6)
                  expect(moved.has(p.place), `${p.place} (${p.card}) is never re-dealt for seat ${seat}`).toBe(true)
              }
              redealt++
            }
          },
        })
      }
      expect(decisions).toBeGreaterThan(300)
      expect(waiting).toBeGreaterThan(100)
      expect(redealt).toBeGreaterThan(30)
      if (id === 'cyberpunk-tcg') {
        expect(prompts).toBeGreaterThan(0)
        expect(promptChecks).toBeGreaterThan(10)
      }
    })
  },
)
