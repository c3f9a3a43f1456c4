// Dice Throne labels in Turkish and Brazilian Portuguese: the Turkish source's phase names, printed names kept, no
// English label left.
import { describe, expect, it } from 'vitest'
import { redactEvent, type Language } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, rolling, start } from './helpers.ts'

const names = ['Ann', 'Bob']
const as = (viewer: number | null, lang: Language) => ({ names, viewer, lang })

describe('DT labels in other languages', () => {
  it('DT-GAP-2 dice keep their 1-based positions and faces in every language', () => {
    const s = rolling(start(['thor', 'loki']), 0, [2, 5, 3, 1, 6])
    expect(E.describeAction(s, { type: 'roll', dice: [1, 3] }, as(0, 'tr'))).toBe(
      'Yeniden at: 2 ve 4. zarlar (gelen: 5 ve 1)',
    )
    expect(E.describeAction(s, { type: 'roll', dice: [0] }, as(0, 'pt-BR'))).toBe('Rolar de novo: dado 1 (mostrando 2)')
  })

  it('DT-GAP-2 random games: for a Turkish or Portuguese reader no listed label is the English one, and every event line is in words', () => {
    let checked = 0
    for (const [i, heroes] of [
      ['thor', 'loki'],
      ['scarlet-witch', 'thor'],
    ].entries()) {
      randomPlayout(
        E,
        heroes.map(hero => ({ hero })),
        {},
        `dt-languages-${i}`,
        {
          maxSteps: 120,
          onStep: ({ before, seat, events }) => {
            const s = before as DTState
            for (const lang of ['tr', 'pt-BR'] as const) {
              for (const action of E.legalActions(s, seat)) {
                expect(E.describeAction(s, action, as(seat, lang))).not.toBe(
                  E.describeAction(s, action, as(seat, 'en')),
                )
                checked++
              }
              for (const e of events) {
                const line = E.describeEvent(redactEvent(e, seat), as(seat, lang))
                if (line !== null) expect(line).not.toMatch(/undefined|[{}]/)
              }
            }
          },
        },
      )
    }
    expect(checked).toBeGreaterThan(100)
  })
})
