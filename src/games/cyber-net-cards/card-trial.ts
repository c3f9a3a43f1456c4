/**
 * testCard for Cyber Net Cards: a small position from a scenario (life, mana, zones), the card armed for seat 0 in its
 * Action stage, played and resolved.
 */
import { z } from 'zod'
import type { CardProblem, CardSetCards, CardTrial, GameEvent } from '../../kernel/index.ts'
import { CARD_BY_ID, SAMPLE_DECKS, type Card } from './data.ts'
import { applyAction } from './apply.ts'
import { deckCards, expandDeck } from './deck.ts'
import { legal, toAct } from './options.ts'
import { initialState } from './setup.ts'
import type { CNAction } from './action.ts'
import type { CNState, Lasting } from './state.ts'
import { START_LIFE } from './values.ts'

const ids = z.array(z.string().min(1).max(64)).max(40)
const scenarioPlayer = z.strictObject({
  life: z.number().int().min(1).max(999).optional(),
  resources: z.strictObject({ mana: z.number().int().min(0).max(99).optional() }).optional(),
  zones: z
    .strictObject({
      hand: ids.optional(),
      deck: ids.optional().describe('Top first'),
      field: ids.max(3).optional().describe('Armed (face-down) cards'),
      equipped: ids.max(6).optional().describe("Equipment on this avatar (the seat's own)"),
      void: ids.optional(),
    })
    .optional(),
})
export const scenarioSchema = z.strictObject({
  players: z.array(scenarioPlayer).max(2).default([]),
  step: z.literal('action').optional().describe('The Action stage, seat 0 to act (the only step a card is tried in)'),
  play: z
    .string()
    .max(200)
    .optional()
    .describe('The action id or label that plays the card; else the first listed activation of it'),
})

/**
 * The other seats answer nothing: at most this many passes before seat 0 decides again (a chain is at most a few
 * links).
 */
const MAX_PASSES = 50

/** The card's own ref in the state: it belongs to no stored set. */
const TRIED = 'tested'

export function tryCard(
  card: Card,
  raw: unknown,
  sets: readonly CardSetCards[],
  pick: (state: unknown, actions: unknown[], play: string) => unknown | undefined,
): CardTrial<CNState, CNAction> | { problem: CardProblem } {
  const parsed = scenarioSchema.safeParse(raw ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
    return {
      problem: { path: issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path, message: issue.message },
    }
  }
  const scenario = parsed.data
  // whatever the scenario leaves out comes from a fresh match of the first two sample decks
  const samples = SAMPLE_DECKS.slice(0, 2).map((d, i) => ({
    ...d.deck,
    ...(i === 0 ? { sets: sets.map(s => s.ref) } : {}),
  }))
  const fresh = initialState(
    samples.map(d => expandDeck(d, sets)),
    'test-card',
  )
  const lookup = deckCards(samples[0]!, sets)
  const find = (id: string): Card | undefined => (id === card.id ? card : (lookup.find(id) ?? CARD_BY_ID.get(id)))
  const used: Card[] = [card]
  const cards: string[] = []
  const firstUid: number[] = []
  for (let seat = 0; seat < 2; seat++) {
    firstUid.push(cards.length)
    const p = fresh.players[seat]!
    const spec = scenario.players[seat]
    const zones = spec?.zones ?? {}
    const zone = (name: keyof typeof zones, from: number[]): number[] | { problem: CardProblem } => {
      const list = zones[name] ?? from.map(u => fresh.cards[u]!)
      const out: number[] = []
      for (const [i, id] of list.entries()) {
        const c = find(id)
        if (c === undefined)
          return {
            problem: {
              path: ['players', seat, 'zones', name, i],
              message: `"${id}" is not a card of the game, of the sets or the card tried`,
            },
          }
        if (seat === 0 && c !== CARD_BY_ID.get(c.id) && !used.includes(c)) used.push(c)
        cards.push(c.id)
        out.push(cards.length - 1)
      }
      return out
    }
    const hand = zone('hand', p.hand)
    const deck = zone('deck', p.deck)
    const field = zone('field', [])
    const equipped = zone('equipped', [])
    const voided = zone('void', [])
    for (const z of [hand, deck, field, equipped, voided]) if (!Array.isArray(z)) return z
    if (seat === 0 && (field as number[]).length > 2) {
      return {
        problem: {
          path: ['players', 0, 'zones', 'field'],
          message: 'at most 2 armed cards beside the card tried (3 slots, CN-6.5)',
        },
      }
    }
    if (seat === 0) {
      cards.push(card.id)
      ;(field as number[]).push(cards.length - 1) // the card is armed, where a card is activated from (CN-6.7)
    }
    const lasting: Lasting[] = (equipped as number[]).map(uid => ({
      uid,
      owner: seat,
      left: find(cards[uid]!)!.lasting?.duration ?? 1,
      coal: 0,
      used: false,
    }))
    const needed = seat === 0 ? card.cost + (card.turbo?.x ?? 0) : 0
    Object.assign(p, {
      life: spec?.life ?? START_LIFE,
      mana: Math.max(spec?.resources?.mana ?? 0, needed),
      hand,
      deck,
      field,
      void: voided,
      lasting,
      placed: true,
    })
  }
  const state: CNState = {
    ...fresh,
    phase: 'action',
    first: 0,
    turn: 0,
    passes: 0,
    cards,
    homebrew: {
      cardSets: sets.map(s => s.ref),
      seatCards: [used, []],
      seatCardSets: [
        used.map(c => (c === card ? TRIED : (lookup.sets.find(s => s.cards.includes(c))?.ref ?? TRIED))),
        [],
      ],
      firstUid,
    },
  }
  const uid = state.players[0]!.field[state.players[0]!.field.length - 1]!
  const actions = legal(state, 0)
  const played =
    scenario.play !== undefined
      ? (pick(state, actions, scenario.play) as CNAction | undefined)
      : actions.find(a => a.type === 'activate' && a.card === uid)
  if (played === undefined) return { before: state, legalActions: actions, played: null, after: state, events: [] }
  let result = applyAction(state, 0, played)
  const events: GameEvent[] = [...result.events]
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = toAct(result.state)
    if (next.length === 0 || next.includes(0)) break
    const pass = legal(result.state, next[0]!).find(a => a.type === 'pass')
    if (pass === undefined) break
    result = applyAction(result.state, next[0]!, pass)
    events.push(...result.events)
  }
  return { before: state, legalActions: actions, played, after: result.state, events }
}
