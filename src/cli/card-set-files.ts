// `arbiter sim --sets`: homebrew card sets read from JSON files, each card checked as `createCardSet` checks it.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { z } from 'zod'
import { parseSetRef, slugify, type AnyEngine, type CardSetCards } from '../kernel/index.ts'

/**
 * A set file: the card set as the API returns it (`cardSet`, `GET /api/card-sets/:id`), of which only these keys are
 * read; `id` and `version` default to the file's name and 1, so a set written by hand needs only its cards.
 */
const setFile = z.looseObject({
  id: z.string().optional(),
  version: z.number().int().positive().optional(),
  name: z.string().optional(),
  game: z.string().optional(),
  cards: z.array(z.unknown()),
})

/** The sets in `paths`, as a deck names them (`<id>@<version>`, or the bare id); throws naming the file and card. */
export function readCardSets(engine: AnyEngine, paths: readonly string[]): CardSetCards[] {
  const support = engine.cardSupport
  if (!support && paths.length) throw new Error(`${engine.id} takes no homebrew card sets`)
  return paths.map(path => {
    let raw: unknown
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'))
    } catch (e) {
      throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
    }
    const parsed = setFile.safeParse(raw)
    if (!parsed.success)
      throw new Error(`${path}: a card set is { "name", "cards": [...] }: ${z.prettifyError(parsed.error)}`)
    const file = parsed.data
    if (file.game !== undefined && file.game !== engine.id) throw new Error(`${path}: a set of ${file.game}`)
    const ref = `${file.id ?? slugify(basename(path).replace(/\.json$/, ''))}@${file.version ?? 1}`
    if (!parseSetRef(ref)) throw new Error(`${path}: "${ref}" is not a set reference (letters, digits, - and _)`)
    file.cards.forEach((card, k) => {
      const check = support!.checkCard(card)
      if (!check.ok) throw new Error(`${path}: cards.${[k, ...check.problem.path].join('.')}: ${check.problem.message}`)
    })
    return { ref, name: file.name ?? ref, cards: file.cards }
  })
}

/** The deck with each bare set id it names written as the loaded set's exact ref, as the service resolves decks. */
export function withExactRefs(deck: unknown, sets: readonly CardSetCards[]): unknown {
  const refs = (deck as { sets?: unknown } | null)?.sets
  if (!Array.isArray(refs)) return deck
  const exact = refs.map(r => (typeof r === 'string' ? (sets.find(s => s.ref.split('@')[0] === r)?.ref ?? r) : r))
  return { ...(deck as object), sets: exact }
}

/** The sets a deck names, of those loaded (the engine reports any other as an unknown set). */
export function setsOf(deck: unknown, sets: readonly CardSetCards[]): CardSetCards[] {
  const refs = (deck as { sets?: unknown } | null)?.sets
  return Array.isArray(refs) ? sets.filter(s => refs.includes(s.ref)) : []
}

/** The sets of several decks, each once (a game's seats may name the same set). */
export function eachSetOnce(sets: readonly CardSetCards[]): CardSetCards[] {
  return [...new Map(sets.map(set => [set.ref, set])).values()]
}
