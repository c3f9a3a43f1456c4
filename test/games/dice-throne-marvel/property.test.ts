// Marvel Dice Throne properties: 500 random games over every pairing and mode end with a winner; replays rebuild them.
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { randomPlayout, replay, expectRejected, type PlayoutStep } from '../../support/playout.ts'
import { limitOf } from '../../../src/games/dice-throne-marvel/statuses.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E } from './helpers.ts'

const HEROES = ['scarlet-witch', 'thor', 'loki', 'spider-man']
const CONFIGS: { heroes: string[]; mode: string }[] = []
for (const a of HEROES) for (const b of HEROES) CONFIGS.push({ heroes: [a, b], mode: '1v1' })
for (let k = 0; k < 4; k++) CONFIGS.push({ heroes: [0, 1, 2, 3].map(i => HEROES[(i + k) % 4]!), mode: '2v2' })
for (let k = 0; k < 4; k++) CONFIGS.push({ heroes: [0, 1, 2].map(i => HEROES[(i + k) % 4]!), mode: 'free-for-all' })
for (let k = 0; k < 4; k++) CONFIGS.push({ heroes: [0, 1, 2, 3].map(i => HEROES[(i + k) % 4]!), mode: 'free-for-all' })

/** Games (in run order) in which every listed action is applied at every step; later games apply a sample. */
const FULL_GAMES = 50

function checkStep(step: PlayoutStep, k: number, all: boolean) {
  const before = step.before as DTState
  const after = step.after as DTState
  for (const pl of after.p) {
    // DT-2.8: CP in 0..15
    expect(pl.cp >= 0 && pl.cp <= 15).toBe(true)
    // DT-8.6: stack limits
    for (const st in pl.st) expect(pl.st[st]! > 0 && pl.st[st]! <= limitOf(pl, st)).toBe(true)
  }
  // DT-3.4: after the Discard Phase the player that ended their turn holds at most 6 cards
  if (!after.done && after.active !== before.active && !before.p[before.active]!.out && !after.p[before.active]!.out) {
    expect(after.p[before.active]!.hand.length).toBeLessThanOrEqual(6)
  }
  // health changes are explained by `hp` events
  const delta = after.hp.map((h, i) => h - before.hp[i]!)
  for (const e of step.events) if (e.type === 'hp') delta[e['pool'] as number]! -= e['delta'] as number
  expect(delta.every(d => d === 0)).toBe(true)
  // every listed action is accepted: all of them at every step of the first FULL_GAMES games, then a
  // deterministic sample of up to 6 per step besides the one played
  // apply never mutates its input (checked on a sample of steps: the kernel contract)
  if (k % 10 === 0) {
    const json = JSON.stringify(before)
    E.apply(before, step.seat, step.action as never)
    expect(JSON.stringify(before)).toBe(json)
  }
  const legal = E.legalActions(before, step.seat)
  // every played action has a label, and the public log never shows the face-down Illusion order (DT-13.20)
  expect(E.describeAction(before, step.action as never).length).toBeGreaterThan(3)
  if (step.action.type === 'arrange')
    expect(JSON.stringify(E.publicAction!(step.action as never))).not.toContain('"order"')
  const stride = all ? 1 : Math.max(1, Math.floor(legal.length / 6))
  for (let i = k % stride; i < legal.length; i += stride) E.apply(before, step.seat, legal[i]!)
  // seats that are not to act have nothing listed and are refused
  const st = E.status(before)
  for (let s = 0; s < before.n; s++) if (!st.toAct.includes(s)) expect(E.legalActions(before, s)).toEqual([])
  // an illegal action is rejected without changing the state
  if (k % 5 === 0) expectRejected(E, before, step.seat, { type: 'play', card: 'no-such-card' })
  if (k % 5 === 1) expectRejected(E, before, step.seat, { type: 'select', ability: 'nothing', variant: 9 })
}

describe('property: random games', () => {
  it('DT-2.8 DT-3.4 DT-8.6 DT-GAP-1 500 random games over every pairing and mode end with a winner and keep the invariants', () => {
    let finished = 0
    let game = 0
    let applied = 0
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...CONFIGS), (seed, cfg) => {
        let k = 0
        const all = game++ < FULL_GAMES
        const r = randomPlayout(
          E,
          cfg.heroes.map(hero => ({ hero })),
          { mode: cfg.mode },
          `p${seed}`,
          {
            onStep: step => {
              if (all) applied += E.legalActions(step.before as DTState, step.seat).length
              checkStep(step, k++, all)
            },
          },
        )
        expect(r.finished).toBe(true)
        const end = r.state as DTState
        expect(E.status(end).finished).toBe(true)
        expect(() => E.apply(end, 0, { type: 'end' })).toThrow()
        finished++
      }),
      { numRuns: 500 },
    )
    expect(finished).toBe(500)
    // the full check really ran over many actions
    expect(applied).toBeGreaterThan(FULL_GAMES * 100)
  })
})

describe('replay', () => {
  it('DT-GAP-1 seed + decks + options + log rebuild the same state', () => {
    for (const cfg of [CONFIGS[1]!, CONFIGS[16]!, CONFIGS[24]!]) {
      const decks = cfg.heroes.map(hero => ({ hero }))
      const r = randomPlayout(E, decks, { mode: cfg.mode }, 'replay-seed')
      expect(replay(E, decks, { mode: cfg.mode }, 'replay-seed', r.log)).toEqual(r.state)
      // and a different seed gives a different game
      const other = randomPlayout(E, decks, { mode: cfg.mode }, 'replay-seed-2')
      expect(other.state).not.toEqual(r.state)
    }
  })
})
