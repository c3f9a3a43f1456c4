// Cyberpunk TCG random legal decks of every implemented card: games play to the end without errors and replay exactly.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { randomPlayout, replay } from '../../support/playout.ts'
import { Random } from '../../../src/kernel/index.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import { E, randomDeck } from './helpers.ts'

describe('cyberpunk-tcg random decks of every implemented card', () => {
  it('CR 7.3 random legal decks of implemented cards play to the end without errors and replay exactly (150 games)', () => {
    fc.assert(
      fc.property(fc.integer(), seed => {
        const r = Random.fromSeed(`deck:${seed}`)
        const decks = [randomDeck(r), randomDeck(r)]
        for (const d of decks) expect(E.validateDeck(d).violations).toEqual([])
        const res = randomPlayout(E, decks, { concedeListed: false }, `fuzz:${seed}`, {
          onStep: ({ after }) => {
            const s = after as State
            let n = s.limbo.length
            for (const p of s.players) {
              n += p.deck.length + p.hand.length + p.trash.length + p.eddies.length + p.removed.length
              for (const l of p.legends) if (l) n += 1 + l.gear.length
              for (const u of p.field) n += 1 + u.gear.length
            }
            if (n !== s.cards.length) throw new Error('card count changed')
          },
        })
        expect(res.finished).toBe(true)
        expect(replay(E, decks, { concedeListed: false }, `fuzz:${seed}`, res.log)).toEqual(res.state as State) // replay with every card
      }),
      { numRuns: 150 },
    )
  })
})
