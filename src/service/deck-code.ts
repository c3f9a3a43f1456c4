// Share codes: a deck as base64url LEB128 varints of card indexes in a catalogue version (Hearthstone's deckstring
// layout).
import { ServiceError } from './errors.ts'

/** The game numbers of the code layout. */
export const GAME_NUMBERS: Readonly<Record<string, number>> = {
  'cyberpunk-tcg': 1,
  'dice-throne-marvel': 2,
  'cyber-net-cards': 3,
}
const LAYOUT_VERSION = 1
export const DECK_CODE_MAX_LENGTH = 2000
// Bounds on what a code may claim, so a forged one cannot ask for a huge deck.
const MAX_ENTRIES = 1000
const MAX_COPIES = 1000

export interface CodedDeck {
  game: number
  catalogueVersion: number
  /** Card indexes of the leaders, in deck order. */
  leaders: number[]
  /** Main-deck cards by index, each once. */
  main: { index: number; count: number }[]
}

function invalid(message: string): ServiceError {
  return new ServiceError('DECK_CODE_INVALID', `not a deck code: ${message}`)
}

function varint(out: number[], n: number): void {
  let v = n
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80)
    v = Math.floor(v / 128)
  }
  out.push(v)
}

export function encodeDeckCode(deck: CodedDeck): string {
  const out: number[] = [0]
  varint(out, LAYOUT_VERSION)
  varint(out, deck.game)
  varint(out, deck.catalogueVersion)
  varint(out, deck.leaders.length)
  for (const i of deck.leaders) varint(out, i)
  const sorted = [...deck.main].sort((a, b) => a.index - b.index)
  const groups = [sorted.filter(e => e.count === 1), sorted.filter(e => e.count === 2), sorted.filter(e => e.count > 2)]
  for (const [g, group] of groups.entries()) {
    varint(out, group.length)
    for (const e of group) {
      varint(out, e.index)
      if (g === 2) varint(out, e.count)
    }
  }
  return Buffer.from(out).toString('base64url')
}

export function decodeDeckCode(code: string): CodedDeck {
  if (
    code.length === 0 ||
    code.length > DECK_CODE_MAX_LENGTH ||
    !/^[A-Za-z0-9_-]+$/.test(code) ||
    code.length % 4 === 1
  )
    throw invalid('not base64url text')
  const bytes = Buffer.from(code, 'base64url')
  if (bytes.toString('base64url') !== code) throw invalid('not base64url text')
  let at = 0
  const read = (): number => {
    let n = 0
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length) throw invalid('it ends too soon')
      if (shift > 28) throw invalid('a number too large')
      const b = bytes[at++]!
      n += (b & 0x7f) * 2 ** shift
      if (b < 0x80) return n
    }
  }
  if (read() !== 0) throw invalid('the first byte is not 0')
  const layout = read()
  if (layout !== LAYOUT_VERSION) throw invalid(`unknown layout ${layout}`)
  const game = read()
  const catalogueVersion = read()
  const count = (limit: number) => {
    const n = read()
    if (n > limit) throw invalid('too many cards')
    return n
  }
  const leaders = Array.from({ length: count(MAX_ENTRIES) }, read)
  const main: { index: number; count: number }[] = []
  for (let g = 0; g < 3; g++) {
    const n = count(MAX_ENTRIES - main.length)
    for (let k = 0; k < n; k++) {
      const index = read()
      const copies = g === 0 ? 1 : g === 1 ? 2 : read()
      if (g === 2 && (copies < 3 || copies > MAX_COPIES)) throw invalid(`${copies} copies in the group of 3 or more`)
      main.push({ index, count: copies })
    }
  }
  if (at !== bytes.length) throw invalid('bytes after the deck')
  return { game, catalogueVersion, leaders, main }
}
