// Homebrew card sets as the engines see them: the cards a match is dealt with, a game's card support, and the
// RULES_LOOP step limit.
import type { GameEvent } from './engine.ts'

/** One version of a card set as a deck names it (`<set id>@<version>`), with its cards as stored (JSON). */
export interface CardSetCards {
  ref: string
  name?: string
  cards: readonly unknown[]
}

/** One word of a game's effect vocabulary (see the homebrew contract). */
export interface VocabularyWord {
  word: string
  description: string
  /** JSON Schema of the word's parameters. */
  params: unknown
  /** One complete card that uses the word, valid as it is. */
  example: unknown
  /** The example's generated text. */
  text: string
}

export interface Vocabulary {
  operations: VocabularyWord[]
  conditions: VocabularyWord[]
  triggers: VocabularyWord[]
  targets: VocabularyWord[]
  durations: VocabularyWord[]
}

/**
 * Why a card is refused: where (path segments inside the card), in words, and the words the place takes, if it takes
 * one.
 */
export interface CardProblem {
  path: (string | number)[]
  message: string
  words?: string[]
}

export type CardCheck<Card = unknown> = { ok: true; card: Card; text: string } | { ok: false; problem: CardProblem }

/**
 * One card played in a scenario (testCard): the state before, seat 0's listed actions, the one that played the card
 * (null: none could), and the events from playing it up to seat 0's next decision, the other seats passing.
 */
export interface CardTrial<State = unknown, Action = unknown> {
  before: State
  legalActions: Action[]
  played: Action | null
  after: State
  events: GameEvent[]
}

/** What a game offers for homebrew cards (optional on an engine: a game without it takes no card sets). */
export interface CardSupport {
  /** JSON Schema of one set card. */
  cardSchema: unknown
  vocabulary: Vocabulary
  /** Validates one set card (strict: an unknown key or word is refused) and writes its text. */
  checkCard(card: unknown): CardCheck
  /**
   * Plays a card (already checked) in a scenario (the game's documented format; `play`: an action id or label, matched
   * by `pick`); a scenario the format refuses is a problem with its path. Throws RulesLoop for a card that does not
   * end.
   */
  tryCard(
    card: unknown,
    scenario: unknown,
    sets: readonly CardSetCards[],
    pick: (state: unknown, actions: unknown[], play: string) => unknown | undefined,
  ): CardTrial | { problem: CardProblem }
}

/**
 * Effects that re-trigger themselves would never end: every engine counts the effect steps of one action (or setup) and
 * stops at this many, throwing RulesLoop; apply changes nothing then, as for any refusal.
 */
export const STEP_LIMIT = 10_000

export class RulesLoop extends Error {
  readonly code = 'RULES_LOOP'
  /** The id of the card whose effect was running when the limit was reached (null: no card, e.g. an avatar power). */
  readonly card: string | null
  readonly cardName: string | null
  /** The set the card came from (`<id>@<version>`); null for a built-in card or a card tried alone. */
  readonly set: string | null
  readonly steps: number

  constructor(card: string | null, cardName: string | null, set: string | null, steps: number) {
    super(`${cardName ?? 'An effect'} does not end: stopped after ${steps} effect steps`)
    this.name = 'RulesLoop'
    this.card = card
    this.cardName = cardName
    this.set = set
    this.steps = steps
  }
}

/** A step counter for one action; `limit` is a parameter so a test can reach it with a finite card. */
export class StepBudget {
  private used = 0
  constructor(readonly limit: number = STEP_LIMIT) {}

  /**
   * The next step is the last one allowed: a caller may then look up what the error names, and skip that work
   * otherwise.
   */
  nearLimit(): boolean {
    return this.used >= this.limit
  }

  /** Counts one step of `card`'s effect; throws RulesLoop past the limit. */
  spend(card: string | null, cardName: string | null, set: string | null): void {
    this.used++
    if (this.used > this.limit) throw new RulesLoop(card, cardName, set, this.limit)
  }
}

/** `"<id>@<version>"` split; null for anything else. A bare id (newest version) has version null. */
export function parseSetRef(ref: string): { id: string; version: number | null } | null {
  const m = /^([A-Za-z0-9_-]{1,64})(?:@([1-9][0-9]{0,8}))?$/.exec(ref)
  return m ? { id: m[1]!, version: m[2] === undefined ? null : Number(m[2]) } : null
}
