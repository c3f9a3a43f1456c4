// What a deck builder searches a Marvel Dice Throne hero, card or status by: text, timing and owner; cards cost CP.
import type { CardFacets, CardInfo, DeckRules } from '../../kernel/index.ts'
import { CARDS, HEROES, STATUSES } from './data.ts'

/** DT-13.3: a deck is one hero, who brings its own cards; there is nothing else to choose. */
export const DECK_RULES: DeckRules = { leader: { kind: 'hero', count: 1 }, mainDeck: null, maxCopies: null, limits: [] }

const facets = (text: string, tags: string[], cost: number | null): CardFacets => ({
  text,
  tags,
  colours: [],
  cost,
  ram: null,
})

export function cardFacets(info: CardInfo): CardFacets {
  const hero = HEROES[info.id]
  if (hero && info.type === 'hero') {
    const words = [
      ...hero.abilities.flatMap(a => [a.name, ...a.levels.flat().map(v => `${v.name}: ${v.text}`)]),
      ...hero.defences.flatMap(d => [d.name, ...d.levels.map(l => l.text)]),
    ]
    return facets(words.join(' '), ['hero', ...hero.statuses], null)
  }
  const card = CARDS[info.id]
  if (card)
    return facets(
      card.text,
      [card.timing, card.hero ?? 'generic', ...(card.upgrade ? [card.upgrade.kind] : [])],
      card.cost,
    )
  const st = STATUSES[info.id]
  if (st) return facets(st.text, ['status', st.polarity, st.hero], null)
  return facets('', [], null)
}
