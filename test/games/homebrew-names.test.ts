// Homebrew cards in words: every game's action labels and transcript lines name a set card by its set's name, in every
// language, never by its id (issue 32).
import { describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { redactEvent, type AnyEngine, type CardSetCards } from '../../src/kernel/index.ts'

const ALLEY_NETRUNNER = {
  id: 'alley-netrunner',
  name: 'Alley Netrunner',
  type: 'Unit',
  color: 'Yellow',
  cost: 2,
  power: 3,
  ram: 0,
  tags: ['NETRUNNER'],
  abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'draw', n: 1 }] }],
}
const LUCKY_SHOT = {
  id: 'lucky-shot',
  name: 'Lucky Shot!',
  hero: null,
  cost: 0,
  timing: 'main',
  ops: [{ op: 'cp', n: 1 }],
  count: 3,
}
const GLASS_CANNON = {
  id: 'glass-cannon',
  name: 'Glass Cannon',
  kind: 'offensive',
  cost: 1,
  effect: [
    { op: 'damage', n: 3 },
    { op: 'def', n: -1 },
  ],
}

type Main = { card: string; count: number }[]
/** The first sample deck with three copies of its cards given to the set card (by its id). */
function withCard(deck: { main: Main }, id: string): unknown {
  const main = deck.main.map(e => ({ ...e }))
  let moved = 0
  for (const e of main)
    while (moved < 3 && e.count > 1) {
      e.count--
      moved++
    }
  return { ...deck, sets: ['names@1'], main: [...main, { card: id, count: moved }] }
}

const CASES: { game: string; card: { id: string; name: string }; deck: (d: never) => unknown }[] = [
  { game: 'cyberpunk-tcg', card: ALLEY_NETRUNNER, deck: (d: { main: Main }) => withCard(d, ALLEY_NETRUNNER.id) },
  { game: 'cyber-net-cards', card: GLASS_CANNON, deck: (d: { main: Main }) => withCard(d, GLASS_CANNON.id) },
  {
    game: 'dice-throne-marvel',
    card: LUCKY_SHOT,
    deck: (d: object) => ({ ...d, sets: ['names@1'], cards: [LUCKY_SHOT.id] }),
  },
]

describe('homebrew card names in labels and transcript lines', () => {
  for (const { game, card, deck } of CASES)
    it(`${game}: a set card is named by its set's name in labels and event lines, in en, tr and pt-BR, never by its id`, () => {
      const engine = productionGames.find(g => g.id === game) as AnyEngine
      const sets: CardSetCards[] = [{ ref: 'names@1', name: 'Names', cards: [card] }]
      const decks = [
        engine.schemas.deck.parse(deck(engine.sampleDecks()[0]!.deck as never)),
        engine.sampleDecks()[1]!.deck,
      ]
      expect(engine.validateDeck(decks[0], sets).violations).toEqual([])
      const said = { labels: 0, events: 0 }
      for (let g = 0; g < 12; g++) {
        let state = engine.setup(
          decks,
          engine.schemas.options.parse(engine.randomPlayOptions ?? {}),
          `names:${g}`,
          sets,
        )
        for (let step = 0; step < 500 && !engine.status(state).finished; step++) {
          const seat = engine.status(state).toAct[0]!
          const actions = engine.legalActions(state, seat)
          for (const lang of ['en', 'tr', 'pt-BR'] as const) {
            for (const a of actions) {
              const label = engine.describeAction(state, a, { names: ['Ann', 'Bob'], viewer: seat, lang })
              expect(label).not.toContain(card.id)
              if (label.includes(card.name)) said.labels++
            }
          }
          const r = engine.apply(state, seat, actions[(step * 7 + g) % actions.length]!)
          state = r.state
          for (const e of r.events)
            for (const lang of ['en', 'tr', 'pt-BR'] as const) {
              const line = engine.describeEvent?.(redactEvent(e, seat), {
                names: ['Ann', 'Bob'],
                viewer: seat,
                lang,
                state,
              })
              expect(line ?? '').not.toContain(card.id)
              if (line?.includes(card.name)) said.events++
            }
        }
      }
      expect(said.labels).toBeGreaterThan(0)
      expect(said.events).toBeGreaterThan(0)
    })
})
