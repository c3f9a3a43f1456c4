// A card's text in English, generated from its data (homebrew cards, the vocabulary's examples): what the data does,
// in the words of the labels (status, hero and ability names as printed).
import { HEROES, STATUSES, type Card, type CardChoice, type Effect } from './data.ts'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)
const statusName = (id: string) => STATUSES[id]?.name ?? id
const tokens = (n: number, id: string) => `${n} ${statusName(id)}`
const DAMAGE_WORDS: Record<string, string> = {
  undefendable: 'undefendable',
  pure: 'pure',
  collateral: 'collateral',
  normal: '',
  ultimate: 'ultimate',
}
const MARK_TEXT: Record<string, string> = {
  indomitableWill: 'if the attack would drop you to 0 or less, roll 1 die; on worthy your health becomes 1 instead',
  swingEscape: 'web faces also count as spider for your Spider-Sense',
  invisiblePunch: 'if your Spider-Sense prevents damage, deal 3 damage to the attacker',
}

/** One effect as a clause: "gain 2 CP", "roll 1 die: 1 gain 1 CP; …". */
export function describeEffect(op: Effect): string {
  switch (op.op) {
    case 'gain':
      return `gain ${tokens(op.n, op.s)}`
    case 'inflict':
      return `inflict ${tokens(op.n, op.s)} on the chosen opponent`
    case 'heal':
      return `heal ${op.n}`
    case 'draw':
      return `draw ${plural(op.n, 'card')}`
    case 'cp':
      return `gain ${op.n} CP`
    case 'steal':
      return `take up to ${op.n} CP from the chosen opponent`
    case 'retrieve':
      return 'retrieve Mjölnir if it is away'
    case 'isolated':
      return `deal ${op.n} isolated ${DAMAGE_WORDS[op.dt]} damage to the chosen opponent`.replace('  ', ' ')
    case 'pay':
      return `spend ${tokens(op.n, op.s)} (without them, nothing more happens)`
    case 'addDamage':
      return `your attack deals ${op.n} more damage`
    case 'prevent':
      return `prevent ${op.n} of that damage`
    case 'preventAll':
      return 'prevent all of that damage'
    case 'mark':
      return MARK_TEXT[op.mark] ?? op.mark
    case 'extraAttempt':
      return 'one more roll attempt for the roll on the table'
    case 'setDie':
      return op.to === undefined ? 'set the chosen die to the chosen value' : `set the chosen die to ${op.to}`
    case 'reroll':
      return 'reroll the chosen dice'
    case 'oneMoreDie':
      return op.act === 'set'
        ? 'then you may set one more die the same way'
        : 'then you may reroll one more die (the same or another)'
    case 'moveStatus':
      return 'move the chosen token to the chosen player'
    case 'removeStatus':
      return op.all ? 'remove every status token of the chosen player' : 'remove the chosen status token'
    case 'rollOne': {
      const branches = op.byValue
        ? op.byValue.map((ops, i) => `${i + 1} ${describeEffects(ops)}`)
        : Object.entries(op.bySymbol ?? {}).map(([sym, ops]) => `${sym} ${describeEffects(ops)}`)
      return `roll 1 die: ${branches.join('; ')}`
    }
    case 'throw':
      return 'throw Mjölnir if it is home'
    case 'mj':
      return `throw or retrieve Mjölnir ${plural(op.n, 'time')}`
    case 'mjUpTo':
      return `throw or retrieve Mjölnir up to ${plural(op.n, 'time')}`
    case 'onKind':
      return `with ${op.n} of a kind: ${describeEffects(op.ops)}`
    case 'custom':
      return op.id
  }
}

/** An effect list as a clause list ("gain 2 CP, heal 1"); "nothing" for none. */
export function describeEffects(ops: readonly Effect[]): string {
  return ops.length === 0 ? 'nothing' : ops.map(describeEffect).join(', ')
}

function describeChoice(c: CardChoice): string {
  const whose = (w: string) =>
    w === 'own'
      ? 'one of your dice'
      : w === 'any'
        ? 'any die'
        : w === 'teammate'
          ? "your or a teammate's die"
          : "an opponent's die"
  if ('die' in c) {
    const to = c.to
    const value =
      to === undefined
        ? ''
        : typeof to === 'number'
          ? ` (to ${to})`
          : Array.isArray(to)
            ? ` (to ${to.join(' or ')})`
            : to === 'any'
              ? ' (to any value)'
              : to === 'step'
                ? ' (one up or down)'
                : ' (to the value of another die)'
    return `Choose ${whose(c.die)}${value}`
  }
  if ('dice' in c) return `Choose up to ${plural(c.upTo, 'die', 'dice')} of a roll (${DICE_OWNER[c.dice]})`
  if ('player' in c) return 'Choose a player with status tokens'
  if ('token' in c) return 'Choose a status token of any player'
  return 'Choose a transferable token of one player and another player to receive it'
}

const DICE_OWNER: Record<string, string> = {
  own: 'yours',
  any: "anyone's",
  teammate: "yours or a teammate's",
  opponent: "an opponent's",
}
const WHEN_TEXT: Record<string, string> = {
  attacked: 'When you are attacked',
  spiderSense: 'When you defend with Spider-Sense',
  attackModifier: 'Attack Modifier',
  offensiveRoll: 'During an Offensive Roll',
  defensiveRoll: 'During a Defensive Roll',
  incomingDamage: 'When damage is on its way to a player',
  incomingDamageToYou: 'When damage is on its way to you',
}
const TIMING_TEXT: Record<string, string> = {
  main: 'Main Phase Action',
  roll: 'Roll Phase Action',
  instant: 'Instant Action',
  upgrade: 'Hero Upgrade',
}

/** The name an upgrade's target goes by: an ability, a defence or a status of any hero. */
function targetName(id: string): string {
  for (const h of Object.values(HEROES)) {
    const found = h.abilities.find(a => a.id === id) ?? h.defences.find(d => d.id === id)
    if (found) return found.name
  }
  return statusName(id)
}

/** The whole card in words: kind, cost and owner, when it may be played, what is chosen and what it does. */
export function describeCard(c: Omit<Card, 'text'>): string {
  const owner = c.hero === null ? '' : `, ${HEROES[c.hero]?.name ?? c.hero} only`
  const parts = [`${TIMING_TEXT[c.timing]}, ${c.cost} CP${owner}.`]
  if (c.upgrade) {
    const u = c.upgrade
    parts.push(
      u.kind === 'passive'
        ? `Your ${targetName(u.target)} stack limit goes up by 1 for the rest of the game.`
        : `${targetName(u.target)} goes to level ${u.level === 2 ? 'II' : 'III'}.`,
    )
  }
  const conditions: string[] = []
  if (c.when) conditions.push(WHEN_TEXT[c.when]!)
  if (c.needs) conditions.push(`only while you hold ${tokens(c.needs.n, c.needs.status)}`)
  if (c.thrownThisTurn) conditions.push(`only once you threw Mjölnir ${plural(c.thrownThisTurn, 'time')} this turn`)
  if (conditions.length > 0) parts.push(`${capital(conditions.join(', '))}.`)
  if (c.choose) parts.push(`${describeChoice(c.choose)}.`)
  if (c.ops) parts.push(`${capital(describeEffects(c.ops))}.`)
  if (c.count > 1) parts.push(`${c.count} copies in the deck.`)
  return parts.join(' ')
}
