// Who plays in a tournament: every deck crossed with every bot, each named for the table.
import { readFileSync } from 'node:fs'
import { slugify, type AnyEngine, type CardSetCards } from '../kernel/index.ts'
import { botKinds, botKindSchema, missingFor } from '../bots/index.ts'
import type { SeatBot } from '../bots/play-match.ts'
import { setsOf, withExactRefs } from './card-set-files.ts'

export interface Entrant {
  label: string
  deckName: string
  deck: unknown
  /** The homebrew card sets the deck names (`--sets`). */
  sets: CardSetCards[]
  bot: SeatBot
  botLabel: string
}

/**
 * A deck by sample-deck name (or whole words of one, any case: `neon`, `heist`, `the-heist`), by the hero or avatar
 * id a sample deck uses (`thor`, `razorjack`), by any start of either that names one deck (`emb`, `scar`), or by the
 * path of a JSON deck file, which may name homebrew sets among `sets` (by exact ref or bare id).
 */
export function resolveDeck(
  engine: AnyEngine,
  name: string,
  sets: readonly CardSetCards[] = [],
): { name: string; deck: unknown; sets: CardSetCards[] } {
  const slug = slugify(name)
  const samples = engine.sampleDecks()
  const heroOf = (deck: unknown) => {
    const d = deck as { hero?: unknown; avatar?: unknown }
    const id = d.hero ?? d.avatar
    return typeof id === 'string' ? slugify(id) : undefined
  }
  const exact = samples.filter(s => slugify(s.name) === slug || heroOf(s.deck) === slug)
  const words = samples.filter(s => `-${slugify(s.name)}-`.includes(`-${slug}-`))
  // Then the start of a name or of a hero id (`emb`, `scar`): any prefix that names one deck.
  const prefix = slug ? samples.filter(s => slugify(s.name).startsWith(slug) || heroOf(s.deck)?.startsWith(slug)) : []
  const found = exact.length > 0 ? exact : words.length > 0 ? words : prefix
  if (found.length === 1) return { name: found[0]!.name, deck: found[0]!.deck, sets: [] }
  if (found.length > 1)
    throw new Error(`"${name}" matches several ${engine.id} decks: ${found.map(s => s.name).join(', ')}`)
  if (name.endsWith('.json')) {
    const deck = engine.schemas.deck.parse(withExactRefs(JSON.parse(readFileSync(name, 'utf8')), sets))
    const named = setsOf(deck, sets)
    const report = engine.validateDeck(deck, named)
    if (!report.legal)
      throw new Error(`${name} is not a legal ${engine.id} deck: ${report.violations.map(v => v.message).join('; ')}`)
    return { name: name.replace(/^.*\//, '').replace(/\.json$/, ''), deck, sets: named }
  }
  throw new Error(
    `no ${engine.id} deck "${name}"; sample decks: ${samples.map(s => s.name).join(', ')} (or a .json deck file)`,
  )
}

/** `kind[:strength][:rollout]`, e.g. `ismcts`, `ismcts:8`, `ismcts:5:full` (playouts to the end) or `ismcts:5:0`. */
export function parseBot(
  spec: string,
  engine: AnyEngine,
  defaults: { strength: number; rolloutDepth?: number },
): SeatBot {
  const [kindText, strengthText, rolloutText] = spec.split(':')
  const kind = botKindSchema.safeParse(kindText)
  if (!kind.success) throw new Error(`unknown bot "${kindText}": one of random, greedy, ismcts`)
  if (!botKinds(engine).includes(kind.data)) {
    throw new Error(
      `${engine.id} has no ${kind.data} bot yet: the engine needs ${missingFor(engine, kind.data).join(' and ')} (it offers ${botKinds(engine).join(', ')})`,
    )
  }
  const strength = strengthText ? Number(strengthText) : defaults.strength
  if (!Number.isInteger(strength) || strength < 1 || strength > 10)
    throw new Error(`bot "${spec}": strength is 1 to 10`)
  const rolloutDepth =
    rolloutText === undefined ? defaults.rolloutDepth : rolloutText === 'full' ? Infinity : Number(rolloutText)
  if (
    rolloutDepth !== undefined &&
    !(rolloutDepth === Infinity || (Number.isInteger(rolloutDepth) && rolloutDepth >= 0))
  ) {
    throw new Error(`bot "${spec}": rollout is a number of moves or "full"`)
  }
  return { kind: kind.data, strength, ...(rolloutDepth !== undefined && { rolloutDepth }) }
}

function botLabel(bot: SeatBot, defaultStrength: number): string {
  if (bot.kind !== 'ismcts') return bot.kind
  const parts: string[] = [bot.kind]
  if (bot.strength !== defaultStrength || bot.rolloutDepth !== undefined) parts.push(String(bot.strength))
  if (bot.rolloutDepth !== undefined) parts.push(bot.rolloutDepth === Infinity ? 'full' : String(bot.rolloutDepth))
  return parts.join(':')
}

/** Every deck × every bot; a label names only what varies (the bot when there is one deck, and so on). */
export function entrants(
  engine: AnyEngine,
  deckNames: string[],
  botSpecs: string[],
  defaults: { strength: number; rolloutDepth?: number },
  sets: readonly CardSetCards[] = [],
): Entrant[] {
  const decks = deckNames.map(d => resolveDeck(engine, d, sets))
  const bots = botSpecs.map(b => parseBot(b, engine, defaults))
  const out: Entrant[] = []
  for (const d of decks) {
    for (const bot of bots) {
      const bl = botLabel(bot, defaults.strength)
      const label = decks.length === 1 ? bl : bots.length === 1 ? d.name : `${d.name} / ${bl}`
      out.push({ label, deckName: d.name, deck: d.deck, sets: d.sets, bot, botLabel: bl })
    }
  }
  const labels = out.map(e => e.label)
  const twice = labels.find((l, i) => labels.indexOf(l) !== i)
  if (twice) throw new Error(`entrant "${twice}" is listed twice`)
  return out
}
