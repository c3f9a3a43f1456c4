// Labels in Turkish and Brazilian Portuguese: the Portuguese terms of the source text (seed 003), card names as
// printed, hidden cards still hidden.
import { describe, expect, it } from 'vitest'
import { redactEvent, type Language } from '../../../src/kernel/index.ts'
import { AVATARS, CARDS } from '../../../src/games/cyber-net-cards/data.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { randomPlayout } from '../../support/playout.ts'
import { act, activate, PASS, scenario, E } from './helpers.ts'

const names = ['Ann', 'Bob']
const as = (viewer: number | null, lang: Language) => ({ names, viewer, lang })
/** Printed names (cards, avatars, abilities, their texts): English words that may stay in any language. */
const PRINTED = [...CARDS.map(c => c.name), ...AVATARS.flatMap(a => [a.name, a.ability.name, a.ability.text])]
/**
 * English words of our own labels (none of them a Turkish or Portuguese word) that a translated label must not contain
 * once printed names are out.
 */
const ENGLISH =
  /\b(activate|activates|recycle|recycles|place|places|face down|answer|answers|pass|passes|coal|with|the|chain|resolves|round|life|draws?|turn|on|off|targeting)\b/i

const withoutPrinted = (label: string) => PRINTED.reduce((text, name) => text.split(name).join(''), label)

describe('CN labels in other languages', () => {
  it('CN-3.8 CN-6.5 pt-BR uses the source terms (reciclar, posicionar, viradas para baixo, corrente); names stay printed; hidden cards stay hidden', () => {
    const { state, uid } = scenario({
      phase: 'prep',
      seats: [
        { hand: ['data-spike', 'ping', 'worm', 'sandbox'], placed: false },
        { hand: ['sandbox', 'ping', 'worm', 'rollback'], placed: false },
      ],
    })
    const recycle = { type: 'recycle' as const, card: uid(1, 'rollback', 'hand') }
    expect(E.describeAction(state, recycle, as(1, 'pt-BR'))).toBe('Reciclar Rollback (no fundo do baralho, comprar 1)')
    expect(E.describeAction(state, recycle, as(0, 'pt-BR'))).toBe(
      'Bob recicla uma carta (no fundo do baralho, compra 1)',
    )
    const place = {
      type: 'place' as const,
      cards: [uid(0, 'data-spike', 'hand'), uid(0, 'ping', 'hand'), uid(0, 'sandbox', 'hand')],
    }
    expect(E.describeAction(state, place, as(1, 'pt-BR'))).toBe('Ann posiciona 3 cartas viradas para baixo')
    expect(E.describeAction(state, place, as(1, 'tr'))).toBe('Ann 3 kart yüzü kapalı yerleştiriyor')
    expect(E.describeAction(state, place, { names: [], viewer: null, lang: 'pt-BR' })).toBe(
      'Assento 1 posiciona 3 cartas viradas para baixo',
    )
  })

  it('CN-8.6 an answer names the chain link in pt-BR and tr', () => {
    const { state, uid } = scenario({
      seats: [
        { mana: 5, field: ['data-spike'] },
        { field: ['counter-hack'], mana: 2 },
      ],
    })
    const chained = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(E.describeAction(chained, activate(uid(1, 'counter-hack')), as(1, 'pt-BR'))).toBe(
      'Responder a Data Spike de Ann com Counter-Hack (2 de mana)',
    )
    expect(E.describeAction(chained, PASS, as(0, 'pt-BR'))).toBe('Bob deixa a corrente resolver (sem resposta)')
    expect(E.describeAction(chained, PASS, as(1, 'tr'))).toBe('Zincirin çözülmesine izin ver (yanıt yok)')
  })

  it('CN-1.8 end reasons and the Climax in pt-BR name the seats', () => {
    expect(E.describeEndReason!("Seat 2's avatar reached 0 life", as(null, 'pt-BR'))).toBe(
      'o avatar de Bob chegou a 0 de vida',
    )
    expect(E.describeEvent({ type: 'matchOver', winners: [0], reason: 'Seat 2 resigned' }, as(1, 'tr'))).toBe(
      'Ann kazandı: Bob çekildi',
    )
    const climax = { type: 'climax', atk: [9, 6], def: [2, 5], loss: [4, 4], life: [31, 0] }
    expect(E.describeEvent(climax, as(null, 'pt-BR'))).toBe(
      'Clímax: Ann (ATK 9, DEF 2) perde 4 de vida (resta 31), Bob (ATK 6, DEF 5) perde 4 (resta 0)',
    )
  })

  it('CN-6.5 CN-1.6 random games: for a Turkish or Portuguese reader no label is the English one or keeps an English word of ours, and a hidden card is never named', () => {
    const decks = E.sampleDecks()
    let checked = 0
    decks.forEach((a, i) => {
      randomPlayout(E, [a.deck, decks[(i + 1) % decks.length]!.deck], {}, `languages-${i}`, {
        maxSteps: 150,
        onStep: ({ before, seat, events }) => {
          const s = before as CNState
          const hidden = [...s.players[seat]!.hand, ...s.players[seat]!.field].map(
            u => CARDS.find(c => c.id === s.cards[u])!.name,
          )
          for (const lang of ['tr', 'pt-BR'] as const) {
            for (const viewer of [0, 1, null]) {
              for (const action of E.legalActions(s, seat)) {
                const label = E.describeAction(s, action, as(viewer, lang))
                expect(label).not.toBe(E.describeAction(s, action, as(viewer, 'en')))
                expect(withoutPrinted(label)).not.toMatch(ENGLISH)
                if (viewer !== seat && (action.type === 'recycle' || action.type === 'place'))
                  for (const n of hidden) expect(label).not.toContain(n)
                checked++
              }
              for (const e of events) {
                const line = E.describeEvent(redactEvent(e, viewer), as(viewer, lang))
                if (line !== null) expect(withoutPrinted(line)).not.toMatch(ENGLISH)
              }
            }
          }
        },
      })
    })
    expect(checked).toBeGreaterThan(1000)
  })
})
