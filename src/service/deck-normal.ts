// The normal form of a deck: every card reference resolved to its card id, main-deck copies added up per card.
import type { AnyEngine } from '../kernel/index.ts'
import type { IndexedCard } from './catalog.ts'
import { foldRef } from './text-fold.ts'

export interface MainEntry {
  card: string
  count: number
}

/**
 * A deck taken apart: its leaders (Legends, avatar or hero) in order, and its main-deck entries (null: the game has
 * none).
 */
export interface DeckParts {
  leaders: string[]
  main: MainEntry[] | null
}

/**
 * Where a game's deck keeps its leaders and its main deck, read from its first sample deck: the field besides `main`
 * (a list, as Cyberpunk TCG's `legends`, or one card, as `avatar` or `hero`) and `main` when there is one.
 */
export interface DeckLayout {
  leaderField: string
  leaderList: boolean
  hasMain: boolean
  /** The type of a leader card, folded ("legend", "avatar", "hero"). */
  leaderType: string
}

export function deckLayout(engine: AnyEngine): DeckLayout | null {
  const sample = engine.sampleDecks()[0]?.deck as Record<string, unknown> | undefined
  if (!sample || typeof sample !== 'object') return null
  const leaderField = Object.keys(sample).find(k => k !== 'main')
  if (!leaderField) return null
  // Only decks of card names: a leader (or a list of them) as text, and main-deck entries of a card and a count.
  const lead = sample[leaderField]
  const main = sample['main']
  if (!(typeof lead === 'string' || (Array.isArray(lead) && lead.every(l => typeof l === 'string')))) return null
  if (
    main !== undefined &&
    !(
      Array.isArray(main) &&
      main.every(e => typeof (e as MainEntry).card === 'string' && typeof (e as MainEntry).count === 'number')
    )
  )
    return null
  return {
    leaderField,
    leaderList: Array.isArray(sample[leaderField]),
    hasMain: Array.isArray(sample['main']),
    leaderType: foldRef(engine.deckRules?.leader.kind ?? leaderField),
  }
}

export function splitDeck(layout: DeckLayout, deck: Record<string, unknown>): DeckParts {
  const lead = deck[layout.leaderField]
  const leaders = layout.leaderList ? (lead as string[]) : [lead as string]
  return { leaders, main: layout.hasMain ? (deck['main'] as MainEntry[]) : null }
}

export function joinDeck(layout: DeckLayout, parts: DeckParts): Record<string, unknown> {
  const deck: Record<string, unknown> = {
    [layout.leaderField]: layout.leaderList ? parts.leaders : (parts.leaders[0] ?? ''),
  }
  if (layout.hasMain) deck['main'] = parts.main ?? []
  return deck
}

export interface Normalisation {
  given: string
  card: string
}

/** Card references of one game, folded: id, printed name and "Name — Subtitle" all find the card. */
export class CardResolver {
  private readonly byKey = new Map<string, string[]>()
  private readonly types = new Map<string, string>()

  constructor(
    cards: readonly IndexedCard[],
    private readonly leaderType: string,
  ) {
    for (const { card, q } of cards) {
      this.types.set(card.id, q.type)
      for (const key of new Set([foldRef(card.id), foldRef(card.name)])) {
        const ids = this.byKey.get(key) ?? []
        if (!ids.includes(card.id)) ids.push(card.id)
        this.byKey.set(key, ids)
      }
    }
  }

  /**
   * The id `ref` names, or null when it names no card or several. A name several cards share is settled by the slot:
   * a leader's reference by the leader type, a main-deck one by every other type.
   */
  resolve(ref: string, slot: 'leader' | 'main'): string | null {
    const ids = this.byKey.get(foldRef(ref.slice(0, 300)))
    if (!ids) return null
    if (ids.length === 1) return ids[0]!
    const fit = ids.filter(id => (this.types.get(id) === this.leaderType) === (slot === 'leader'))
    return fit.length === 1 ? fit[0]! : null
  }

  /** Whether a card id's type is the leader type. */
  isLeader(id: string): boolean {
    return this.types.get(id) === this.leaderType
  }

  /** The deck in normal form and the references rewritten; references that do not resolve stay as given. */
  normalise(parts: DeckParts): { parts: DeckParts; normalised: Normalisation[] } {
    const normalised: Normalisation[] = []
    const rewrite = (given: string, slot: 'leader' | 'main') => {
      const id = this.resolve(given, slot)
      if (id === null) return given
      if (id !== given) normalised.push({ given, card: id })
      return id
    }
    const leaders = parts.leaders.map(l => rewrite(l, 'leader'))
    let main: MainEntry[] | null = null
    if (parts.main) {
      const counts = new Map<string, number>()
      for (const e of parts.main) {
        const card = rewrite(e.card, 'main')
        counts.set(card, (counts.get(card) ?? 0) + e.count)
      }
      main = [...counts].map(([card, count]) => ({ card, count }))
    }
    return { parts: { leaders, main }, normalised }
  }
}
