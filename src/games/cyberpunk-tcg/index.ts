// The Cyberpunk TCG engine object: the contract's entry points, wired to the rules, the view, the labels and the bot
// helpers.
import {
  RuleViolation,
  illegal,
  type CardFacets,
  type CardInfo,
  type GameEngine,
  type GameEvent,
  type MatchStatus,
} from '../../kernel/index.ts'
import { CARDS } from './cards.ts'
import { actionSchema, type Action } from './actions.ts'
import { DECK_RULES, deckSchema, resolveDeck, SAMPLE_DECKS, validateDeck, type Deck } from './deck.ts'
import { advance } from './turn.ts'
import { decider, listActions } from './decisions.ts'
import { newState } from './setup.ts'
import { perform } from './perform.ts'
import { resignGame, type Ctx } from './core.ts'
import { optionsSchema, type Options, type State } from './state.ts'
import { ruleFor } from './rules.ts'
import { eventSchema, viewSchema, type View } from './schemas.ts'
import { encoding } from './encoding.ts'
import { describeAction, describeEndReason, describeEvent } from './labels.ts'
import { determinize } from './determinize.ts'
import { evaluate } from './heuristic.ts'
import { view } from './view.ts'
import { cloneState } from './clone.ts'
import { withStepBudget } from './homebrew.ts'
import { cardData, cardJsonSchema, checkCard } from './card-set.ts'
import { VOCABULARY } from './vocabulary.ts'
import { tryCard } from './card-trial.ts'

/** Structural equality of two JSON values (key order ignored, undefined keys ignored). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const ao = a as Record<string, unknown>
  const bo = b as Record<string, unknown>
  if (ao['type'] !== bo['type']) return false
  const ka = Object.keys(ao).filter(k => ao[k] !== undefined)
  const kb = Object.keys(bo).filter(k => bo[k] !== undefined)
  if (ka.length !== kb.length) return false
  for (const k of ka) if (!same(ao[k], bo[k])) return false
  return true
}

function status(s: State): MatchStatus {
  if (s.phase === 'over')
    return { toAct: [], finished: true, winners: s.winners ?? [], ...(s.reason ? { reason: s.reason } : {}) }
  const d = decider(s)
  return { toAct: d < 0 ? [] : [d], finished: false, turn: s.turn }
}

function apply(state: State, seat: number, raw: Action): { state: State; events: GameEvent[] } {
  if (state.phase === 'over') throw new RuleViolation('MATCH_FINISHED', 'CR 1.13', 'the match is over')
  if (seat !== 0 && seat !== 1) throw new RuleViolation('NOT_YOUR_DECISION', 'CP-8.4', `no seat ${seat}`)
  // Every accepted action is a listed one (concede included: it is listed, and accepted, only with `concedeListed`).
  if (decider(state) !== seat)
    throw new RuleViolation('NOT_YOUR_DECISION', 'CP-9.24', `seat ${seat} has no decision now`)
  const legal = listActions(state, seat)
  // A client usually submits one of the listed objects itself: identity first, structure only if that fails.
  const found = legal.includes(raw) ? raw : legal.find(a => same(a, raw))
  if (!found) {
    const parsed = actionSchema.safeParse(raw)
    if (!parsed.success) throw illegal('CP-8.6', `malformed action: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
    const [rule, msg] = ruleFor(state, seat, parsed.data)
    throw illegal(rule, msg)
  }
  const action = found
  const c: Ctx = { s: cloneState(state), ev: [], r: null }
  // a card whose effects do not end is stopped here (RULES_LOOP), and the state given stays as it was
  withStepBudget(() => {
    perform(c, seat, action)
    advance(c)
  })
  if (c.r) c.s.rng = c.r.state()
  return { state: c.s, events: c.ev }
}

/** CR 1.16: `seat` concedes whoever is to act (a pending prompt, an attack or an effect half-resolved just stops). */
function resign(state: State, seat: number): { state: State; events: GameEvent[] } {
  if (state.phase === 'over') throw new RuleViolation('MATCH_FINISHED', 'CR 1.13', 'the match is over')
  if (seat !== 0 && seat !== 1) throw new RuleViolation('NOT_YOUR_DECISION', 'CP-8.4', `no seat ${seat}`)
  const c: Ctx = { s: cloneState(state), ev: [], r: null }
  resignGame(c, seat)
  return { state: c.s, events: c.ev }
}

function cards(): CardInfo[] {
  return [...CARDS.values()].map(d => ({
    id: d.id,
    name: d.subtitle ? `${d.name}: ${d.subtitle}` : d.name,
    type: d.type,
    data: cardData(d),
  }))
}

/** Keywords count as tags for a search: a deck builder looks for BLOCKER as it looks for MERC. */
function cardFacets(info: CardInfo): CardFacets {
  const d = CARDS.get(info.id)
  if (!d) return { text: '', tags: [], colours: [], cost: null, ram: null }
  return {
    text: d.text ?? '',
    tags: [...d.tags, ...d.keywords],
    colours: [d.color],
    cost: d.cost,
    ram: d.ram,
    power: d.power,
    sellable: d.sell,
  }
}

/**
 * What other viewers see of an action in the log. Every action but `choose` is public by the rules: a played or sold
 * card is shown to the opponent (CP-7.14, CP-7.18, CP-7.33, CP-8.28), a Call names a slot, attacks and blocks are
 * announced (CP-9.13), and the pending list is public. A `choose` pick may be hidden (a card taken by a search, a
 * face-down Legend looked at), and this hook sees no state, so only its type is shown; its public result is in the
 * events. The auto-pass switch is the seat's own: others see that it changed, not to what.
 */
export function publicAction(a: Action): unknown {
  return a.type === 'choose' || a.type === 'setAutoPass' ? { type: a.type } : a
}

export const cyberpunkTcg: GameEngine<State, Action, Deck, Options, View> = {
  ...encoding,
  id: 'cyberpunk-tcg',
  name: 'Cyberpunk TCG',
  seats: { min: 2, max: 2 },
  schemas: {
    deck: deckSchema,
    action: actionSchema as never,
    options: optionsSchema as never,
    view: viewSchema,
    event: eventSchema,
  },
  validateDeck,
  setup(decks, options, seed, sets) {
    if (decks.length !== 2) throw new Error('cyberpunk-tcg needs exactly 2 decks')
    // The options arrive parsed (`schemas.options`), as the engine contract says and every caller does.
    return newState(
      decks.map(d => resolveDeck(d, sets)),
      options,
      seed,
    )
  },
  legalActions: listActions,
  apply,
  view,
  status,
  describeAction,
  describeEvent,
  describeEndReason,
  resign,
  determinize,
  evaluate,
  cards,
  cardFacets,
  deckRules: DECK_RULES,
  // CR 7.9 (hand 6; a mulligan draws six again), CP-8.16: then one card at the start of every turn, the first one's
  // too.
  cardsSeen: turn => 6 + turn,
  sampleDecks: () => SAMPLE_DECKS,
  publicAction,
  // `concede` is listed by default, as players expect; a uniform random bot would end most games by conceding within a
  // few decisions, so play by bots alone turns it off.
  randomPlayOptions: { concedeListed: false },
  // No tree beat greedy here (evaluate right after a move, mid-turn, is what greedy already plays by): ismcts runs
  // root rollouts. Against greedy in a scratch loop that plays like `arbiter sim` (one thread of this host), 6 × 6
  // playouts over 3 runs (the rest of the turn, the rival's, the seat's next) won 29 of 30 (seeds `c`), 100 ms CPU a
  // move on average and 603 ms at most; over 2 runs 42 of 60 (`b`, `c`, 62 ms); 4 samples × 4 over 2 runs 35 of 50;
  // 6 × 4 over 1 run 9 of 20; the one-action tree with greedy playouts instead, 20 of 40 over 1 run (50 iterations),
  // 19 of 40 over 2 (30). `arbiter sim`, 200 games, `--workers 1`: 168–32 against greedy (84.0%, 78.3–88.4%; seed
  // `s10-cp-ig`), 90 ms CPU a move on average and 679 ms at most; 200–0 against random (`s10-cp-ir`), 51 ms and
  // 808 ms (see docs/bots.md).
  botTuning: { rootRollouts: { samplesPer5: 6, candidates: 6, runs: 3, depth: 120 } },
  cardSupport: {
    cardSchema: cardJsonSchema,
    vocabulary: VOCABULARY,
    checkCard,
    tryCard(card, scenario, sets, pick) {
      const checked = checkCard(card)
      if (!checked.ok) return { problem: checked.problem }
      return tryCard(checked.card, scenario, sets, pick)
    },
  },
}
