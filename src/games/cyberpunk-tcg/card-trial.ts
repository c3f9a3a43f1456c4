/**
 * testCard for Cyberpunk TCG: a fresh match of the first two sample decks played to seat 0's first Main Phase, the
 * scenario's zones and Eddies put in, the card added where its kind starts, played, and its effect resolved.
 */
import { z } from 'zod'
import type { CardProblem, CardSetCards, CardTrial, GameEvent } from '../../kernel/index.ts'
import type { Action } from './actions.ts'
import { resolveDeck, SAMPLE_DECKS } from './deck.ts'
import { decider, listActions } from './decisions.ts'
import { newState } from './setup.ts'
import { cardIn, clashes } from './homebrew.ts'
import type { SetCard } from './card-set.ts'
import { optionsSchema, type State, type Unit } from './state.ts'
import { cyberpunkTcg } from './index.ts'

const ids = z.array(z.string().min(1).max(80)).max(50)
const scenarioPlayer = z.strictObject({
  resources: z
    .strictObject({ eddies: z.number().int().min(0).max(20).optional().describe('Ready Eddies (€$)') })
    .optional(),
  zones: z
    .strictObject({
      hand: ids.optional(),
      deck: ids.optional().describe('Top first'),
      trash: ids.optional(),
      field: ids.max(6).optional().describe('Units in the field, ready'),
    })
    .optional(),
})
export const scenarioSchema = z.strictObject({
  players: z.array(scenarioPlayer).max(2).default([]),
  step: z.literal('main').optional().describe("Seat 0's Main Phase (the only step a card is tried in)"),
  play: z
    .string()
    .max(200)
    .optional()
    .describe('The action id or label that plays the card; else the first listed action that plays (or calls) it'),
})

// Actions of seats other than the tester (and of the opening) before giving up: a turn's opening is a few decisions.
const MAX_STEPS = 200

/** The state's card table with one more instance of `id` for `seat`. */
function addCard(s: State, id: string, seat: number): number {
  s.cards = [...s.cards, id]
  s.owner = [...s.owner, seat]
  return s.cards.length - 1
}

/** A built-in card of `seat`'s deck, face down as an Eddie (which card it is does not matter there). */
function filler(s: State, seat: number): string {
  return s.cards[s.owner.indexOf(seat) + 3]! // after its 3 Legends
}

const unit = (uid: number): Unit => ({
  uid,
  spent: false,
  lag: false,
  attacksWhileLagging: false,
  gear: [],
  powerThisTurn: 0,
  blockerThisTurn: false,
  stole: false,
})

/** The listed action a seat other than the tester takes: it answers nothing (a pass), else the first listed. */
function passive(actions: Action[]): Action {
  return (
    actions.find(a => a.type === 'endReactions' || a.type === 'pass') ??
    actions.find(a => a.type !== 'concede' && a.type !== 'setAutoPass') ??
    actions[0]!
  )
}

export function tryCard(
  card: SetCard,
  raw: unknown,
  sets: readonly CardSetCards[],
  pick: (state: unknown, actions: unknown[], play: string) => unknown | undefined,
): CardTrial<State, Action> | { problem: CardProblem } {
  const parsed = scenarioSchema.safeParse(raw ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
    return {
      problem: { path: issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path, message: issue.message },
    }
  }
  const scenario = parsed.data
  const decks = SAMPLE_DECKS.slice(0, 2).map((d, i) => ({
    ...d.deck,
    ...(i === 0 ? { sets: sets.map(x => x.ref) } : {}),
  }))
  let s = newState(
    decks.map(d => resolveDeck(d, sets)),
    optionsSchema.parse({ concedeListed: false }),
    'test-card',
  )
  // the opening: seat 0 goes first, nobody redraws, seat 0's Start Phase answered with the first option
  for (let i = 0; i < MAX_STEPS && !(s.phase === 'main' && decider(s) === 0 && !s.prompt); i++) {
    const seat = decider(s)
    const actions = listActions(s, seat)
    const a =
      actions.find(x => x.type === 'goFirst' && x.first === (seat === 0)) ??
      actions.find(x => x.type === 'mulligan' && !x.redraw) ??
      passive(actions)
    s = cyberpunkTcg.apply(s, seat, a).state
  }
  s = { ...s, players: s.players.map(p => ({ ...p })) }
  // the card tried: under its own id, unless that id already means another card in the match
  const id = clashes(s.homebrew, card.id, card, null) ? `${card.id}@tested` : card.id
  s.homebrew = {
    cardSets: s.homebrew?.cardSets ?? [],
    cards: { ...s.homebrew?.cards, [id]: card },
    sets: { ...s.homebrew?.sets },
  }
  const find = (name: string) => {
    if (name === card.id) return id
    const hit = resolveDeck({ legends: [name], main: [], sets: sets.map(x => x.ref) }, sets)
    return hit.legends[0] === undefined ? null : cardIn(s, hit.legends[0]) ? hit.legends[0] : null
  }
  for (let seat = 0; seat < 2; seat++) {
    const spec = scenario.players[seat]
    const p = s.players[seat]!
    for (const zone of ['hand', 'deck', 'trash', 'field'] as const) {
      const list = spec?.zones?.[zone]
      if (list === undefined) continue
      const uids: number[] = []
      for (const [i, name] of list.entries()) {
        const found = find(name)
        if (found === null)
          return {
            problem: {
              path: ['players', seat, 'zones', zone, i],
              message: `"${name}" is not a card of the game, of the sets or the card tried`,
            },
          }
        uids.push(addCard(s, found, seat))
      }
      if (zone === 'field') p.field = uids.map(unit)
      else if (zone === 'deck') p.deck = uids.slice().reverse()
      else p[zone] = uids
    }
    const eddies = spec?.resources?.eddies
    if (eddies !== undefined) {
      p.eddies = p.eddies.slice(0, eddies)
      while (p.eddies.length < eddies) p.eddies = [...p.eddies, addCard(s, filler(s, seat), seat)]
      p.eddiesSpent = 0
    }
  }
  const me = s.players[0]!
  const d = cardIn(s, id)!
  const uid = addCard(s, id, 0)
  if (d.type === 'Legend') {
    // a Legend starts face down in the Legends area: it takes slot 0, and is Called
    me.legends = me.legends.map((l, i) => (i === 0 ? { uid, faceUp: false, spent: false, gear: [] } : l))
  } else {
    me.hand = [...me.hand, uid]
    // a Gear needs a host: a friendly Unit (the scenario's, else one of the deck's Units)
    if (d.type === 'Gear' && me.field.length === 0) {
      const host = me.deck.find(u => cardIn(s, s.cards[u]!)?.type === 'Unit')
      if (host !== undefined) {
        me.deck = me.deck.filter(u => u !== host)
        me.field = [unit(host)]
      }
    }
  }
  // enough ready Eddies to play the card (and Call it), unless the scenario said how many
  if (scenario.players[0]?.resources?.eddies === undefined) {
    const need = (d.cost ?? 0) + 1
    while (me.eddies.length - me.eddiesSpent < need) me.eddies = [...me.eddies, addCard(s, filler(s, 0), 0)]
  }
  const before = s
  const actions = listActions(before, 0)
  const plays = (a: Action) =>
    (a.type === 'play' && a.card === id) || (a.type === 'call' && d.type === 'Legend' && a.slot === 0)
  const played =
    scenario.play !== undefined ? (pick(before, actions, scenario.play) as Action | undefined) : actions.find(plays)
  if (played === undefined) return { before, legalActions: actions, played: null, after: before, events: [] }
  let result = cyberpunkTcg.apply(before, 0, played)
  const events: GameEvent[] = [...result.events]
  for (let i = 0; i < MAX_STEPS; i++) {
    const next = decider(result.state)
    if (next < 0 || next === 0) break
    result = cyberpunkTcg.apply(result.state, next, passive(listActions(result.state, next)))
    events.push(...result.events)
  }
  return { before, legalActions: actions, played, after: result.state, events }
}
