/**
 * The view and event schemas of Cyber Net Cards: exactly what `view()` returns and what `apply` emits, as any viewer
 * gets it.
 */
import { z } from 'zod'

const seat = z.number().int().min(0).max(1).describe('A seat: 0 or 1')
const cardId = z.string().describe('A card id (its printed name is in the cards query)')
const uid = z.number().int().min(0).describe('A card instance in this match (stable for the whole match)')
const instance = z.strictObject({ uid, card: cardId })
const linkKind = z
  .enum(['card', 'ability', 'use'])
  .describe("card: a deck card; ability: the avatar's ability, its Unique Ability; use: the Use of an equipped card")
const coalWhat = z
  .enum(['coal', 'moveFrom', 'moveTo'])
  .describe('coal: the card that receives coal; moveFrom / moveTo: where a coal move takes it from / puts it')

const playerView = z.strictObject({
  seat,
  avatar: cardId.describe('The avatar id'),
  ability: cardId.describe("The id of the avatar's ability, which is its Unique Ability (in the cards query)"),
  life: z.number().int().describe('Life left; 0 or less loses (CN-1.8)'),
  atk: z
    .number()
    .int()
    .describe('ATK now: avatar, passive, equipped cards and round effects (no floor: it may be below 0)'),
  def: z.number().int().describe('DEF now, computed the same way (it may be below 0)'),
  mana: z.number().int().min(0).describe('Mana in the pool'),
  income: z.number().int().min(0).describe('Mana received at the start of this round'),
  deckCount: z.number().int().min(0).describe('Cards left in the deck (its order is never shown)'),
  handCount: z.number().int().min(0),
  hand: z.array(instance).optional().describe('The hand: only in the view of its own seat'),
  fieldCount: z.number().int().min(0).describe('Armed (face-down) cards placed this round and not yet activated'),
  field: z.array(instance).optional().describe('The armed cards: only in the view of their own seat'),
  active: z
    .array(cardId)
    .describe('Cards activated this round (resolved or negated); to the Void at the end of the round'),
  void: z.array(cardId).describe('The Void (discard), oldest first'),
  equipped: z
    .array(
      z.strictObject({
        uid,
        card: cardId,
        owner: seat.describe('Who activated it: this seat for equipment, the other for an infection'),
        roundsLeft: z.number().int().describe('Rounds it stays, counting this one'),
        coal: z.number().int().min(0).max(3),
        used: z.boolean().describe('Its Use was used this round'),
      }),
    )
    .describe('Equipment and infections sitting on this avatar'),
  recycled: z.boolean().describe('Recycle was used this round'),
  placed: z.boolean().describe('The cards of this round are placed'),
  abilityUsed: z.boolean().describe('The avatar ability (Unique Ability) was used this round'),
  autoPass: z
    .boolean()
    .describe('The seat opted in to auto-passing: it is not asked when it has no real answer (public, Decision 10)'),
})

export const viewSchema = z
  .strictObject({
    game: z.literal('cyber-net-cards'),
    round: z.number().int().min(1),
    phase: z
      .enum(['prep', 'action', 'over'])
      .describe('prep: Recycle and place; action: activate, answer, pass; over: the match ended'),
    first: seat.describe('Starting player of this round'),
    turn: seat.describe('Whose turn it is in the Action stage'),
    passes: z.number().int().min(0).describe('Consecutive passes (two start the Climax)'),
    you: seat.nullable().describe('The seat this view is for; null for a spectator'),
    chain: z
      .array(
        z.strictObject({
          seat,
          kind: linkKind,
          card: cardId.nullable().describe('The card (for card and use links); null for the avatar ability'),
          turbo: z.boolean(),
          burn: z.boolean(),
          negated: z.boolean(),
          target: instance.nullable().describe('The equipped card it targets (EMP Pulse), if any'),
        }),
      )
      .describe('The open chain, first activation first; it resolves last first'),
    responder: seat.nullable().describe('The seat that may answer the chain now; null without a chain'),
    coalTie: z
      .strictObject({ seat, what: coalWhat, n: z.number().int().min(1), options: z.array(instance) })
      .nullable()
      .describe('A coal tie waiting for its player to pick one of the tied equipped cards'),
    roundEffects: z
      .array(
        z.strictObject({
          seat,
          atk: z.number().int(),
          def: z.number().int(),
          card: cardId.nullable().describe('Its source; null for an avatar power'),
        }),
      )
      .describe('ATK and DEF changes until the end of the round'),
    players: z.array(playerView).length(2),
    winners: z.array(seat).nullable().describe('Set when the match is over: the winners ([] for a draw)'),
    reason: z.string().nullable().describe('Why the match ended'),
    cardSets: z
      .array(z.string())
      .optional()
      .describe('The homebrew card sets the decks use, "<id>@<version>" (absent for none)'),
  })
  .describe('What one seat (or a spectator) sees of a Cyber Net Cards match')
export type CNView = z.infer<typeof viewSchema>

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S, description: string) =>
  z.strictObject({ type: z.literal(type), ...shape }).describe(description)
/** An event with a part only `visibleTo` sees; others get it without `secret`. */
const secretEv = <T extends string, S extends z.ZodRawShape, X extends z.ZodRawShape>(
  type: T,
  shape: S,
  secret: X,
  description: string,
) =>
  z
    .strictObject({
      type: z.literal(type),
      ...shape,
      visibleTo: z.array(seat).optional(),
      secret: z.strictObject(secret).optional().describe('Only for the seats in visibleTo'),
    })
    .describe(description)

export const eventSchema = z
  .discriminatedUnion('type', [
    ev('roundStart', { round: z.number().int().min(1), first: seat }, 'A round begins (Draw stage and income)'),
    secretEv(
      'draw',
      { seat, count: z.number().int().min(1) },
      { cards: z.array(cardId) },
      'A seat draws cards; which ones only it sees',
    ),
    secretEv(
      'recycle',
      { seat },
      { card: cardId },
      'A seat puts a card from its hand under its deck (Recycle); which one only it sees',
    ),
    secretEv(
      'placed',
      {
        seat,
        count: z.number().int().min(0),
        auto: z.boolean().optional().describe('Placed for the seat: it had no choice'),
      },
      { cards: z.array(cardId) },
      'A seat arms cards face down; which ones only it sees',
    ),
    ev('actionStage', { first: seat }, 'Both seats placed: the Action stage begins'),
    ev(
      'activated',
      {
        seat,
        kind: linkKind,
        card: cardId.nullable().describe('The card (card and use links); null for the avatar ability'),
        ability: cardId.optional().describe("The avatar ability's id (ability links)"),
        turbo: z.boolean(),
        burn: z.boolean(),
        target: cardId.optional().describe('The equipped card it targets'),
        chain: z.number().int().min(1).describe('The length of the chain with this link'),
      },
      'A card, the avatar ability or a Use joins the chain',
    ),
    ev(
      'noAnswer',
      { seat },
      'The seat that could answer the chain lets it resolve (the same event whether it passed or was passed for)',
    ),
    ev('pass', { seat }, 'A seat passes its turn (the same event whether it passed or was passed for)'),
    ev('autoPass', { seat, on: z.boolean() }, 'A seat turns its auto-pass on or off'),
    ev('noCardsLeft', {}, 'Nobody has a card left to activate: the Climax starts'),
    ev(
      'resolved',
      {
        seat,
        card: cardId.optional().describe('The card that resolved (card links)'),
        power: linkKind.optional().describe('ability or use, for links that are not a card'),
        negated: z.boolean().optional().describe('It was negated and had no effect'),
      },
      'A chain link resolves',
    ),
    ev(
      'negated',
      {
        seat: seat.describe('The owner of what is negated'),
        card: z.string().describe('The negated card, or the kind of power (ability, use) for a link without a card'),
        link: z.number().int().min(0).optional().describe('The chain link (0 = first) negated before it resolved'),
        after: z
          .literal('resolved')
          .optional()
          .describe('Set when a card that had already resolved is negated (Rollback)'),
      },
      'Something is negated',
    ),
    ev(
      'damage',
      { seat: seat.describe('Who loses life'), n: z.number().int(), life: z.number().int() },
      'An avatar loses life',
    ),
    ev('heal', { seat, n: z.number().int(), life: z.number().int() }, 'An avatar gains life'),
    ev(
      'equipped',
      { seat, card: cardId, host: seat.describe('The avatar it sits on'), left: z.number().int() },
      'Equipment or an infection arrives',
    ),
    ev(
      'renewed',
      { seat, card: cardId, host: seat, left: z.number().int() },
      'A copy already in play: its duration starts again',
    ),
    ev(
      'leaves',
      { seat, card: cardId, host: seat, why: z.enum(['expired', 'negated']), coalLost: z.number().int().min(0) },
      'An equipped card goes to its owner’s Void',
    ),
    ev(
      'coal',
      { seat, card: cardId, coal: z.number().int().min(0).max(3).describe('Its coal now') },
      'An equipped card gains coal',
    ),
    ev(
      'coalMoved',
      { seat, from: cardId, to: cardId, n: z.number().int().min(0) },
      'Coal moves from one equipped card to another',
    ),
    ev(
      'coalTie',
      { seat, what: coalWhat, n: z.number().int().min(1), options: z.array(uid), cards: z.array(cardId) },
      'A coal tie: the seat picks one of the tied equipped cards',
    ),
    ev(
      'climax',
      {
        atk: z.tuple([z.number().int(), z.number().int()]).describe('ATK of seat 0 and seat 1'),
        def: z.tuple([z.number().int(), z.number().int()]),
        loss: z.tuple([z.number().int(), z.number().int()]).describe('Life each seat lost'),
        life: z.tuple([z.number().int(), z.number().int()]),
      },
      'The Climax: both avatars attack at once',
    ),
    ev('roundEnd', { round: z.number().int().min(1) }, 'The round ends'),
    ev('resigned', { seat }, 'A seat resigned'),
    ev('matchOver', { winners: z.array(seat).describe('[] for a draw'), reason: z.string() }, 'The match is over'),
  ])
  .describe('One thing that happened in a Cyber Net Cards match, as a viewer gets it')
export type CNEvent = z.infer<typeof eventSchema>
