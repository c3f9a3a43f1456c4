// What a seat (or a spectator) sees of a Dice Throne match, its zod schema, and the match status.
import { z } from 'zod'
import type { MatchStatus } from '../../kernel/index.ts'
import { DAMAGE_TYPES, HEROES, HERO_IDS, ILLUSION_CARDS, STATUSES } from './data.ts'
import { actor } from './actor.ts'
import type { DTState, HeldCard } from './state.ts'

/** The card a held action was paid with. */
const heldCardOf = (h: HeldCard): string | null =>
  h.a.type === 'mjolnir' ? h.a.discard : h.a.type === 'roll' || h.a.type === 'defend' ? null : h.a.card

const int = z.number().int()
const seatId = int.min(0).max(3)
export const STEPS = [
  'upkeep',
  'income',
  'main1',
  'rolling',
  'rollEnd',
  'pre',
  'target',
  'modify',
  'defStart',
  'defChoose',
  'def',
  'then',
  'inc',
  'combo',
  'main2',
  'discard',
  'over',
  'main1End',
  'main2End',
  'discardEnd',
] as const
const stepSchema = z
  .enum(STEPS)
  .describe(
    'Where the turn is: upkeep/income (the Upkeep and Income Phases, answers before they go on), main1/main2 (Main Phases), main1End/main2End/discardEnd (the others may answer the end of a Main or Discard Phase), rolling (Offensive Roll), rollEnd (the others may answer before it ends without an attack), ' +
      'pre (answers before activation), target (choose the target), modify (attack modifiers), defStart (answers as the Defensive Roll Phase begins), defChoose (choose a defence), def (the defence window), ' +
      'then (the pause before "Then" effects), inc (incoming isolated damage may be prevented), combo (spend Combo?), discard (sell down to 6), over',
  )
const windowKind = z.enum(['pre', 'rollEnd', 'defStart', 'def', 'then', 'inc', 'phase', 'card', 'tgt'])
const damageType = z.enum(DAMAGE_TYPES)
const counts = z.record(z.string(), int)

const playerView = z.strictObject({
  seat: seatId,
  hero: z.enum(HERO_IDS).describe('Hero id (see `cards`: type "hero")'),
  health: int.describe("The player's health (in 2v2 the team's shared dial)"),
  pool: int.describe('Index into `health`: teammates in 2v2 share a pool'),
  cp: int.min(0).max(15).describe('Combat Points'),
  handCount: int.min(0),
  hand: z.array(z.string()).optional().describe('Card ids in hand: only in the view of that seat'),
  deckCount: int.min(0).describe('Cards left in the deck (its order is hidden from everyone)'),
  discard: z.array(z.string()).describe('The public discard pile, oldest first'),
  statuses: counts.describe('Status tokens held, by status id'),
  stackLimits: counts.describe("Most tokens this player may hold of each of the hero's statuses"),
  levels: counts.describe('Ability and defence levels above I, by ability id'),
  upgrades: z.array(z.string()).describe('Hero Upgrade cards in play'),
  defeated: z.boolean(),
  autoPass: z.boolean().describe('The player chose to auto-pass: windows ask it only when it has a real answer'),
  mjolnir: z
    .union([z.literal('home'), seatId])
    .optional()
    .describe("Thor only: 'home', or the seat Mjölnir was thrown at"),
})

const attackView = z.strictObject({
  by: seatId.describe('Attacker'),
  to: seatId.describe('Defender'),
  ability: z.string().describe('Ability id'),
  variant: int.describe('Variant index at the ability level'),
  level: int.describe('The ability level'),
  name: z.string().describe('Printed ability name'),
  damageType: damageType.describe('Damage type'),
  base: int.describe('Damage before modifiers'),
  ultimate: z.boolean().describe('An Ultimate: cannot be answered'),
  addedDamage: int.describe('Damage added by attack modifiers'),
  preventedDamage: int.describe('Damage prevented by fixed amounts'),
  halves: int.describe('How many times the damage is halved'),
  allPrevented: z.boolean().describe('All of the damage is prevented'),
  counter: int.describe('Counter damage to the attacker'),
  defence: z.string().nullable().describe('The defence rolled, by id'),
  guardBreak: z.boolean().describe('Guard Break spent'),
  invisibility: z.boolean().describe('Invisibility spent to defend an undefendable attack'),
  spiderSense: z.boolean().describe('Spider-Sense succeeded'),
  swingEscape: z.boolean().describe('Swing Escape! played'),
  invisiblePunch: z.boolean().describe('Invisible Punch! played'),
  indomitableWill: z.boolean().describe('Indomitable Will! played'),
  illusion: z.enum(ILLUSION_CARDS).nullable().describe('The Illusion card the attacker picked'),
  counterPrevented: int.optional().describe('Counter damage prevented'),
  allCounterPrevented: z.boolean().optional().describe('All counter damage prevented'),
})

const incomingView = z.strictObject({
  by: seatId,
  to: seatId,
  amount: int.describe('Isolated damage waiting to land'),
  damageType: damageType,
  preventedDamage: int.describe('Prevented so far'),
  allPrevented: z.boolean().describe('All of it is prevented'),
  why: z.string().describe('Its source, e.g. "mjolnir", "webbed", "isolated-collateral"'),
  resumeAt: z
    .strictObject({
      step: stepSchema,
      window: z.strictObject({ kind: windowKind, seats: z.array(seatId), index: int }).nullable(),
    })
    .optional()
    .describe('Where the game goes back to once it has landed (a throw made by discarding a card)'),
})

export const viewSchema = z
  .strictObject({
    game: z.literal('dice-throne-marvel'),
    mode: z.enum(['1v1', '2v2', 'free-for-all']),
    seat: seatId.nullable().describe('The seat this view is for; null for a spectator'),
    turn: int.min(1),
    active: seatId.describe('Whose turn it is'),
    startingPlayer: seatId,
    step: stepSchema,
    health: z.array(int).describe('Health per pool (one per player; one per team in 2v2)'),
    players: z.array(playerView),
    roll: z
      .strictObject({
        owner: seatId,
        dice: z.array(int.min(1).max(6)).describe('Faces, by position (die 1 first)'),
        left: int.describe('Roll attempts left'),
        lock: int.describe('Position of a die that may not be rerolled (Reality Warp), or -1'),
        kind: z
          .enum(['off', 'def', 'tgt'])
          .describe(
            'Offensive or defensive roll, or the 2v2 targeting die (its offensive dice are then in `offensiveDice`)',
          ),
      })
      .nullable()
      .describe('The dice on the table'),
    selected: z
      .strictObject({
        ability: z.string().describe('Ability id'),
        variant: int.describe('Variant index at the ability level'),
      })
      .nullable()
      .describe('The ability chosen in the Offensive Roll Phase (id, variant)'),
    attack: attackView.nullable().describe('The attack being resolved'),
    target: int.describe('Target of the current Offensive Roll Phase, or -1'),
    window: z
      .strictObject({ kind: windowKind, seat: seatId.nullable() })
      .nullable()
      .describe('An open response window and the seat it asks now'),
    incoming: incomingView.nullable(),
    offensiveDice: z
      .array(int.min(1).max(6))
      .optional()
      .describe('The offensive dice while the 2v2 targeting die is the roll on the table'),
    held: z
      .strictObject({
        seat: seatId,
        card: z.string().describe('Card id: the card played, sold or discarded for Mjölnir'),
      })
      .optional()
      .describe(
        'An action that is not an Instant (a card played, a card sold, a discard for Mjölnir), paid for, waiting for the answers (window `card`) before it resolves',
      ),
    choice: z
      .strictObject({
        kind: z.enum(['setDie', 'arrange', 'pick', 'botTarget', 'odinReroll', 'mjSteps', 'reroll1']),
        seat: seatId,
        dice: z.array(int.min(1).max(6)).optional().describe("Odinforce II's fresh dice"),
        max: int.optional().describe('Most Mjölnir steps allowed'),
      })
      .nullable()
      .describe('A choice one seat must make before play goes on'),
    illusionOrder: z
      .array(z.enum(ILLUSION_CARDS))
      .optional()
      .describe('The face-down Illusion cards in order: only Loki, who laid them, sees this'),
    illusionSuggestion: int.optional().describe('The position Loki suggested aloud (0-based)'),
    toAct: z.array(seatId),
    finished: z.boolean(),
    winners: z.array(seatId).optional(),
    reason: z.string().optional().describe('Why the match ended'),
    cardSets: z
      .array(z.string())
      .optional()
      .describe('The homebrew card sets the decks use, "<id>@<version>" (absent for none)'),
  })
  .describe('A Marvel Dice Throne match as one seat (or a spectator) sees it')
export type DTView = z.infer<typeof viewSchema>
type IllusionCard = (typeof ILLUSION_CARDS)[number]

export function status(s: DTState): MatchStatus {
  if (s.done) return { toAct: [], finished: true, winners: s.winners.slice(), reason: s.reason }
  const a = actor(s)
  return { toAct: a >= 0 ? [a] : [], finished: false, turn: s.turn }
}

export function view(s: DTState, seat: number | null): DTView {
  const players = s.p.map((pl, i) => ({
    seat: i,
    hero: pl.hero,
    health: s.hp[s.pool[i]!]!,
    pool: s.pool[i]!,
    cp: pl.cp,
    handCount: pl.hand.length,
    ...(seat === i ? { hand: pl.hand.slice() } : {}),
    deckCount: pl.deck.length,
    discard: pl.discard.slice(),
    statuses: { ...pl.st },
    stackLimits: Object.fromEntries(HEROES[pl.hero]!.statuses.map(x => [x, pl.lim[x] ?? STATUSES[x]!.limit])),
    levels: { ...pl.lv },
    upgrades: pl.ups.slice(),
    defeated: pl.out,
    autoPass: pl.auto ?? false,
    ...(pl.mj !== -2 ? { mjolnir: pl.mj === -1 ? ('home' as const) : pl.mj } : {}),
  }))
  const ch = s.choice
  return {
    game: s.game,
    mode: s.mode,
    seat,
    turn: s.turn,
    active: s.active,
    startingPlayer: s.first,
    step: s.step,
    health: s.hp.slice(),
    players,
    roll: s.roll ? { ...s.roll, dice: s.roll.dice.slice() } : null,
    selected: s.sel,
    attack: s.atk ? { ...s.atk, illusion: s.atk.illusion as IllusionCard | null } : null,
    target: s.target,
    window: s.win ? { kind: s.win.kind, seat: s.win.seats[s.win.index] ?? null } : null,
    // isolated damage waiting for its prevention window (public: it was dealt openly)
    incoming: s.inc ? { ...s.inc } : null,
    ...(s.offRoll ? { offensiveDice: s.offRoll.dice.slice() } : {}),
    // the card was played face up (its play event names it)
    // an Offensive Roll attempt waiting for answers names no card: the window (`card`) shows it
    ...(s.held && heldCardOf(s.held) !== null ? { held: { seat: s.held.seat, card: heldCardOf(s.held)! } } : {}),
    // Odinforce II's rolled dice are on the table while their owner decides to reroll them.
    choice: ch
      ? {
          kind: ch.kind,
          seat: ch.seat,
          ...(ch.kind === 'odinReroll' ? { dice: ch.dice.slice() } : {}),
          ...(ch.kind === 'mjSteps' ? { max: ch.max } : {}),
        }
      : null,
    // Illusion cards lie face down: only Loki (who arranged them) knows the order (DT-13.20).
    ...(s.ill && seat !== null && s.atk && seat === s.atk.to ? { illusionOrder: s.ill.slice() as IllusionCard[] } : {}),
    // Loki's suggestion is said aloud (DT-13.21).
    ...(s.ill && (s.sug ?? -1) >= 0 ? { illusionSuggestion: s.sug } : {}),
    toAct: status(s).toAct,
    finished: s.done,
    winners: s.done ? s.winners.slice() : undefined,
    reason: s.done ? s.reason : undefined,
    ...(s.homebrew !== undefined ? { cardSets: s.homebrew.cardSets.slice() } : {}),
  }
}
