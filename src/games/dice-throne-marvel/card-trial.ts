// testCard for Marvel Dice Throne: a small position from a scenario (health, CP, zones, statuses, the Main Phase or
// an Offensive Roll), the card added to seat 0's hand, played and resolved while the others pass.
import { z } from 'zod'
import type { CardProblem, CardSetCards, CardTrial, GameEvent } from '../../kernel/index.ts'
import { CARDS, HERO_IDS, type Card, type HeroId } from './data.ts'
import { applyAction } from './apply.ts'
import { legal } from './legal.ts'
import { actor } from './actor.ts'
import { expandDeck } from './deck.ts'
import { setCards, STATUS_WORDS } from './card-set.ts'
import { setupState } from './setup.ts'
import type { DTAction, DTState } from './state.ts'
import { CP_MAX } from './state.ts'

const ids = z.array(z.string().min(1).max(100)).max(40)
const scenarioPlayer = z.strictObject({
  hero: z.enum(HERO_IDS).optional().describe("Seat 0: the card's hero, else the first sample deck's; seat 1: another"),
  life: z.number().int().min(1).max(99).optional().describe('Health (50 in 1v1)'),
  resources: z
    .strictObject({ cp: z.number().int().min(0).max(CP_MAX).optional().describe('Combat points (2 at the start)') })
    .optional(),
  zones: z
    .strictObject({
      hand: ids.optional(),
      deck: ids.optional().describe('Top last (cards are drawn from its end)'),
      discard: ids.optional(),
    })
    .optional(),
  statuses: z
    .partialRecord(z.enum(STATUS_WORDS as [string, ...string[]]), z.number().int().min(0).max(9))
    .optional()
    .describe('Status tokens on the player, by status id'),
})
export const scenarioSchema = z.strictObject({
  players: z.array(scenarioPlayer).max(2).default([]),
  step: z
    .enum(['main', 'offensiveRoll'])
    .optional()
    .describe("Seat 0's Main Phase 1 (the default), or its Offensive Roll Phase with its dice on the table"),
  dice: z
    .array(z.number().int().min(1).max(6))
    .length(5)
    .optional()
    .describe("Seat 0's offensive dice (offensiveRoll; default 1, 2, 3, 4, 5), with one roll attempt left"),
  play: z
    .string()
    .max(200)
    .optional()
    .describe('The action id or label that plays the card; else the first listed play of it'),
})

/** The others answer nothing: at most this many passes before seat 0 decides again. */
const MAX_PASSES = 50
/** The card's own ref in the state: it belongs to no stored set. */
const TRIED = 'tested'

function problem(path: (string | number)[], message: string): { problem: CardProblem } {
  return { problem: { path, message } }
}

export function tryCard(
  card: Card,
  raw: unknown,
  sets: readonly CardSetCards[],
  pick: (state: unknown, actions: unknown[], play: string) => unknown | undefined,
): CardTrial<DTState, DTAction> | { problem: CardProblem } {
  const parsed = scenarioSchema.safeParse(raw ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
    return problem(issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path, issue.message)
  }
  const scenario = parsed.data
  // whatever the scenario leaves out comes from a fresh match of the first two sample decks (heroes in HERO_IDS order)
  const hero0: HeroId = scenario.players[0]?.hero ?? (card.hero as HeroId | null) ?? HERO_IDS[0]
  const hero1: HeroId = scenario.players[1]?.hero ?? HERO_IDS.find(h => h !== hero0)!
  const refs = sets.map(s => s.ref)
  const decks = [expandDeck({ hero: hero0, sets: refs }, hero0, sets), expandDeck({ hero: hero1 }, hero1)]
  const fresh = setupState(decks, '1v1', 'test-card')
  // seat 0's set cards: the deck's, the card tried, and the cards of its sets the zones name
  const seatCards = [...decks[0]!.setCards]
  const seatCardSets = [...decks[0]!.setCardSets]
  const own = (c: Card, set: string) => {
    const at = seatCards.findIndex(x => x.id === c.id)
    if (at >= 0) {
      seatCards.splice(at, 1)
      seatCardSets.splice(at, 1)
    }
    seatCards.push(c)
    seatCardSets.push(set)
  }
  own(card, TRIED)
  const setCardLists = sets.map(s => ({ ref: s.ref, cards: setCards(s) }))
  const find = (seat: number, id: string): boolean => {
    if (seat === 0 && seatCards.some(c => c.id === id)) return true
    if (seat === 0)
      for (const set of setCardLists) {
        const hit = set.cards.find(c => c.id === id)
        if (hit !== undefined) {
          own(hit, set.ref)
          return true
        }
      }
    return CARDS[id] !== undefined
  }
  const state: DTState = { ...fresh, first: 0, active: 0, turn: 1, step: 'main1', win: null, choice: null }
  state.hp = fresh.hp.slice()
  state.p = fresh.p.map(pl => ({ ...pl }))
  for (let seat = 0; seat < 2; seat++) {
    const spec = scenario.players[seat]
    const pl = state.p[seat]!
    for (const zone of ['hand', 'deck', 'discard'] as const) {
      const list = spec?.zones?.[zone]
      if (list === undefined) continue
      for (const [i, id] of list.entries())
        if (!find(seat, id))
          return problem(
            ['players', seat, 'zones', zone, i],
            `"${id}" is not a card of the game, of the sets or the card tried`,
          )
      pl[zone] = list.slice()
    }
    if (seat === 0) pl.hand = [...pl.hand, card.id]
    if (spec?.life !== undefined) state.hp[state.pool[seat]!] = spec.life
    if (spec?.statuses !== undefined) {
      const st: Record<string, number> = {}
      for (const [id, n] of Object.entries(spec.statuses)) if (n !== undefined && n > 0) st[id] = n
      pl.st = st
    }
    const needed = seat === 0 ? card.cost : 0
    pl.cp = Math.max(spec?.resources?.cp ?? pl.cp, needed)
  }
  state.homebrew = {
    cardSets: refs,
    seatCards: [seatCards, fresh.homebrew?.seatCards[1] ?? []],
    seatCardSets: [seatCardSets, fresh.homebrew?.seatCardSets[1] ?? []],
  }
  if (scenario.step === 'offensiveRoll') {
    state.step = 'rolling'
    state.roll = { owner: 0, dice: scenario.dice ?? [1, 2, 3, 4, 5], left: 1, lock: -1, kind: 'off' }
  }
  const actions = legal(state, 0)
  const played =
    scenario.play !== undefined
      ? (pick(state, actions, scenario.play) as DTAction | undefined)
      : actions.find(a => a.type === 'play' && a.card === card.id)
  if (played === undefined) return { before: state, legalActions: actions, played: null, after: state, events: [] }
  // each action counts its own effect steps (apply): a card that does not end throws RulesLoop
  let result = applyAction(state, 0, played)
  const events: GameEvent[] = [...result.events]
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = actor(result.state)
    if (next < 0 || next === 0) break
    const pass = legal(result.state, next).find(a => a.type === 'pass')
    if (pass === undefined) break
    result = applyAction(result.state, next, pass)
    events.push(...result.events)
  }
  return { before: state, legalActions: actions, played, after: result.state, events }
}
