// The built-in random bot never concedes nor resigns, whatever the options (Cyberpunk TCG lists `concede` by default).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { chooseAction } from '../../src/bots/index.ts'
import { randomChoice } from '../../src/bots/random-bot.ts'
import { cyberpunkTcg } from '../../src/games/cyberpunk-tcg/index.ts'
import { Random } from '../../src/kernel/index.ts'

describe('the random bot', () => {
  it('never picks concede or resign among other choices, and picks every other choice', () => {
    const legal = [{ type: 'concede' }, { type: 'pass' }, { type: 'resign' }, { type: 'play' }]
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) seen.add(randomChoice(legal, Random.fromSeed(`r${i}`)).type)
    expect([...seen].sort()).toEqual(['pass', 'play'])
  })

  it('plays Cyberpunk TCG with concedeListed (the default) without ever conceding', () => {
    const samples = cyberpunkTcg.sampleDecks()
    const decks = [samples[0]!.deck, samples[1 % samples.length]!.deck]
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), n => {
        let state = cyberpunkTcg.setup(decks, cyberpunkTcg.schemas.options.parse({}), `no-concede-${n}`)
        let decisions = 0
        for (; decisions < 400 && !cyberpunkTcg.status(state).finished; decisions++) {
          const seat = cyberpunkTcg.status(state).toAct[0]!
          expect(cyberpunkTcg.legalActions(state, seat).some(a => a.type === 'concede')).toBe(true)
          const action = chooseAction(cyberpunkTcg, state, seat, { kind: 'random', seed: `${n}:${decisions}` })
          expect(action.type).not.toBe('concede')
          state = cyberpunkTcg.apply(state, seat, action as never).state
        }
        // games last: far more than the few moves a conceding random bot would take
        expect(decisions).toBeGreaterThan(20)
      }),
      { numRuns: 3 },
    )
  })
})
