// Deck lists as text, both ways: the plain list every game reads ("3x Name", sections) and Cyberpunk TCG's simulator
// format.
import type { CardResolver, DeckLayout, DeckParts, MainEntry } from './deck-normal.ts'

export interface DeckProblem {
  /** 1-based. */
  line: number
  text: string
  message: string
  suggestions: string[]
}

/** The community formats a game has besides `plain` (the text of marcuserlandsson/cyberpunk_tcg_simulator). */
const COMMUNITY_FORMATS: Record<string, string[]> = { 'cyberpunk-tcg': ['simulator'] }

export function deckFormats(gameId: string): string[] {
  return ['plain', ...(COMMUNITY_FORMATS[gameId] ?? [])]
}

export const DECK_TEXT_MAX_LENGTH = 20_000
export const DECK_TEXT_MAX_LINES = 500
const MAX_COUNT = 99

const SECTION = /^#*\s*(legends?|avatar|hero|main|deck|cards)\s*:?\s*$/i
const COUNT_FIRST = /^(\d{1,4})\s*[xX×]?\s+(\S.*)$/
const COUNT_LAST = /^(.*\S)\s+[xX×](\d{1,4})$/

interface Printed {
  /** The card's printed name, if it resolves back to the card in this slot; else its id. */
  ref(id: string, slot: 'leader' | 'main'): string
}

/**
 * Reads a deck list (`plain` reads the simulator's text too). Lines it cannot read and cards that do not resolve are
 * problems, left out of the deck; `suggest` gives the nearest printed names of a reference.
 */
export function parseDeckText(
  text: string,
  layout: DeckLayout,
  cards: CardResolver,
  suggest: (ref: string) => string[],
): { parts: DeckParts; problems: DeckProblem[] } {
  const leaders: string[] = []
  const main: MainEntry[] = []
  const problems: DeckProblem[] = []
  let section: 'leader' | 'main' | null = null
  const lines = text.split(/\r\n|\r|\n/)
  lines.forEach((raw, i) => {
    const line = raw.trim()
    if (!line || line.startsWith('//')) return
    const problem = (message: string, suggestions: string[] = []) =>
      problems.push({ line: i + 1, text: raw.slice(0, 200), message, suggestions })
    const head = SECTION.exec(line)
    if (head) {
      section = /^(legends?|avatar|hero)$/i.test(head[1]!) ? 'leader' : 'main'
      return
    }
    if (line.startsWith('#')) return problem('not a section this game has (Legends, Avatar, Hero, Main, Deck or Cards)')
    const first = COUNT_FIRST.exec(line)
    const last = first ? null : COUNT_LAST.exec(line)
    const count = first ? Number(first[1]) : last ? Number(last[2]) : 1
    const ref = (first ? first[2]! : last ? last[1]! : line).trim()
    if (count < 1 || count > MAX_COUNT) return problem(`a count is 1 to ${MAX_COUNT}`)
    const slot = section ?? 'main'
    let id = cards.resolve(ref, slot)
    if (id === null && section === null) id = cards.resolve(ref, 'leader')
    if (id === null) return problem(`no card "${ref.slice(0, 100)}"`, suggest(ref))
    const asLeader = section === null ? cards.isLeader(id) : section === 'leader'
    if (asLeader) {
      if (!layout.leaderList && leaders.length + count > 1) return problem(`a deck has one ${layout.leaderField}`)
      for (let k = 0; k < count; k++) leaders.push(id)
      return
    }
    if (!layout.hasMain) return problem(`this game's deck is its ${layout.leaderField} alone`)
    const entry = main.find(e => e.card === id)
    if (entry) entry.count += count
    else main.push({ card: id, count })
  })
  return { parts: { leaders, main: layout.hasMain ? main : null }, problems }
}

/** A deck in normal form as text in `format` (one of `deckFormats`). */
export function writeDeckText(format: string, layout: DeckLayout, parts: DeckParts, names: Printed): string {
  const lines: string[] = []
  if (format === 'simulator') {
    // "Name — Subtitle", as the simulator prints a card with a subtitle.
    const dashed = (id: string, slot: 'leader' | 'main') => names.ref(id, slot).replace(/: /, ' — ')
    lines.push('## Legends', ...parts.leaders.map(id => `1x ${dashed(id, 'leader')}`), '', '## Cards')
    for (const e of parts.main ?? []) lines.push(`${e.count}x ${dashed(e.card, 'main')}`)
    return `${lines.join('\n')}\n`
  }
  const section =
    layout.leaderField === 'legends' ? 'Legends' : layout.leaderField[0]!.toUpperCase() + layout.leaderField.slice(1)
  // A leader is one copy; its count is written only where the name alone would read as a count.
  const leaderLine = (name: string) => (/^\d/.test(name) || COUNT_LAST.test(name) ? `1 ${name}` : name)
  lines.push(section, ...parts.leaders.map(id => leaderLine(names.ref(id, 'leader'))))
  if (parts.main) lines.push('', 'Main', ...parts.main.map(e => `${e.count} ${names.ref(e.card, 'main')}`))
  return `${lines.join('\n')}\n`
}
