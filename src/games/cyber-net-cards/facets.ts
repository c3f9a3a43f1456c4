// What a deck builder searches a Cyber Net Cards card, avatar or Unique Ability by (the game has no colours or RAM).
import type { CardFacets, CardInfo } from '../../kernel/index.ts'
import { AVATAR_BY_ID, CARD_BY_ID, UNIQUE_BY_ID } from './data.ts'

const facets = (text: string, tags: string[], cost: number | null): CardFacets => ({
  text,
  tags,
  colours: [],
  cost,
  ram: null,
})

export function cardFacets(info: CardInfo): CardFacets {
  const card = CARD_BY_ID.get(info.id)
  if (card)
    return facets(
      card.text,
      [card.kind, ...(card.steampunkOnly ? ['steampunk'] : []), ...(card.lasting ? ['lasting'] : [])],
      card.cost,
    )
  const avatar = AVATAR_BY_ID.get(info.id)
  if (avatar)
    return facets(
      `${avatar.passive.text} ${avatar.ability.name}: ${avatar.ability.text}`,
      ['avatar', avatar.type, ...(avatar.steampunk ? ['steampunk'] : [])],
      null,
    )
  const unique = UNIQUE_BY_ID.get(info.id)
  if (unique) return facets(unique.ability.text, ['unique-ability'], unique.ability.cost)
  return facets('', [], null)
}
