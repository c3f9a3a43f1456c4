// Labels for people: printed names, seat names, 1-based slots and dice with their faces, and nothing a viewer cannot
// see.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Random, redactEvent } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import type { Action } from '../../../src/games/cyberpunk-tcg/actions.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import { printed } from '../../../src/games/cyberpunk-tcg/labels.ts'
import {
  act,
  attack,
  blank,
  cardOf,
  E,
  eddies,
  gear,
  gigs,
  give,
  handOf,
  HEIST,
  legends,
  pick,
  play,
  promptOf,
  randomDeck,
  started,
  topDeck,
  unit,
} from './helpers.ts'

const NAMES = ['Ann', 'Bob']
const label = (s: State, a: Action, viewer: number | null) => E.describeAction(s, a, { names: NAMES, viewer })
const choose = (s: State, v: unknown, viewer: number | null) => label(s, { type: 'choose', pick: v }, viewer)
const legendNames = (s: State, seat: number) => s.players[seat]!.legends.map(l => printed(s.cards[l!.uid]!))

describe('cyberpunk-tcg labels', () => {
  it('CP-9.13 an attack names both Units by printed name and the rival by seat name ("Seat N" without names)', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'emergency-atlus', { spent: true })
    expect(label(s, { type: 'attack', unit: a, target: t }, 0)).toBe(
      `Attack Bob's ${printed('emergency-atlus')} with ${printed('psycho-squad')}`,
    )
    expect(E.describeAction(s, { type: 'attack', unit: a, target: 'gigs' })).toBe(
      `Attack Seat 2's Gig area with ${printed('psycho-squad')}`,
    )
  })

  it('CR 11.8 a play states its cost and what pays it: Legends by name or as face-down slots, then Eddies', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'])
    s.players[0]!.legends[2]!.faceUp = false
    give(s, 0, 'psycho-squad')
    eddies(s, 0, 3)
    const cost = E.legalActions(s, 0).find(a => a.type === 'play' && a.pay.length === 2 && a.pay.includes(2))!
    const text = label(s, cost, 1)
    expect(text).toMatch(/^Play Psycho Squad.* \(\d €\$: /)
    expect(text).toContain('face-down Legend in slot 3')
    expect(text).not.toContain('Jackie')
    expect(label(s, { type: 'sell', card: 'psycho-squad' }, 0)).toBe(`Sell ${printed('psycho-squad')} for 1 Eddie`)
    expect(label(s, { type: 'sell', card: 'psycho-squad' }, 1)).toBe('Sell a card for 1 Eddie')
  })

  it('CP-8.18 dice are named by size, and Gigs by their 1-based place and face', () => {
    const s = started()
    s.phase = 'start'
    s.step = 4
    s.prompt = { seat: 0, kind: 'roll', options: [1, 2], label: 'choose a Gig die to roll' }
    expect(choose(s, 2, 0)).toBe('Roll the d8 into the Gig area')
    const b = blank()
    const a = unit(b, 0, 'psycho-squad')
    const [, d] = gigs(b, 1, [
      [4, 2],
      [6, 5],
    ])
    b.attack = { attacker: a, seat: 0, target: -1, step: 'steal', toSteal: 1, picked: [] }
    b.prompt = { seat: 0, kind: 'steal', options: b.players[1]!.gigs, label: 'choose a Gig to steal' }
    expect(choose(b, d, 0)).toBe("Steal Bob's Gig 2 (d6 showing 5)")
  })

  it('CP-1.5 CP-7.4 issue 10: a Kiroshi Optics look names the slot (1-based), never the card the number would be as a uid', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'kiroshi-optics')
    gigs(s, 1, [[4, 2]])
    const r = attack(s, a, 'gigs').s
    expect(promptOf(r)!.label).toBe('look at a face-down Legend')
    const hidden = [...legendNames(r, 0), ...r.cards.slice(0, 3).map(printed)]
    for (const viewer of [0, 1, null]) {
      const text = choose(r, 1, viewer)
      expect(text).toBe('Look at the face-down Legend in slot 2')
      for (const n of hidden) expect(text).not.toContain(n)
    }
    // once looked at, its owner (and only its owner) reads the name
    const after = pick(r, 1).s
    after.prompt = { seat: 0, kind: 'op', options: [0, 1, 2], label: 'look at a face-down Legend' }
    after.frames = r.frames
    expect(choose(after, 1, 0)).toContain(printed('viktor-vektor-sit-down-and-relax'))
    expect(choose(after, 1, 1)).not.toContain('Viktor')
  })

  it("CP-7.5 issue 10: T-Bug's free Call and a choose-one mode read as a slot and as the mode's words", () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    s.prompt = { seat: 0, kind: 'op', options: [0, 1, 2, 'none'], label: 'Call a Legend for free' }
    expect(choose(s, 0, 1)).toBe('Call the face-down Legend in slot 1 for free')
    expect(choose(s, 'none', 1)).toBe('Call a Legend for free → no')
    const n = blank()
    give(n, 0, 'nocturne-op55-n1')
    eddies(n, 0, 5)
    const r = play(n, 'nocturne-op55-n1').s
    expect(promptOf(r)!.label).toMatch(/^choose one: /)
    const modes = r.prompt!.label.slice('choose one: '.length).split(' / ')
    expect(choose(r, 1, 1)).toBe(`Choose: ${modes[1]}`)
  })

  it('CR 11.13 a search pick (Three Mouths, One Desire; Viktor Vektor) names the taken card to the searcher only', () => {
    const s = blank()
    give(s, 0, 'three-mouths-one-desire')
    eddies(s, 0, 5)
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'mantis-blades')
    topDeck(s, 0, 'floor-it')
    const r = play(s, 'three-mouths-one-desire').s
    expect(promptOf(r)!.label).toBe('take a card')
    expect(choose(r, 'mantis-blades', 0)).toBe(`Take a card → ${printed('mantis-blades')}`)
    for (const viewer of [1, null]) expect(choose(r, 'mantis-blades', viewer)).toBe('Take a card → a card')
    // Viktor Vektor's search reveals the Gear it takes, but nobody else saw it before the choice, nor sees it in a hand
    // after
    const v = blank()
    legends(v, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    eddies(v, 0, 1)
    topDeck(v, 0, 'mantis-blades')
    const look = act(v, 0, { type: 'call', slot: 1, pay: [] }).s
    expect(promptOf(look)!.seen).toHaveLength(5)
    expect(choose(look, 'mantis-blades', 0)).toContain(printed('mantis-blades'))
    expect(choose(look, 'mantis-blades', 1)).not.toContain('Mantis')
  })

  it('labels of every listed action of random games carry no ids, braces or quotes', () => {
    const ids = E.cards()
      .map(c => c.id)
      .filter(id => id.includes('-'))
    let s = E.setup([HEIST, HEIST], E.schemas.options.parse({ concedeListed: false }), 'label-words')
    for (let i = 0; i < 400 && !E.status(s).finished; i++) {
      const seat = E.status(s).toAct[0]!
      const legal = E.legalActions(s, seat)
      for (const a of legal) {
        const text = label(s, a, seat)
        expect(text).not.toMatch(/[{}"]|#\d/)
        for (const id of ids) expect(text).not.toContain(id)
      }
      s = E.apply(s, seat, legal[(i * 7) % legal.length]!).state
    }
  })

  it('over random-deck games, a label read by another viewer names only cards that viewer sees before or after the action', () => {
    const cards = E.cards().filter(c => c.name.length > 4)
    for (let g = 0; g < 8; g++) {
      const r = Random.fromSeed(`label-deck:${g}`)
      randomPlayout(E, [randomDeck(r), randomDeck(r)], { concedeListed: false }, `label-deck:${g}`, {
        maxSteps: 800,
        onStep: ({ before, after, seat, action }) => {
          for (const viewer of [null, 1 - seat]) {
            const text = label(before as State, action as Action, viewer)
            const seen =
              JSON.stringify(E.view(before as State, viewer)) + JSON.stringify(E.view(after as State, viewer))
            for (const c of cards)
              if (text.includes(c.name) && !seen.includes(`"${c.id}"`))
                throw new Error(`"${text}" names ${c.name} to ${viewer}`)
          }
        },
      })
    }
  })

  it('describeEvent writes one line per event as the viewer got it, with names, and hides secrets it was not given', () => {
    const s = started()
    const { state, events } = E.apply(s, 0, { type: 'pass' })
    const draw = events.find(e => e.type === 'draw')!
    const mine = E.describeEvent!(redactEvent(draw, 1), { names: NAMES, viewer: 1 })
    expect(mine).toBe(`Bob draws ${printed(cardOf(state, handOf(state, 1).at(-1)!)!)}`)
    expect(E.describeEvent!(redactEvent(draw, 0), { names: NAMES, viewer: 0 })).toBe('Bob draws a card')
    expect(E.describeEvent!({ type: 'turnEnd', seat: 0 }, { names: NAMES, viewer: 0 })).toBeNull()
    expect(E.describeEvent!({ type: 'gameOver', winners: [1], reason: 'deck-out' }, { names: [], viewer: null })).toBe(
      'Game over: Seat 2 wins: the rival had to draw from an empty deck',
    )
    const r = act(state, 1, E.legalActions(state, 1)[0]!).ev
    for (const e of r)
      expect(E.describeEvent!(redactEvent(e, null), { names: NAMES, viewer: null }) ?? '').not.toMatch(/[{}"]/)
  })

  it('labels and transcript lines in Turkish and Brazilian Portuguese (issue 30): no action label nor event line of random games reads as the English one, card names stay as printed, and no message is left unformatted', () => {
    let labels = 0
    fc.assert(
      fc.property(fc.integer(), seed => {
        const r = Random.fromSeed(`lang-deck:${seed}`)
        randomPlayout(E, [randomDeck(r), randomDeck(r)], { concedeListed: false }, `lang:${seed}`, {
          maxSteps: 150,
          onStep: ({ before, events }) => {
            const s = before as State
            for (const seat of E.status(s).toAct)
              for (const a of E.legalActions(s, seat)) {
                const english = E.describeAction(s, a, { names: NAMES, viewer: seat })
                for (const lang of ['tr', 'pt-BR'] as const) {
                  const words = E.describeAction(s, a, { names: NAMES, viewer: seat, lang })
                  expect(words, english).not.toBe(english)
                  expect(words).not.toMatch(/[{}]/)
                  if (a.type === 'play') expect(words).toContain(printed(a.card))
                  labels++
                }
              }
            for (const e of events) {
              const english = E.describeEvent!(redactEvent(e, 0), { names: NAMES, viewer: 0 })
              if (english === null) continue
              for (const lang of ['tr', 'pt-BR'] as const)
                expect(E.describeEvent!(redactEvent(e, 0), { names: NAMES, viewer: 0, lang })).not.toBe(english)
            }
          },
        })
      }),
      { numRuns: 15 },
    )
    expect(labels).toBeGreaterThan(1000)
  })

  it('end reasons in words (issue 30): seven Gigs, in Overtime, an empty deck and a resignation, in en, tr and pt-BR', () => {
    const say = (reason: string, lang?: 'tr' | 'pt-BR') =>
      E.describeEndReason!(reason, { names: NAMES, viewer: null, lang })
    expect(['seven-gigs', 'overtime-seven-gigs', 'deck-out', 'Seat 1 resigned'].map(r => say(r))).toEqual([
      'seven Gigs at the start of a turn',
      'seven Gigs in Overtime',
      'a player had to draw from an empty deck',
      'Ann resigned',
    ])
    expect(say('seven-gigs', 'tr')).toBe('tur başında yedi Gig')
    expect(say('Seat 2 resigned', 'pt-BR')).toBe('Bob desistiu')
  })
})
