// Dice Throne actions and events in words for people: printed names, seat names, dice by 1-based position and face.
import type { GameEvent, LabelContext } from '../../kernel/index.ts'
import { CARDS, HEROES, STATUSES } from './data.ts'
import { actor } from './actor.ts'
import { upgradeCost } from './card-actions.ts'
import { variantsOf } from './dice.ts'
import type { DTAction, DTState } from './state.ts'
import type { DTEvent } from './events.ts'

const seatName = (ctx: LabelContext, seat: number) => ctx.names[seat] ?? `Seat ${seat + 1}`
const cardName = (id: string) => CARDS[id]?.name ?? 'a card'
const statusName = (id: string) => STATUSES[id]?.name ?? 'a status'

/** "1", "1 and 2", "1, 2 and 4". */
function list(items: (string | number)[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
/** Dice by 1-based position with the faces they show: "die 1 (showing 3)", "dice 2 and 4 (showing 5 and 1)". */
function dice(positions: readonly number[], faces: readonly number[] | undefined): string {
  const word = positions.length === 1 ? 'die' : 'dice'
  const shown = faces ? positions.map((p) => faces[p]).filter((f) => f !== undefined) : []
  return `${word} ${list(positions.map((p) => p + 1))}${shown.length === positions.length ? ` (showing ${list(shown as number[])})` : ''}`
}
const cost = (n: number) => (n === 0 ? 'free' : `${n} CP`)

/** Printed names of abilities and defences by id, from every hero (ids are unique across heroes). */
const ABILITY_NAMES = new Map<string, string>()
const DEFENCE_NAMES = new Map<string, string>()
for (const h of Object.values(HEROES)) {
  for (const a of h.abilities) ABILITY_NAMES.set(a.id, a.name)
  for (const d of h.defences) DEFENCE_NAMES.set(d.id, d.name)
}

function describePlay(s: DTState, a: Extract<DTAction, { type: 'play' }>, ctx: LabelContext): string {
  const card = CARDS[a.card]
  const seat = actor(s)
  const pl = seat >= 0 ? s.p[seat] : undefined
  const price = card && pl ? (card.timing === 'upgrade' ? upgradeCost(pl, a.card) : card.cost) : 0
  const head = `Play ${cardName(a.card)} (${cost(price)})`
  const faces = s.roll?.dice
  const owner = s.roll && s.roll.owner !== seat ? `${seatName(ctx, s.roll.owner)}'s ` : ''
  const who = (t: number) => (t === seat ? 'yourself' : seatName(ctx, t))
  if (a.dice) return `${head}: reroll ${owner}${dice(a.dice, faces)}`
  if (a.die !== undefined) {
    const die = `${owner}${dice([a.die], faces)}`
    if (a.value !== undefined) return `${head}: set ${die} to ${a.value}`
    const to = card?.choose && 'die' in card.choose ? card.choose.to : undefined
    return typeof to === 'number' ? `${head}: set ${die} to ${to}` : `${head}: reroll ${die}`
  }
  if (a.from !== undefined && a.status && a.target !== undefined) return `${head}: move 1 ${statusName(a.status)} from ${who(a.from)} to ${who(a.target)}`
  if (a.status && a.target !== undefined) return `${head}: remove 1 ${statusName(a.status)} from ${who(a.target)}`
  if (a.target !== undefined) {
    for (const op of card?.ops ?? []) {
      if (op.op === 'removeStatus' && op.all) return `${head}: remove every status token from ${who(a.target)}`
      if (op.op === 'prevent') return `${head}: prevent ${op.n} of the counter damage to ${who(a.target)}`
      if (op.op === 'preventAll') return `${head}: prevent all the counter damage to ${who(a.target)}`
    }
    return `${head} on ${who(a.target)}`
  }
  return head
}

function describePass(s: DTState): string {
  switch (s.choice?.kind) {
    case 'setDie':
      return 'Do not change a second die'
    case 'odinReroll':
      return 'Keep the Odinforce dice'
    case 'reroll1':
      return 'Do not reroll another die'
  }
  if (s.win?.kind === 'card' && s.held) {
    const a = s.held.a
    if (a.type === 'roll') return 'Pass: let the roll attempt resolve'
    if (a.type === 'sell') return `Pass: let the sale of ${cardName(a.card)} resolve`
    if (a.type === 'mjolnir') return `Pass: let Mjölnir's ${a.target === undefined ? 'retrieval' : 'throw'} resolve`
    return `Pass: let ${cardName(a.card)} resolve`
  }
  switch (s.step) {
    case 'combo':
      return 'Do not spend Combo'
    case 'defChoose':
      return 'Take the attack without spending a status'
    case 'upkeep':
      return 'Pass: let the Upkeep Phase resolve'
    case 'income':
      return 'Pass: let the Income Phase end'
    case 'main1End':
    case 'main2End':
      return 'Pass: let the Main Phase end'
    case 'discardEnd':
      return 'Pass: let the turn end'
    case 'pre':
      return s.win?.kind === 'tgt' ? 'Pass: let the targeting die stand' : 'Pass: let the ability activate'
    case 'rollEnd':
      return 'Pass: let the Offensive Roll Phase end without an attack'
    case 'defStart':
      return 'Pass: let the defence be chosen'
    case 'def':
      return 'Pass: let the attack resolve'
    case 'then':
      return 'Pass: let the “Then” effects resolve'
    case 'inc':
      return 'Pass: let the incoming damage land'
  }
  return 'Pass'
}

/**
 * A label for `a` taken in `s` by the seat to act. The only card an action can keep hidden is the order of
 * Loki's face-down Illusion cards (DT-13.20): only the seat that lays them reads it. Every other card named
 * is played, sold or discarded face up by that very action.
 */
export function describeAction(s: DTState, a: DTAction, ctx?: LabelContext): string {
  const seat = actor(s)
  const c: LabelContext = ctx ?? { names: [], viewer: seat }
  const who = (t: number) => seatName(c, t)
  switch (a.type) {
    case 'end':
      return s.step === 'main1' ? 'End Main Phase 1 and go to the Offensive Roll Phase' : s.step === 'discard' ? 'End the Discard Phase and the turn' : 'End Main Phase 2'
    case 'pass':
      return describePass(s)
    case 'noAttack':
      return 'Activate no ability'
    case 'done':
      return 'Done modifying the attack'
    case 'sell':
      return `Sell ${cardName(a.card)} for 1 CP`
    case 'play':
      return describePlay(s, a, c)
    case 'spend': {
      const head = `Spend ${statusName(a.status)}`
      if (a.die !== undefined) return `${head}: set ${dice([a.die], s.roll?.dice)} to ${a.value}`
      if (a.take && a.from !== undefined) return `${head}: take 1 ${statusName(a.take)} from ${who(a.from)}`
      return head
    }
    case 'mjolnir':
      return `Discard ${cardName(a.discard)} to ${a.target !== undefined ? `throw Mjölnir at ${who(a.target)}` : 'retrieve Mjölnir'}`
    case 'roll':
      if (s.choice?.kind === 'odinReroll') return `Reroll Odinforce ${dice(a.dice, s.choice.dice)}`
      return `Reroll ${dice(a.dice, s.roll?.dice)}`
    case 'select': {
      const pl = s.p[s.active]
      const v = pl ? variantsOf(pl, a.ability)[a.variant] : undefined
      return v ? `Activate ${v.name} (${v.text})` : `Activate ${ABILITY_NAMES.get(a.ability) ?? 'an ability'}`
    }
    case 'target':
      return s.choice?.kind === 'botTarget' ? `Bag of Tricks: deal 2 damage to ${who(a.seat)}` : `Target ${who(a.seat)}`
    case 'defend': {
      const pl = s.atk ? s.p[s.atk.to] : undefined
      const d = pl ? HEROES[pl.hero]!.defences.find((x) => x.id === a.defence) : undefined
      const lv = d && pl ? d.levels[Math.min(pl.lv[d.id] ?? 1, d.levels.length) - 1] : undefined
      return `Defend with ${d?.name ?? 'a defence'}${lv ? ` (roll ${lv.dice} dice)` : ''}`
    }
    case 'setDie':
      return `Set ${dice([a.die], s.roll?.dice)} to ${a.value}`
    case 'arrange': {
      // the face-down order is known only to the seat laying the cards (DT-13.20); the suggestion is said aloud (DT-13.21)
      const order = c.viewer === seat ? ` as ${a.order.map((x) => x[0]!.toUpperCase() + x.slice(1)).join(', ')}` : ''
      return `Lay the Illusion cards face down${order}${a.suggest !== undefined ? ` and suggest card ${a.suggest + 1}` : ''}`
    }
    case 'pick':
      return `Pick Illusion card ${a.slot + 1}`
    case 'steps':
      return a.count === 0 ? 'Do not move Mjölnir' : `Move Mjölnir ${a.count} time${a.count > 1 ? 's' : ''} (throw or retrieve in turn)`
    case 'setAutoPass':
      return a.on ? 'Turn auto-pass on: windows where you have no answer stop asking you' : 'Turn auto-pass off: windows ask you whenever you may hold an answer'
  }
}

const PHASES: Record<string, string> = {
  main1: 'Main Phase 1',
  'offensive-roll': 'Offensive Roll Phase',
  'targeting-roll': 'Targeting Roll Phase',
  'defensive-roll': 'Defensive Roll Phase',
  main2: 'Main Phase 2',
  discard: 'Discard Phase',
}
const ROLLS_FOR: Record<string, string> = {
  odinforce: 'Odinforce',
  'chain-lightning': 'Chain Lightning',
  'spider-reflexes': 'Spider-Reflexes',
  'guard-break': 'Guard Break',
  'indomitable-will': 'Indomitable Will!',
  'vegas-baby': 'Vegas Baby!',
  booyah: 'Booyah!',
}
/** What an `hp` or `die` event's cause reads as: a card, a status, or a kind of damage. */
function cause(why: string): string {
  if (CARDS[why]) return CARDS[why]!.name
  if (STATUSES[why]) return STATUSES[why]!.name
  if (why === 'mjolnir') return 'Mjölnir'
  if (why === 'counter') return 'counter damage'
  if (why.startsWith('isolated-')) return `isolated ${why.slice('isolated-'.length)} damage`
  return `${why} damage`
}
const ILLUSION_WORDS: Record<string, string> = { all: 'all the damage gets through', half: 'half the damage gets through', none: 'no damage gets through' }
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** One transcript line for an event already redacted for `ctx.viewer`; null for bookkeeping not worth a line. */
export function describeEvent(event: GameEvent, ctx: LabelContext): string | null {
  const e = event as DTEvent
  const who = (t: number) => seatName(ctx, t)
  switch (e.type) {
    case 'turn':
      return `Turn ${e.turn}: ${who(e.seat)}`
    case 'phase':
      if (e.phase === 'income') return null
      if (e.phase === 'income-skipped') return `${who(e.seat)} skips the first Income Phase (starting player)`
      return `${who(e.seat)}: ${PHASES[e.phase]}`
    case 'cp':
      if (e.delta === 0) return null
      return `${who(e.seat)} ${e.delta > 0 ? 'gains' : 'loses'} ${Math.abs(e.delta)} CP (now ${e.cp})`
    case 'reshuffle':
      return `${who(e.seat)} shuffles the discard pile into a new deck`
    case 'draw':
      if (e.secret) return e.secret.cards.length ? `${who(e.seat)} draws ${list(e.secret.cards.map(cardName))}` : `${who(e.seat)} has no card left to draw`
      return `${who(e.seat)} draws ${plural(e.count, 'card')}`
    case 'hp':
      if (e.delta === 0) return null
      return e.delta > 0
        ? `${who(e.seat)} heals ${e.delta} (health ${e.hp})`
        : `${who(e.seat)} loses ${-e.delta} health from ${cause(e.why)} (health ${e.hp})`
    case 'status':
      return `${who(e.seat)} ${e.delta > 0 ? 'gains' : 'loses'} ${Math.abs(e.delta)} ${statusName(e.status)} (now ${e.count})`
    case 'incoming':
      return `${e.amount} ${e.damageType} damage is coming to ${who(e.to)} from ${who(e.by)}: it can still be prevented`
    case 'isolatedDamage':
      return `${e.amount} ${e.damageType} damage from ${who(e.by)} lands on ${who(e.to)}`
    case 'mjolnir':
      if (e.action === 'throw') return `${who(e.seat)} throws Mjölnir at ${e.to !== undefined ? who(e.to) : 'an opponent'}`
      if (e.action === 'retrieve') return `${who(e.seat)} retrieves Mjölnir`
      return `Mjölnir returns to ${who(e.seat)}`
    case 'mjolnirSteps':
      return `${who(e.seat)} moves Mjölnir ${plural(e.count, 'time')} (up to ${e.max})`
    case 'bagOfTricks':
      return `Bag of Tricks for ${who(e.seat)} rolls ${e.die}`
    case 'realityWarp':
      return `Reality Warp: ${who(e.seat)}'s die 5 is rolled for Scarlet Witch and shows ${e.die}`
    case 'roll': {
      const faces = list(e.dice)
      if (e.for) return `${who(e.seat)} rolls ${faces} for ${ROLLS_FOR[e.for] ?? 'an effect'}`
      if (e.rerolled) return `${who(e.seat)} rerolls ${dice(e.rerolled, undefined)}: the dice show ${faces}`
      return `${who(e.seat)} rolls ${faces}`
    }
    case 'die':
      return `${who(e.owner)}'s die ${e.die + 1} is set to ${e.value} (${cause(e.why).replace(/ damage$/, '')})`
    case 'select':
      return null
    case 'noAttack':
      return `${who(e.seat)} activates no ability`
    case 'targetingRoll':
      return `${who(e.seat)} rolls ${e.die} to target`
    case 'target':
      return `${who(e.seat)} targets ${who(e.target)}`
    case 'leaderBonus':
      return `${who(e.seat)} attacks the Leader, ${who(e.target)}, and draws 1 card`
    case 'ability':
      return `${who(e.seat)} activates ${e.name}${e.target >= 0 && e.target !== e.seat ? ` against ${who(e.target)}` : ''}`
    case 'attack':
      return `${who(e.by)} attacks ${who(e.to)} for ${e.damage} ${e.damageType} damage`
    case 'collateral':
      return `${who(e.by)} deals ${e.damage} collateral damage to ${who(e.to)}, who holds Mjölnir`
    case 'defend':
      return `${who(e.seat)} defends with ${DEFENCE_NAMES.get(e.defence) ?? 'a defence'} and rolls ${list(e.dice)}`
    case 'damage':
      return `${who(e.to)} takes ${e.amount} damage from ${who(e.by)}${e.counter > 0 ? ` and deals ${e.counter} counter damage back` : ''}`
    case 'spend':
      return `${who(e.seat)} spends ${statusName(e.status)}`
    case 'play':
      return `${who(e.seat)} plays ${cardName(e.card)} (${cost(e.cost)})`
    case 'sell':
      return `${who(e.seat)} sells ${cardName(e.card)} for 1 CP`
    case 'discard':
      return `${who(e.seat)} discards ${cardName(e.card)}`
    case 'illusionArranged': {
      const order = e.secret ? `: ${e.secret.order.join(', ')}` : ''
      return `${who(e.seat)} lays the Illusion cards face down${order}${e.suggest !== undefined ? ` and suggests card ${e.suggest + 1}` : ''}`
    }
    case 'illusionPicked':
      return `${who(e.seat)} picks Illusion card ${e.slot + 1}: ${ILLUSION_WORDS[e.card]}`
    case 'autoPass':
      return `${who(e.seat)} turns auto-pass ${e.on ? 'on' : 'off'}`
    case 'defeated':
      return `${who(e.seat)} is defeated`
    case 'resign':
      return e.eliminated.length > 1 ? `${who(e.seat)} resigns for the team (${list(e.eliminated.map(who))})` : `${who(e.seat)} resigns`
    case 'gameOver':
      return e.winners.length ? `${list(e.winners.map(who))} win${e.winners.length === 1 ? 's' : ''}` : 'Draw: everybody is defeated at once'
  }
  return null
}
