// The published shapes of what a Cyberpunk TCG viewer reads: the view (for a seat or a spectator) and every event,
// redacted.
import { z } from 'zod'

const seat = z.number().int().min(0).max(1)
const uid = z.number().int().min(0).describe('a card instance in this match (stable while the card stays public)')
const cardId = z.string().describe('a card id, as the `cards` query lists it')
const die = z.number().int().min(0).describe("a die of this match (0-5 are seat 1's d4…d20, 6-11 seat 2's)")
const size = z.number().int().describe('faces of the die (4, 6, 8, 10, 12 or 20)')
const gear = z.strictObject({ uid, card: cardId })

const legendSlot = z.union([
  z.null().describe('empty slot (its Legend went to the field or left the game)'),
  z
    .strictObject({
      slot: z.number().int(),
      faceUp: z.literal(true),
      uid,
      card: cardId,
      spent: z.boolean(),
      gear: z.array(gear),
    })
    .describe('a Called (face-up) Legend in the Legends area'),
  z
    .strictObject({
      slot: z.number().int(),
      faceUp: z.literal(false),
      spent: z.boolean(),
      known: cardId.optional().describe('only for its owner, once looked at (Kiroshi Optics, Arasaka Radioport…)'),
    })
    .describe('a face-down Legend: nobody sees which it is'),
])

const player = z.strictObject({
  seat,
  hand: z.array(cardId).optional().describe("the cards in hand: only in this seat's own view"),
  handCount: z.number().int().min(0),
  deckCount: z.number().int().min(0),
  trash: z.array(cardId).describe('bottom first'),
  removed: z.array(cardId).describe('removed from the game'),
  eddies: z
    .strictObject({ total: z.number().int(), spent: z.number().int(), ready: z.number().int() })
    .describe('face-down sold cards, each worth 1 €$ (counted, never shown)'),
  legends: z.array(legendSlot).describe('the Legends area, slots 0-2'),
  field: z.array(
    z.strictObject({
      uid,
      card: cardId,
      spent: z.boolean(),
      lag: z.boolean().describe('played this turn (cannot attack unless GO SOLO or ADRENALINE)'),
      power: z.number().int().describe('current power, every modifier included'),
      gear: z.array(gear),
    }),
  ),
  fixer: z.array(z.strictObject({ die, size })).describe('dice in the Fixer area, not yet rolled'),
  gigs: z.array(z.strictObject({ die, size, value: z.number().int() })).describe('Gig dice and their faces'),
  streetCred: z.number().int().nullable().describe('sum of the Gig values; null with no Gig'),
  soldThisTurn: z.boolean(),
  calledThisTurn: z.boolean(),
  autoPass: z
    .boolean()
    .optional()
    .describe("only in this seat's own view: whether it auto-passes response windows where it holds no answer"),
})

/** What `view(state, seat)` returns; a spectator's view (and the other seat's hand) simply lacks the hidden fields. */
export const viewSchema = z
  .strictObject({
    game: z.literal('cyberpunk-tcg'),
    you: seat.nullable().describe('the viewing seat; null for a spectator'),
    phase: z
      .enum(['choose', 'mull', 'start', 'main', 'end', 'over'])
      .describe('choose: who goes first; mull: mulligans'),
    turn: z.number().int().min(0),
    activeSeat: seat,
    firstSeat: seat.nullable().describe('null until chosen'),
    overtime: z.boolean(),
    players: z.array(player),
    limbo: z.array(cardId).describe('cards being played, outside every area (a resolving Program)'),
    attack: z
      .strictObject({
        attacker: uid,
        seat: seat.describe('the attacking seat'),
        target: z.union([uid, z.literal('gigs')]).describe('the defending Unit, or the Gig area'),
        step: z.enum(['trig', 'react', 'fight', 'defeat', 'steal', 'end']),
      })
      .nullable(),
    pending: z
      .array(
        z.strictObject({
          id: z.number().int(),
          seat,
          card: cardId,
          source: uid.nullable().describe('null for a face-down source'),
        }),
      )
      .describe('triggered effects waiting to be resolved; `resolve` picks the next'),
    prompt: z
      .strictObject({
        seat,
        kind: z.enum(['op', 'roll', 'steal', 'repl', 'prevent']),
        label: z.string(),
        options: z
          .array(z.unknown())
          .optional()
          .describe('only for the seat asked: each is a legal `pick` of a `choose` action'),
        seen: z
          .array(cardId)
          .optional()
          .describe('cards the asked seat looks at (top of a deck, top card last); everyone sees them when revealed'),
      })
      .nullable()
      .describe('an open choice'),
    winners: z.array(seat).nullable(),
    reason: z.string().nullable().describe('why the game ended'),
    cardSets: z
      .array(z.string())
      .optional()
      .describe('The homebrew card sets the decks use, "<id>@<version>" (absent for none)'),
  })
  .describe('what one seat (or a spectator) sees of a Cyberpunk TCG match')
export type View = z.infer<typeof viewSchema>

const secretCard = z.strictObject({ card: cardId }).optional().describe('only for the seats in `visibleTo`')
const visibleTo = z.array(seat).optional()
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S, text: string) =>
  z.strictObject({ type: z.literal(type), ...shape, visibleTo }).describe(text)

/** Every event `apply` and `resign` emit, as any viewer gets them (`secret` only for the seats it names). */
export const eventSchema = z
  .discriminatedUnion('type', [
    ev('firstPlayer', { seat, chosenBy: seat }, '`seat` goes first, as `chosenBy` decided'),
    ev('mulligan', { seat }, 'the seat shuffled its hand back and drew 6'),
    ev('draw', { seat, secret: secretCard }, 'the seat drew a card'),
    ev('turnStart', { seat, turn: z.number().int() }, 'a turn begins'),
    ev('turnEnd', { seat }, 'a turn ends'),
    ev('overtime', {}, 'Overtime begins: 7 Gigs win at any moment'),
    ev('rollGig', { seat, die, size, value: z.number().int() }, 'a Fixer die was rolled into the Gig area'),
    ev('pass', { seat }, 'the turn player ended its Main Phase'),
    ev(
      'sell',
      {
        seat,
        card: cardId,
        fromDeck: z.literal(true).optional().describe('sold from the top of the deck by an effect'),
      },
      'a card became an Eddie',
    ),
    ev('call', { seat, slot: z.number().int(), card: cardId, uid }, 'a face-down Legend was Called (turned face up)'),
    ev(
      'play',
      {
        seat,
        card: cardId,
        uid,
        host: uid.optional().describe('the Unit or Legend a Gear is equipped to'),
        free: z.literal(true).optional(),
        fromTrash: z.literal(true).optional(),
      },
      'a card was played',
    ),
    ev(
      'legendToField',
      { seat, card: cardId, uid, solo: z.boolean().describe('GO SOLO') },
      'a Legend went to the field',
    ),
    ev('activate', { seat, card: cardId, uid }, 'an activated ability was used'),
    ev(
      'attack',
      { seat, attacker: uid, target: z.union([uid, z.literal('gigs')]), card: cardId, targetCard: cardId.optional() },
      'an attack was declared',
    ),
    ev('block', { seat, unit: uid, card: cardId }, 'a BLOCKER took over the attack'),
    ev(
      'fight',
      {
        attacker: uid,
        defender: uid,
        cards: z.tuple([cardId, cardId]).describe('attacker, defender'),
        powers: z.tuple([z.number().int(), z.number().int()]),
        winner: uid.nullable().describe('null: both defeated'),
      },
      'two Units fought',
    ),
    ev('defeated', { seat, card: cardId, uid }, 'a Unit (or Legend) was defeated'),
    ev('defeatReplaced', { seat, uid, card: cardId, by: cardId }, 'a defeat was replaced'),
    ev(
      'steal',
      { seat, attacker: uid, card: cardId, dice: z.array(z.strictObject({ die, size, value: z.number().int() })) },
      'Gigs were stolen',
    ),
    ev('stealPrevented', { die }, 'a steal was prevented'),
    ev('attackEnded', { early: z.literal(true).optional() }, 'the attack is over'),
    ev('gig', { die, from: z.number().int(), to: z.number().int() }, 'a Gig value changed'),
    ev('swapGigs', { friendly: die, rival: die }, 'two Gigs changed sides'),
    ev('reroll', { seat, die, value: z.number().int() }, 'a Gig was rerolled'),
    ev(
      'lookLegend',
      { seat, slot: z.number().int(), secret: secretCard },
      'the seat looked at one of its face-down Legends',
    ),
    ev('searchTake', { seat, secret: secretCard }, 'the seat took a card it searched for, unrevealed'),
    ev(
      'reveal',
      {
        seat,
        card: cardId.optional(),
        cards: z.array(cardId).optional(),
        to: z.enum(['hand', 'trash']).optional(),
        named: z.string().optional().describe('the card type named before revealing'),
      },
      'cards were revealed',
    ),
    ev(
      'trashTop',
      { seat, card: cardId.optional(), cards: z.array(cardId).optional() },
      'cards went from the top of the deck to the trash',
    ),
    ev('discard', { seat, card: cardId }, 'a card was discarded'),
    ev('discardHand', { seat, cards: z.array(cardId) }, 'the whole hand was discarded'),
    ev('fromTrash', { seat, card: cardId }, 'a card went from the trash to the hand'),
    ev('returnToHand', { seat, card: cardId, uid }, 'a Unit returned to its hand'),
    ev('bottomDeck', { seat, card: cardId, uid }, 'a Unit went to the bottom of its deck'),
    ev('moveGear', { seat, gear: uid, to: uid, card: cardId, toCard: cardId }, 'a Gear moved to another Unit'),
    ev('resign', { seat }, 'the seat resigned (conceded)'),
    ev(
      'autoPass',
      { seat, secret: z.strictObject({ on: z.boolean() }).optional().describe('only for the seat itself') },
      'the seat switched its auto-pass setting (skip its response windows when it holds no answer)',
    ),
    ev('gameOver', { winners: z.array(seat), reason: z.string() }, 'the game ended'),
  ])
  .describe('one Cyberpunk TCG event, as any viewer gets it')
