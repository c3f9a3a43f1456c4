// The zod schema of every event a Dice Throne apply (or resign) emits, as any viewer receives it after redaction.
import { z } from 'zod'
import { DAMAGE_TYPES, ILLUSION_CARDS } from './data.ts'

const int = z.number().int()
const seat = int.min(0).max(3).describe('Seat, 0-based')
const damageType = z.enum(DAMAGE_TYPES).describe('Damage type')
/** Only the seats in `visibleTo` receive `secret`; the others get the event without it. */
const visibleTo = z.array(seat).optional().describe('The seats that receive `secret`')

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S, what: string) =>
  z.strictObject({ type: z.literal(type), ...shape }).describe(what)

export const eventSchema = z.discriminatedUnion('type', [
  ev('turn', { seat, turn: int.min(1) }, 'A new turn begins for `seat`'),
  ev(
    'phase',
    {
      phase: z.enum([
        'income',
        'income-skipped',
        'main1',
        'offensive-roll',
        'targeting-roll',
        'defensive-roll',
        'main2',
        'discard',
      ]),
      seat: seat.describe('The seat whose phase it is (the defender for the Defensive Roll Phase)'),
    },
    'A phase begins',
  ),
  ev('cp', { seat, delta: int, cp: int.describe('CP after the change') }, 'Combat Points change'),
  ev('reshuffle', { seat }, "The discard pile is shuffled into the player's empty deck"),
  ev(
    'draw',
    {
      seat,
      count: int.min(0),
      visibleTo,
      secret: z
        .strictObject({ cards: z.array(z.string()).describe('Card ids drawn') })
        .optional()
        .describe('Only for the drawer'),
    },
    '`seat` draws `count` cards',
  ),
  ev(
    'hp',
    {
      seat,
      pool: int,
      delta: int,
      hp: int.describe('Health after the change'),
      why: z.string().describe('The cause: a damage type, "counter", "heal", "webbed", "mjolnir", "bag-of-tricks", …'),
    },
    'Health changes',
  ),
  ev(
    'status',
    {
      seat,
      status: z.string().describe('Status id'),
      delta: int,
      count: int.min(0).describe('Tokens held after the change'),
    },
    'Status tokens gained or lost',
  ),
  ev(
    'incoming',
    { by: seat, to: seat, amount: int, damageType, why: z.string() },
    'Isolated damage is dealt and waits for its prevention window',
  ),
  ev(
    'isolatedDamage',
    { by: seat, to: seat, amount: int.describe('After prevention'), damageType, why: z.string() },
    'Incoming isolated damage lands',
  ),
  ev(
    'mjolnir',
    {
      seat: seat.describe("Thor's seat"),
      action: z.enum(['throw', 'retrieve', 'recalled']),
      to: seat.optional().describe('Thrown at'),
      from: seat.optional().describe('Taken back from'),
    },
    'Mjölnir moves',
  ),
  ev('mjolnirSteps', { seat, count: int.min(0), max: int }, 'Thor chooses how many Mjölnir steps to make'),
  ev('bagOfTricks', { seat, die: int.min(1).max(6) }, 'A Bag of Tricks token resolves with this die'),
  ev(
    'realityWarp',
    { seat, die: int.min(1).max(6).describe('The die rolled for Scarlet Witch, which replaces die 5') },
    'Reality Warp takes one die of the roll',
  ),
  ev(
    'roll',
    {
      seat,
      dice: z.array(int.min(1).max(6)).describe('Faces after the roll, by position'),
      rerolled: z.array(int).optional().describe('Positions rerolled, 0-based (absent: a fresh roll)'),
      for: z
        .string()
        .optional()
        .describe(
          'A roll for an effect: "odinforce", "chain-lightning", "spider-reflexes", "guard-break", "indomitable-will", "vegas-baby", "booyah"',
        ),
    },
    'Dice are rolled',
  ),
  ev(
    'die',
    {
      owner: seat,
      die: int.describe('Position, 0-based'),
      value: int.min(1).max(6),
      why: z.string().describe('The card or status id that set it'),
    },
    'One die is set to a face',
  ),
  ev('select', { seat, ability: z.string(), variant: int }, 'The attacker chooses an ability'),
  ev('noAttack', { seat }, 'The attacker activates no ability'),
  ev('targetingRoll', { seat, die: int.min(1).max(6) }, 'The 2v2 targeting die'),
  ev('target', { seat, target: seat }, 'The attacker chooses the target'),
  ev('leaderBonus', { seat, target: seat }, 'Targeting the Leader (free-for-all) draws a card'),
  ev(
    'ability',
    { seat, ability: z.string(), name: z.string().describe('Printed name'), level: int, target: int },
    'An ability is activated',
  ),
  ev('attack', { by: seat, to: seat, damage: int, damageType }, 'The attack and its damage before modifiers'),
  ev('collateral', { by: seat, to: seat, damage: int }, "Collateral damage to Mjölnir's holder"),
  ev(
    'defend',
    { seat, defence: z.string().describe('Defence id'), dice: z.array(int.min(1).max(6)) },
    'The defender rolls a defence',
  ),
  ev(
    'damage',
    { by: seat, to: seat, amount: int, damageType, counter: int.describe('Counter damage to the attacker') },
    'The attack resolves',
  ),
  ev('spend', { seat, status: z.string() }, 'A status token is spent'),
  ev(
    'play',
    { seat, card: z.string().describe('Card id'), cost: int, cp: int.describe('CP left') },
    'A card is played',
  ),
  ev('sell', { seat, card: z.string() }, 'A card is sold for 1 CP'),
  ev('discard', { seat, card: z.string() }, 'A card is discarded (to move Mjölnir)'),
  ev(
    'illusionArranged',
    {
      seat,
      suggest: int.optional().describe('The position Loki suggests aloud, 0-based'),
      visibleTo,
      secret: z
        .strictObject({ order: z.array(z.enum(ILLUSION_CARDS)) })
        .optional()
        .describe('The face-down order: only for Loki'),
    },
    'Loki lays the Illusion cards face down',
  ),
  ev('illusionPicked', { seat, slot: int, card: z.enum(ILLUSION_CARDS) }, 'The attacker picks an Illusion card'),
  ev(
    'autoPass',
    { seat, on: z.boolean() },
    'A player turns auto-pass on or off (a seat choice, public: it changes when the seat is asked)',
  ),
  ev('defeated', { seat }, 'A player is defeated'),
  ev(
    'resign',
    {
      seat,
      eliminated: z.array(seat).describe('The seats out of the game by this resignation (the whole team in 2v2)'),
    },
    'A player resigns',
  ),
  ev('gameOver', { winners: z.array(seat), reason: z.string() }, 'The match is over'),
])
export type DTEvent = z.infer<typeof eventSchema>
