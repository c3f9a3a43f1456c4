// One deck lab game as a worker thread plays it: `arbiter sim`'s game, with the cards the tested seat drew and played.
import { productionGames } from '../games/index.ts'
import type { AnyEngine, CardSetCards, GameEvent } from '../kernel/index.ts'
import { playMatch, type SeatBot } from './play-match.ts'

export interface LabGameTask {
  game: string
  /** Seat i's deck. */
  decks: unknown[]
  options: unknown
  bots: SeatBot[]
  seed: string
  maxDecisions: number
  /** The tested deck's seat: its cards drawn and played are counted. */
  seat: number
  /** The card sets the decks name, with their cards (a run's request keeps them). */
  sets?: CardSetCards[]
}

export interface LabGameOutcome {
  winners: number[]
  finished: boolean
  decisions: number
  /** Card ids the tested seat had in hand at some point (the opening hand included), each once. */
  drawn: string[]
  /** Card ids the tested seat played (put into play from its hand), each once. */
  played: string[]
}

/** A card id of an entry of a view's hand: the id itself, or an entry's `card` (Cyber Net Cards' `{ uid, card }`). */
function handCard(entry: unknown): string | null {
  if (typeof entry === 'string') return entry
  const card = (entry as { card?: unknown } | null)?.card
  return typeof card === 'string' ? card : null
}

/**
 * The cards in `seat`'s hand as its own view shows them (every engine's view has `players[seat].hand` for its own
 * seat).
 */
function handOf(engine: AnyEngine, state: unknown, seat: number): string[] {
  const view = engine.view(state, seat) as { players?: { hand?: unknown[] }[] }
  return (view.players?.[seat]?.hand ?? []).flatMap(e => handCard(e) ?? [])
}

/**
 * The card ids an event carries in `card` or in its secret's `card` / `cards` (the engines' draw, play and placed
 * events).
 */
function eventCards(event: GameEvent): string[] {
  const secret = event.secret ?? {}
  const out: string[] = []
  for (const value of [event['card'], secret['card'], ...(Array.isArray(secret['cards']) ? secret['cards'] : [])])
    if (typeof value === 'string') out.push(value)
  return out
}

/**
 * The draw events (`draw`) and the events of a card put into play from the hand (`play`, Cyber Net Cards' `placed`)
 * of the three engines; a game whose events name no cards gets no per-card figures, nothing else changes.
 */
const DRAWN = new Set(['draw'])
const PLAYED = new Set(['play', 'placed'])

export function playLabGame(engine: AnyEngine, task: LabGameTask): LabGameOutcome {
  const drawn = new Set<string>()
  const played = new Set<string>()
  let opened = false
  const outcome = playMatch(
    engine,
    task.decks,
    task.options,
    task.bots,
    task.seed,
    task.maxDecisions,
    'none',
    (before, _actor, events) => {
      // The opening hand is dealt by setup, before any decision: read once from the first state a decision is made in.
      if (!opened) for (const card of handOf(engine, before, task.seat)) drawn.add(card)
      opened = true
      for (const event of events) {
        if (event['seat'] !== task.seat) continue
        if (DRAWN.has(event.type)) for (const card of eventCards(event)) drawn.add(card)
        else if (PLAYED.has(event.type)) for (const card of eventCards(event)) played.add(card)
      }
    },
    task.sets,
  )
  return {
    winners: outcome.winners,
    finished: outcome.finished,
    decisions: outcome.decisions,
    drawn: [...drawn],
    played: [...played],
  }
}

const engines = new Map(productionGames.map(e => [e.id, e]))

/** The worker's entry for a lab game (production games only; the pool plays other engines on the calling thread). */
export function runLabGame(task: LabGameTask): LabGameOutcome {
  const engine = engines.get(task.game)
  if (!engine) throw new Error(`no production game ${task.game}`)
  return playLabGame(engine, task)
}
