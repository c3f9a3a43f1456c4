/**
 * A Cyberpunk TCG card's text in English, generated from its data (homebrew cards, the vocabulary's examples): what
 * each ability does, in the words of the rules.
 */
import type { Ability, CardMatch, Cond, Op, UnitFilter } from './effects.ts'

/** What the describer reads of a card: a set card (card-set.ts) or a built-in card's data. */
export interface DescribedCard {
  type: string
  cost: number | null
  power: number | null
  ram: number
  keywords: readonly string[]
  abilities: readonly unknown[]
  altCost?: { if: unknown; cost: number } | undefined
  costPer?: { per: string; min: number } | undefined
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`)
const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)

const VAR_WORD: Record<string, string> = {
  target: 'the chosen card',
  unit: 'the chosen Unit',
  ownUnit: 'the chosen friendly Unit',
  rivalUnit: 'the chosen rival Unit',
  gear: 'the chosen Gear',
  die: 'the chosen Gig',
  slot: 'the chosen Legend',
  milled: 'the trashed cards',
  trash: 'your trash',
  self: 'this card',
  subject: 'that card',
  thief: 'the thief',
}
const varWord = (v: string) => VAR_WORD[v] ?? `the ${v}`

function matchWord(m: CardMatch, noun = 'card'): string {
  return [m.tag, m.type ?? noun].filter(x => x !== undefined).join(' ')
}

function filterWord(f: UnitFilter): string {
  const side = f.side === 'any' ? 'a' : `a ${f.side}`
  const bits: string[] = []
  if (f.ready) bits.push('ready')
  if (f.spent) bits.push('spent')
  if (f.unequipped) bits.push('unequipped')
  if (f.equipped) bits.push('equipped')
  const tail: string[] = []
  if (f.maxCost !== undefined) tail.push(`cost ${f.maxCost} or less`)
  if (f.maxPower !== undefined) tail.push(`power ${f.maxPower} or less`)
  if (f.maxPowerFriendlyD20) tail.push('power at most your d20 Gig')
  if (f.maxCostVar) tail.push(`cost at most ${varWord(f.maxCostVar)}`)
  if (f.powerEqDieVar) tail.push(`power equal to ${varWord(f.powerEqDieVar)}`)
  if (f.lowest) tail.push('the lowest power')
  if (f.notSelf) tail.push('other than this one')
  return `${side}${bits.length ? ` ${bits.join(' ')}` : ''} Unit${tail.length ? ` with ${tail.join(', ')}` : ''}`
}

/** A condition as a clause ("your Street Cred is even"). */
export function describeCond(c: Cond): string {
  switch (c.c) {
    case 'credEven':
      return 'your Street Cred is even'
    case 'credMoreThanRival':
      return 'your Street Cred is higher than the rival’s'
    case 'credLessThanRival':
      return 'your Street Cred is lower than the rival’s'
    case 'credLessThan':
      return `your Street Cred is below ${c.n}`
    case 'credDiffAtLeast':
      return `the Street Creds differ by ${c.n} or more`
    case 'distinctGigs':
      return `you have Gigs of ${c.n} different values`
    case 'gigAtLeast':
      return `you have a Gig of ${c.n} or more`
    case 'selfPowerAtLeast':
      return `this Unit has ${c.n} power or more`
    case 'allLegendsFaceUp':
      return 'all your Legends are face up'
    case 'varBecameMinGig':
      return `${varWord(c.v)} became 1`
    case 'varCostEqualsFriendlyGig':
      return `the cost of ${varWord(c.v)} equals a friendly Gig`
    case 'varEqualsFriendlyGig':
      return `${varWord(c.v)} equals a friendly Gig`
    case 'hostNamed':
      return `it is on ${c.name}`
    case 'selfStoleThisTurn':
      return 'this Unit stole a Gig this turn'
    case 'varLegendArasakaOrSolo':
      return `${varWord(c.v)} is ARASAKA or has GO SOLO`
    case 'varSet':
      return `there is ${varWord(c.v)}`
    case 'not':
      return `not (${describeCond(c.of)})`
    case 'all':
      return c.of.map(describeCond).join(' and ')
    case 'mode':
      return `you chose mode ${c.n + 1}`
    case 'rivalMoreGigsBy':
      return `the rival has ${c.n} or more Gigs than you`
    case 'hasMinGig':
      return 'you have a Gig showing 1'
    case 'selfSpent':
      return 'this card is spent'
    case 'selfEquipped':
      return 'this Unit is equipped'
    case 'gigsAtLeastCount':
      return `you have ${c.n} Gigs of ${c.min} or more`
    case 'varDieSize':
      return `${varWord(c.v)} is a d${c.size}`
    case 'thiefIsLegend':
      return 'the thief is a Legend'
    case 'varDieEven':
      return `${varWord(c.v)} shows an even number`
    case 'varDieOdd':
      return `${varWord(c.v)} shows an odd number`
    case 'firstStealBelowPower':
      return 'another friendly Unit made its first steal this turn, of a Gig below its power'
    case 'firstArasakaDefeat':
      return 'it is the first ARASAKA Unit defeated this turn'
    case 'valuePair':
      return 'two of your Gigs show the same value'
    case 'fixerEmpty':
      return 'your fixer area is empty'
    case 'friendlyD4Min':
      return 'your d4 Gig shows 1'
    case 'varTag':
      return `${varWord(c.v)} is ${c.tags.join(' or ')}`
    case 'varIs':
      return `${varWord(c.v)} is ${c.n}`
    case 'evenAndOddGigs':
      return 'you have an even and an odd Gig'
    case 'ownTurn':
      return 'it is your turn'
  }
}

function describeOpCore(o: Op): string {
  switch (o.op) {
    case 'draw':
      return `draw ${plural(o.n, 'card')}`
    case 'discard':
      return `${o.optional ? 'you may ' : ''}discard ${plural(o.n, o.type ?? 'card')}`
    case 'gig': {
      const which = o.side === 'var' ? varWord(o.v ?? 'subject') : o.side === 'friendly' ? 'a friendly Gig' : 'a Gig'
      if (o.mode === 'exact') return `set ${which} to ${o.upTo}`
      const how = o.mode === 'adjust' ? 'raise or lower' : o.mode
      return `${how} ${which} by up to ${o.upTo}`
    }
    case 'chooseUnit':
      return `${o.by === 'rival' ? 'the rival chooses' : 'choose'} ${filterWord(o.filter)}${o.optional ? ' (optional)' : ''}`
    case 'chooseGear':
      return `choose ${o.side && o.side !== 'any' ? `a ${o.side}` : 'a'} Gear${o.maxPower !== undefined ? ` with power ${o.maxPower} or less` : ''}`
    case 'mode':
      return `choose one: ${o.labels.join(' / ')}${o.bothIf ? ` (both if ${describeCond(o.bothIf)})` : ''}`
    case 'defeatAll':
      return o.others ? 'defeat every other Unit' : 'defeat every Unit'
    case 'bounceSelf':
      return 'return this card to its owner’s hand'
    case 'readyLegend':
      return `ready ${o.n !== undefined ? plural(o.n, `${o.tag ? `${o.tag} ` : ''}Legend`) : `a ${o.tag ? `${o.tag} ` : ''}Legend`}${o.inLegendsArea ? ' in your Legends area' : ''}`
    case 'once':
      return 'once per turn'
    case 'grant':
      return `${varWord(o.v)} gains ${o.what === 'adrenaline' ? 'ADRENALINE' : 'BLOCKER'} this turn`
    case 'readyUnits':
      return `ready up to ${plural(o.n, 'friendly Unit')}`
    case 'revealTopGain':
      return 'reveal the top card of your deck and gain it'
    case 'powerMinusSelf':
      return `${varWord(o.v)} gets minus this Unit’s power this turn`
    case 'powerPerGear':
      return `${varWord(o.v)} gets ${signed(o.n)} power per Gear on it this turn`
    case 'bottomDeck':
      return `put ${varWord(o.v)} on the bottom of its owner’s deck`
    case 'bottomDeckAll':
      return `put every rival Unit with power ${o.maxPower} or less on the bottom of its owner’s deck`
    case 'powerAll':
      return `every rival Unit gets ${signed(o.n)} power this turn`
    case 'spendAll':
      return 'spend every rival Unit'
    case 'search': {
      const what = `${o.type ?? 'card'}${o.maxCost !== undefined ? ` with cost ${o.maxCost} or less` : ''}`
      return `look at the top ${plural(o.n, 'card')} of your deck and take ${o.upTo ? 'up to ' : ''}${plural(o.take, what)}`
    }
    case 'mill':
      return `trash the top ${plural(o.n, 'card')} of your deck`
    case 'fromAmong':
      return `${o.optional ? 'you may take' : 'take'} a ${[o.tag, o.type ?? 'card'].filter(Boolean).join(' ')} from among ${varWord(o.v)}`
    case 'setGig':
      return `${o.optional ? 'you may set' : 'set'} a Gig to the value of ${o.cross ? 'a rival' : 'another friendly'} Gig`
    case 'unitEffect':
      return `${varWord(o.v)}: ${o.effect}${o.n !== undefined ? ` ${o.n}` : ''}`
    case 'playerEffect':
      return `you get ${o.effect}`
    case 'mayPay':
      return `you may pay ${o.n} €$`
    case 'gainMaxGig':
      return 'gain a Gig from your fixer area at its highest value'
    case 'stealExtra':
      return `steal one more Gig${o.distinctValue ? ' of another value' : ''}`
    case 'playFree':
      return `${o.optional ? 'you may play' : 'play'} ${o.tag ? `a ${o.tag} ` : 'a '}${o.type === 'any' ? 'card' : o.type} with cost ${o.maxCost} or less from your ${o.from.join(' or ')} for free`
    case 'sellTop':
      return 'put the top card of your deck into your Eddies'
    case 'psycho':
      return `${varWord(o.v)} goes into cyberpsychosis`
    case 'drawPer':
      return `draw a card per ${{ evenGig: 'even Gig', oddGig: 'odd Gig', valuePair: 'pair of equal Gigs', faceUpLegend: 'face-up Legend' }[o.per]}`
    case 'powerPer':
      return `${varWord(o.v)} gets ${signed(o.n)} power per even Gig this turn`
    case 'fromTrash':
      return `return a ${o.type} from your trash to your hand${o.notSelf ? ' (not this one)' : ''}`
    case 'rivalDiscard':
      return `the rival discards ${plural(o.n, 'card')}`
    case 'defeat':
      return `defeat ${varWord(o.v)}`
    case 'spend':
      return `spend ${varWord(o.v)}`
    case 'power':
      return `${varWord(o.v)} gets ${signed(o.n)} power this turn`
    case 'swapGig':
      return `${o.optional ? 'you may swap' : 'swap'} a friendly Gig with a rival Gig`
    case 'lookLegend':
      return `${o.optional ? 'you may look' : 'look'} at a face-down Legend`
    case 'lookAllLegends':
      return 'look at every face-down Legend'
    case 'callFree':
      return `${o.optional ? 'you may Call' : 'Call'} a Legend for free`
    case 'topMayTrash':
      return 'look at the top card of your deck; you may trash it'
    case 'readyEddies':
      return `ready ${plural(o.n, 'Eddie')}`
    case 'readySelf':
      return 'ready this card'
    case 'delay':
      return `at the end of the turn, ability ${o.ab + 1} happens`
    case 'custom':
      return 'its own effect'
  }
}

/** One operation as a clause, with its condition. */
export function describeOp(o: Op): string {
  return o.if ? `if ${describeCond(o.if)}, ${describeOpCore(o)}` : describeOpCore(o)
}

const opsText = (ops: readonly Op[]) => `${capital(ops.map(describeOp).join('; '))}.`

const TRIGGER_WORD: Record<string, string> = {
  PLAY: 'PLAY',
  CALL: 'CALL',
  ATTACK: 'ATTACK',
  DEFEATED: 'DEFEATED',
  SPENT: 'When it becomes spent',
  END_OF_TURN: 'At the end of your turn',
  WIN_FIGHT: 'When it wins a fight',
  FIRST_ARASAKA_ATTACK: 'The first time a friendly ARASAKA Unit attacks each turn',
  FIRST_BLUE_PLAY: 'The first time you play a Blue Unit or Gear each turn',
  BLOCK: 'When it blocks',
  START_OF_TURN: 'At the start of your turn',
  STEAL: 'When it steals a Gig',
  FRIENDLY_STEAL: 'When a friendly Unit steals a Gig',
  LOSE_FIGHT: 'When it loses a fight',
  FRIENDLY_BLOCK: 'When a friendly Unit blocks',
  PLAY_BRAINDANCE: 'When you play a BRAINDANCE Program',
  UNIT_DEFEATED: 'When a Unit is defeated',
  STEAL_EVENT: 'When it steals',
  FRIENDLY_STEAL_EVENT: 'When a friendly Unit steals',
  RIVAL_TOUCHED_GIGS: 'When a rival changes your Gigs',
  FRIENDLY_EQUIPPED_SPENT: 'When a friendly equipped Unit or Legend becomes spent',
  ROLL_IN: 'When you roll a Gig in',
  ROLLED: 'When you roll a Gig',
}

/** A static word as a sentence. */
function describeStatic(a: Extract<Ability, { kind: 'static' }>): string {
  const w = 'while' in a && a.while ? ` while ${describeCond(a.while)}` : ''
  switch (a.mod) {
    case 'fightBonusVs':
      return `${signed(a.n)} power while fighting a ${matchWord(a.vs)}.`
    case 'winsFightVs':
      return `Wins every fight against a ${matchWord(a.vs)}.`
    case 'attackBonus':
      return `Each ${a.attackers.others ? 'other ' : ''}friendly attacking ${matchWord(a.attackers, 'Unit')} gets ${signed(a.n)} power.`
    case 'powerPerGear':
      return `${signed(a.n)} power per Gear equipped to it${w}.`
    case 'adrenaline':
      return `ADRENALINE${w}.`
    case 'attackWhenPlayed':
      return `May attack ${a.targets === 'units' ? 'Units' : 'the Gig area'} the turn it is played${w}.`
    case 'attackReady':
      return `May attack ready rival ${a.blockers ? 'BLOCKER ' : ''}Units${w}.`
    case 'firstPlayDiscount':
      return `The first ${matchWord(a.cards)} you play each turn costs ${a.n} €$ less (at least ${a.min}).`
    case 'rivalGoSoloCost':
      return `Rivals pay ${a.n} €$ more to use GO SOLO.`
    case 'cantAttack':
      return 'Cannot attack.'
    case 'onlyAttackUnits':
      return 'Can only attack Units.'
    case 'unblockableIfLessCred':
      return 'Cannot be blocked while your Street Cred is lower than the rival’s.'
    case 'suppressNewRivals':
      return 'Rival Units cannot attack the turn they are played.'
    case 'needsProgramToAttack':
      return 'Cannot attack unless you played a Program this turn.'
    case 'deadmanReplace':
      return 'If its host would be defeated, defeat this Gear instead.'
    case 'freeCallOwnTurn':
      return 'During your turn you may Call a Legend for free.'
    case 'jackieReplace':
      return 'If a friendly Unit would be defeated, you may pay 1 €$ to defeat this Legend instead.'
    case 'altPreventSteal':
      return 'When a rival Unit would steal a Gig, you may discard a card costing its value to prevent it.'
  }
}

/** One ability as a sentence ("PLAY: draw 2 cards."). */
export function describeAbility(a: Ability | Omit<Ability, 'text'>): string {
  const ab = a as Ability
  const host = 'inherit' in ab && ab.inherit ? 'Its host has: ' : ''
  switch (ab.kind) {
    case 'static':
      return `${host}${describeStatic(ab)}`
    case 'trigger': {
      const on = ab.on.map(t => TRIGGER_WORD[t] ?? t).join(' or ')
      return `${host}${on}${ab.when ? `, if ${describeCond(ab.when)}` : ''}: ${opsText(ab.ops)}`
    }
    case 'delayed':
      return `${host}Delayed: ${opsText(ab.ops)}`
    case 'activated': {
      const cost = [ab.eddies > 0 ? `${ab.eddies} €$` : '', ab.spend ? 'spend it' : ''].filter(x => x !== '')
      return `${host}${ab.quick ? 'QUICK ' : ''}${cost.length ? capital(cost.join(', ')) : 'Free'}${ab.lessPerGig8 ? ' (1 €$ less per Gig of 8+)' : ''}: ${opsText(ab.ops)}`
    }
    case 'program':
      return opsText(ab.ops)
  }
}

const COST_PER: Record<string, string> = {
  gig8: 'Gig of 8 or more you have',
  trashUnit: 'Unit in your trash',
  faceUpLegend: 'face-up Legend you have',
}

/** The whole card in words: type, cost, power, RAM and keywords, then each ability. */
export function describeSetCard(c: DescribedCard): string {
  const head = [
    `${c.type}, ${c.cost === null ? 'no cost' : `${c.cost} €$`}`,
    c.power !== null ? `power ${c.power}` : '',
    c.type === 'Legend' ? `${c.ram} RAM` : '',
  ].filter(x => x !== '')
  const parts = [`${head.join(', ')}.`]
  if (c.keywords.length) parts.push(`${c.keywords.join(', ')}.`)
  if (c.altCost) parts.push(`Costs ${c.altCost.cost} €$ if ${describeCond(c.altCost.if as Cond)}.`)
  if (c.costPer) parts.push(`Costs 1 €$ less per ${COST_PER[c.costPer.per]} (at least ${c.costPer.min}).`)
  for (const a of c.abilities) parts.push(describeAbility(a as Ability))
  return parts.join(' ')
}
