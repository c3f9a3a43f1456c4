// The effect vocabulary and each implemented card's behaviour, written in it.
// Triggers, conditions, operations and targets are data; the engine (engine.ts) interprets them.
// `custom` operations name a small piece of code in engine.ts (CUSTOM_OPS) for what the vocabulary cannot say.
// Descriptions (`text`) are our own short paraphrases, not the printed wording.

export type Trigger =
  | 'PLAY' // this card was played (Units, Gears, Legends to the field)
  | 'CALL' // this Legend was turned face-up by Call a Legend
  | 'ATTACK' // this Unit attacks (pending when spent to declare)
  | 'DEFEATED' // this Unit was defeated (after it moved)
  | 'SPENT' // this Unit or Legend became spent (any reason)
  | 'END_OF_TURN' // at the end of its controller's turn
  | 'WIN_FIGHT' // this Unit won a fight against a rival Unit
  | 'FIRST_ARASAKA_ATTACK' // the first time a friendly ARASAKA Unit attacks each turn (face-up Legend)
  | 'FIRST_BLUE_PLAY' // the first time its controller plays a Blue Unit or Blue Gear each turn (face-up Legend)
  | 'BLOCK' // this Unit used BLOCKER
  | 'START_OF_TURN' // at the start of its controller's turn
  | 'STEAL' // this Unit stole a Gig (once per Gig; the die is var `x`)
  | 'FRIENDLY_STEAL' // a friendly Unit stole a Gig (once per Gig; the die is var `x`, the thief var `thief`)
  | 'LOSE_FIGHT' // this Unit lost a fight (the opposing Unit is var `x`)
  | 'FRIENDLY_BLOCK' // a friendly Unit used BLOCKER (the blocker is var `x`)
  | 'PLAY_BRAINDANCE' // its controller played a BRAINDANCE Program
  | 'UNIT_DEFEATED' // any Unit was defeated (var `x`; var `thief` = 1 when it was a friendly equipped Unit)
  | 'STEAL_EVENT' // this Unit stole 1 or more Gigs (once per steal; var `thief` = 1 for its first steal this turn)
  | 'FRIENDLY_STEAL_EVENT' // a friendly Unit stole 1 or more Gigs (once per steal; thief in var `thief`)
  | 'RIVAL_TOUCHED_GIGS' // a rival adjusted or swapped friendly Gigs
  | 'FRIENDLY_EQUIPPED_SPENT' // a friendly equipped Unit or Legend became spent (var `x`)
  | 'ROLL_IN' // you rolled a Gig in from your fixer area (var `x`)
  | 'ROLLED' // you rolled a Gig (first roll or reroll; var `x`)

export type Cond =
  | { c: 'credEven' }
  | { c: 'credMoreThanRival' }
  | { c: 'credLessThanRival' }
  | { c: 'credLessThan'; n: number }
  | { c: 'credDiffAtLeast'; n: number }
  | { c: 'distinctGigs'; n: number }
  | { c: 'gigAtLeast'; n: number }
  | { c: 'selfPowerAtLeast'; n: number }
  | { c: 'allLegendsFaceUp' }
  | { c: 'varBecameMinGig'; v: string }
  | { c: 'varCostEqualsFriendlyGig'; v: string }
  | { c: 'varEqualsFriendlyGig'; v: string }
  | { c: 'hostNamed'; name: string }
  | { c: 'selfStoleThisTurn' }
  | { c: 'varLegendArasakaOrSolo'; v: string }
  | { c: 'varSet'; v: string }
  | { c: 'not'; of: Cond }
  | { c: 'all'; of: Cond[] }
  | { c: 'mode'; n: number }
  | { c: 'rivalMoreGigsBy'; n: number }
  | { c: 'hasMinGig' }
  | { c: 'selfSpent' }
  | { c: 'selfEquipped' }
  | { c: 'gigsAtLeastCount'; n: number; min: number }
  | { c: 'varDieSize'; v: string; size: number }
  | { c: 'thiefIsLegend' }
  | { c: 'varDieEven'; v: string }
  | { c: 'varDieOdd'; v: string }
  | { c: 'stolenBelowThiefPower' }
  | { c: 'valuePair' }
  | { c: 'fixerEmpty' }
  | { c: 'friendlyD4Min' }
  | { c: 'varTag'; v: string; tags: string[] }
  | { c: 'varIs'; v: string; n: number }
  | { c: 'evenAndOddGigs' }

export interface UnitFilter {
  side: 'friendly' | 'rival' | 'any'
  maxCost?: number
  maxPower?: number
  /** power at most the value of a friendly d20 */
  maxPowerFriendlyD20?: boolean
  ready?: boolean
  spent?: boolean
  unequipped?: boolean
  equipped?: boolean
  /** cost at most the number in this var */
  maxCostVar?: string
  /** power equal to the value of the die in this var */
  powerEqDieVar?: string
  /** only the lowest-power Units among the matching ones */
  lowest?: boolean
  notSelf?: boolean
}

export type Op = { if?: Cond } & (
  | { op: 'draw'; n: number }
  | { op: 'discard'; n: number; optional?: boolean; as?: string; type?: 'Program' }
  | { op: 'gig'; mode: 'adjust' | 'increase' | 'decrease' | 'exact'; upTo: number; side: 'any' | 'friendly' | 'var'; v?: string; as?: string }
  | { op: 'chooseUnit'; filter: UnitFilter; as: string; optional?: boolean; by?: 'rival' }
  | { op: 'chooseGear'; as: string; optional?: boolean; side?: 'friendly' | 'rival' | 'any'; maxPower?: number }
  | { op: 'mode'; labels: string[]; bothIf?: Cond }
  | { op: 'defeatAll'; others: boolean }
  | { op: 'bounceSelf' }
  | { op: 'readyLegend'; tag?: string; n?: number }
  | { op: 'once' }
  | { op: 'grant'; v: string; what: 'adrenaline' | 'blocker' }
  | { op: 'readyUnits'; n: number }
  | { op: 'revealTopGain' }
  | { op: 'powerMinusSelf'; v: string }
  | { op: 'powerPerGear'; v: string; n: number }
  | { op: 'bottomDeck'; v: string }
  | { op: 'bottomDeckAll'; side: 'rival'; maxPower: number }
  | { op: 'powerAll'; side: 'rival'; n: number }
  | { op: 'spendAll'; side: 'rival' }
  | { op: 'search'; n: number; type?: 'Gear' | 'Unit' | 'Program'; maxCost?: number; costInGigs?: boolean; take: number; perMinGig?: boolean; hidden?: boolean }
  | { op: 'mill'; n: number; as: string }
  | { op: 'fromAmong'; v: string; type?: 'Unit' | 'Program' | 'Gear'; tag?: string; optional?: boolean; as?: string }
  | { op: 'setGig'; cross: boolean; optional: boolean }
  | { op: 'unitFlag'; v: string; f: 'na' | 'nr' | 'sf' | 'fb'; n?: number }
  | { op: 'playerFlag'; f: 'so' | 'wb' }
  | { op: 'mayPay'; n: number; as: string }
  | { op: 'gainMaxGig' }
  | { op: 'mustAttack'; v: string }
  | { op: 'stealExtra'; distinctValue?: boolean }
  | {
      op: 'playFree'
      from: ('hand' | 'trash' | 'top')[]
      type: 'Unit' | 'Program' | 'Gear' | 'any'
      maxCost: number
      optional: boolean
      bottom?: boolean
      tag?: string
      otherUnitOnly?: boolean
      grantAttackUnits?: boolean
      n?: number
      onlyVar?: string
      notSrc?: boolean
      as?: string
    }
  | { op: 'sellTop' }
  | { op: 'psycho'; v: string }
  | { op: 'afd' }
  | { op: 'soloDiscount' }
  | { op: 'drawPer'; per: 'evenGig' | 'oddGig' | 'valuePair' | 'faceUpLegend' }
  | { op: 'powerPer'; v: string; n: number; per: 'evenGig' }
  | { op: 'fromTrash'; type: 'Unit' | 'Program'; notSelf?: boolean }
  | { op: 'rivalDiscard'; n: number }
  | { op: 'noFightDefeat'; v: string }
  | { op: 'defeat'; v: string }
  | { op: 'spend'; v: string }
  | { op: 'power'; v: string; n: number }
  | { op: 'swapGig'; optional: boolean }
  | { op: 'lookLegend'; as: string; optional?: boolean }
  | { op: 'lookAllLegends' }
  | { op: 'callFree'; v?: string; optional: boolean }
  | { op: 'topMayTrash' }
  | { op: 'readyEddies'; n: number }
  | { op: 'readySelf' }
  | { op: 'delay'; ab: number }
  | {
      op: 'custom'
      fn:
        | 'viktorSearch'
        | 'shattered'
        | 'chromeFang'
        | 'rebootOptics'
        | 'readyVar'
        | 'onceIfStolenBelow'
        | 'drawIfMachine'
        | 'synapse'
        | 'defeatAB'
        | 'mayTakeMilledProgram'
        | 'carnage'
        | 'sandayu'
        | 'fool'
        | 'misty'
        | 'onceIfArasaka'
        | 'searchTrash1'
        | 'bottomSelfFromTrash'
        | 'topToHand'
        | 'panamMove'
        | 'panamReady'
        | 'gunpoint'
        | 'grantAttackUnits'
        | 'kerryReroll'
        | 'kerryDraw'
        | 'altDiscount'
        | 'altPlayFromTrash'
        | 'psyDefeat'
    }
)

export type StaticMod =
  | 'cantAttack'
  | 'onlyAttackUnits'
  | 'unblockableIfLessCred'
  | 'arasakaAttackBonus'
  | 'suppressNewRivals' // rival Units can't attack the turn they're played
  | 'needsProgramToAttack' // can't attack unless you played a Program this turn
  | 'rivalGoSoloTax' // rivals pay +2 €$ for GO SOLO
  | 'othersAttackBonus2' // other friendly Units +2 power while attacking
  | 'gearPowerOwnTurn' // during your turn +2 power per equipped Gear
  | 'adrIfBehind' // (Gear) host has ADRENALINE while a rival controls 2+ more Gigs
  | 'winsVsCorpo' // wins every fight against CORPO Units
  | 'attackUnitsWhenPlayed' // may attack rival Units the turn it is played
  | 'attackGigsWhenPlayedIfBehind' // may attack the Gig area the turn it is played if a rival controls more Gigs
  | 'attackReadyBlockersIfAhead' // with more Street Cred, may attack ready rival BLOCKER Units
  | 'deadmanReplace' // (Gear) if the host would be defeated, defeat this Gear instead
  | 'freeCallOwnTurn' // during your turn you may Call a Legend for free
  | 'firstCyberwareDiscount' // your first CYBERWARE Gear each turn costs 3 less (minimum 1)
  | 'plus2VsLegend' // +2 power while fighting a Legend
  | 'jackieReplace' // optional: if a friendly Unit would be defeated, pay 1 €$ to defeat this Legend instead
  | 'altPreventSteal' // optional: when a rival Unit would steal a Gig, discard a card costing its value to prevent it

export type Ability =
  | { kind: 'trigger'; on: Trigger[]; ops: Op[]; inherit?: boolean; text: string }
  | { kind: 'delayed'; ops: Op[]; inherit?: boolean; text: string }
  | { kind: 'static'; mod: StaticMod; inherit?: boolean; text: string }
  | { kind: 'activated'; eddies: number; spend: boolean; quick: boolean; ops: Op[]; inherit?: boolean; lessPerGig8?: boolean; text: string }
  | { kind: 'program'; ops: Op[]; text: string }

export interface CardBehaviour {
  abilities: Ability[]
  /** alternative cost when the condition holds (e.g. "if your fixer area is empty, play this for 1 €$") */
  altCost?: { if: Cond; cost: number }
  /** play-cost reduction: -1 €$ per counted thing, to a minimum of `min` */
  costPer?: { per: 'gig8' | 'trashUnit' | 'faceUpLegend'; min: number }
  /** one-line summary of the card in our own words */
  text: string
}

/** Runtime lists of the vocabulary, for the zod validation of BEHAVIOUR in cards.ts. */
export const TRIGGERS = [
  'PLAY', 'CALL', 'ATTACK', 'DEFEATED', 'SPENT', 'END_OF_TURN', 'WIN_FIGHT', 'FIRST_ARASAKA_ATTACK', 'FIRST_BLUE_PLAY', 'BLOCK',
  'START_OF_TURN', 'STEAL', 'FRIENDLY_STEAL', 'LOSE_FIGHT', 'FRIENDLY_BLOCK', 'PLAY_BRAINDANCE', 'UNIT_DEFEATED', 'STEAL_EVENT',
  'FRIENDLY_STEAL_EVENT', 'RIVAL_TOUCHED_GIGS', 'FRIENDLY_EQUIPPED_SPENT', 'ROLL_IN', 'ROLLED',
] as const satisfies readonly Trigger[]
export const OP_NAMES = [
  'draw', 'discard', 'gig', 'chooseUnit', 'chooseGear', 'mode', 'defeatAll', 'bounceSelf', 'readyLegend', 'once', 'grant',
  'readyUnits', 'revealTopGain', 'powerMinusSelf', 'powerPerGear', 'bottomDeck', 'bottomDeckAll', 'powerAll', 'spendAll', 'search',
  'mill', 'fromAmong', 'setGig', 'unitFlag', 'playerFlag', 'mayPay', 'gainMaxGig', 'mustAttack', 'stealExtra', 'playFree', 'sellTop',
  'psycho', 'afd', 'soloDiscount', 'drawPer', 'powerPer', 'fromTrash', 'rivalDiscard', 'noFightDefeat', 'defeat', 'spend', 'power',
  'swapGig', 'lookLegend', 'lookAllLegends', 'callFree', 'topMayTrash', 'readyEddies', 'readySelf', 'delay', 'custom',
] as const satisfies readonly Op['op'][]
export const STATIC_MODS = [
  'cantAttack', 'onlyAttackUnits', 'unblockableIfLessCred', 'arasakaAttackBonus', 'suppressNewRivals', 'needsProgramToAttack',
  'rivalGoSoloTax', 'othersAttackBonus2', 'gearPowerOwnTurn', 'adrIfBehind', 'winsVsCorpo', 'attackUnitsWhenPlayed',
  'attackGigsWhenPlayedIfBehind', 'attackReadyBlockersIfAhead', 'deadmanReplace', 'freeCallOwnTurn', 'firstCyberwareDiscount',
  'plus2VsLegend', 'jackieReplace', 'altPreventSteal',
] as const satisfies readonly StaticMod[]
// every member of the vocabulary types is listed above (a compile error here means a list is out of date)
type Missing<T, L extends readonly unknown[]> = Exclude<T, L[number]>
export const VOCABULARY_COMPLETE: [Missing<Trigger, typeof TRIGGERS>, Missing<Op['op'], typeof OP_NAMES>, Missing<StaticMod, typeof STATIC_MODS>] extends [never, never, never]
  ? true
  : never = true

const draw = (n: number, cond?: Cond): Op => (cond ? { op: 'draw', n, if: cond } : { op: 'draw', n })

/** Behaviour of every card, by card id. validateDeck refuses any card that has none (CARD_NOT_IMPLEMENTED). */
export const BEHAVIOUR: Record<string, CardBehaviour> = {
  // ---- The Heist (S001-HEI) ----
  'v-corporate-exile': { abilities: [], text: 'GO SOLO Legend (keyword only).' },
  'viktor-vektor-sit-down-and-relax': {
    text: 'CALL: look at your top 5, take up to 2 Gears costing 2 or less, rest to the bottom at random.',
    abilities: [{ kind: 'trigger', on: ['CALL'], ops: [{ op: 'custom', fn: 'viktorSearch' }], text: 'CALL: search 5 for up to 2 cheap Gears.' }],
  },
  'jackie-welles-pour-one-out-for-me': {
    text: 'First Blue Unit/Gear you play each turn: you may lower a friendly Gig by up to 2; if it ends at 1, draw 1.',
    abilities: [
      {
        kind: 'trigger',
        on: ['FIRST_BLUE_PLAY'],
        ops: [
          { op: 'gig', mode: 'decrease', upTo: 2, side: 'friendly', as: 'die' },
          draw(1, { c: 'varBecameMinGig', v: 'die' }),
        ],
        text: 'First Blue Unit/Gear each turn: lower a friendly Gig up to 2; draw if it became min.',
      },
    ],
  },
  'dexter-deshawn-one-last-chance': {
    text: 'PLAY and ATTACK: adjust a Gig by up to 1. DEFEATED: draw 2 if Street Cred differs from the rival by 10+.',
    abilities: [
      { kind: 'trigger', on: ['PLAY', 'ATTACK'], ops: [{ op: 'gig', mode: 'adjust', upTo: 1, side: 'any' }], text: 'PLAY/ATTACK: adjust a Gig by up to 1.' },
      { kind: 'trigger', on: ['DEFEATED'], ops: [draw(2, { c: 'credDiffAtLeast', n: 10 })], text: 'DEFEATED: draw 2 if Street Cred gap is 10+.' },
    ],
  },
  'heywood-ripperdoc': {
    text: 'PLAY: you may defeat a Gear; draw 1 if its cost equals a friendly Gig value.',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY'],
        ops: [
          { op: 'chooseGear', as: 'g', optional: true },
          { op: 'defeat', v: 'g' },
          draw(1, { c: 'varCostEqualsFriendlyGig', v: 'g' }),
        ],
        text: 'PLAY: may defeat a Gear; draw if its cost matches a friendly Gig.',
      },
    ],
  },
  'offduty-malfini': {
    text: 'PLAY: spend this Unit and a rival Unit.',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY'],
        ops: [
          { op: 'spend', v: 'self' },
          { op: 'chooseUnit', filter: { side: 'rival', ready: true }, as: 't' },
          { op: 'spend', v: 't' },
        ],
        text: 'PLAY: spend itself and a rival Unit.',
      },
    ],
  },
  'secondhand-bombus': { abilities: [], text: 'BLOCKER, power 0.' },
  't-bug-amateur-philosopher': {
    text: 'DEFEATED: look at your face-down Legends, then you may Call one for free.',
    abilities: [
      {
        kind: 'trigger',
        on: ['DEFEATED'],
        ops: [{ op: 'lookAllLegends' }, { op: 'callFree', optional: true }],
        text: 'DEFEATED: look at face-down Legends, may Call one free.',
      },
    ],
  },
  'kiroshi-optics': {
    text: 'Gear. Host gains: ATTACK: look at a friendly face-down Legend.',
    abilities: [{ kind: 'trigger', on: ['ATTACK'], inherit: true, ops: [{ op: 'lookLegend', as: 'l' }], text: 'ATTACK: peek at a face-down Legend.' }],
  },
  'mandibular-upgrade': { abilities: [], text: 'Gear. Host gains BLOCKER.' },
  'zetatech-faceplate': {
    text: 'Gear. Host gains: when spent, adjust a Gig by up to 1, then draw 1 if you control 3+ Gigs with different values.',
    abilities: [
      {
        kind: 'trigger',
        on: ['SPENT'],
        inherit: true,
        ops: [{ op: 'gig', mode: 'adjust', upTo: 1, side: 'any' }, draw(1, { c: 'distinctGigs', n: 3 })],
        text: 'When spent: adjust a Gig by 1; draw with 3+ distinct Gig values.',
      },
    ],
  },
  'afterparty-at-lizzies': {
    text: 'Program: adjust a Gig by up to 1, then draw 1 if you control 2+ Gigs with different values.',
    abilities: [{ kind: 'program', ops: [{ op: 'gig', mode: 'adjust', upTo: 1, side: 'any' }, draw(1, { c: 'distinctGigs', n: 2 })], text: 'Adjust a Gig by 1; maybe draw.' }],
  },
  'delamain-cab': {
    text: 'End of your turn: if this Unit stole a Gig this turn, ready 1 Eddie.',
    abilities: [{ kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'readyEddies', n: 1, if: { c: 'selfStoleThisTurn' } }], text: 'End of turn: ready an Eddie if it stole.' }],
  },
  'evelyn-parker-scheming-siren': {
    text: 'ATTACK: draw 1, then discard 1 if your Street Cred is higher than the rival\'s.',
    abilities: [
      { kind: 'trigger', on: ['ATTACK'], ops: [draw(1), { op: 'discard', n: 1, if: { c: 'credMoreThanRival' } }], text: 'ATTACK: draw, maybe discard.' },
    ],
  },
  'mt0d12-flathead': {
    text: 'Sellable Unit. Cannot be blocked while your Street Cred is below the rival\'s.',
    abilities: [{ kind: 'static', mod: 'unblockableIfLessCred', text: 'Unblockable when behind on Street Cred.' }],
  },
  'psycho-squad': { abilities: [], text: 'Vanilla Unit.' },
  'dying-night-vs-pistol': {
    text: 'Gear. Host gains: ATTACK: decrease a Gig by up to 2; at the end of that turn, if the host is named V, ready 2 Eddies.',
    abilities: [
      { kind: 'trigger', on: ['ATTACK'], inherit: true, ops: [{ op: 'gig', mode: 'decrease', upTo: 2, side: 'any' }, { op: 'delay', ab: 1 }], text: 'ATTACK: lower a Gig by up to 2.' },
      { kind: 'delayed', inherit: true, ops: [{ op: 'readyEddies', n: 2, if: { c: 'hostNamed', name: 'V' } }], text: 'End of that turn: V readies 2 Eddies.' },
    ],
  },
  'tetratronic-rippler': {
    text: 'Gear. Host gains: when spent, look at your top card and you may trash it.',
    abilities: [{ kind: 'trigger', on: ['SPENT'], inherit: true, ops: [{ op: 'topMayTrash' }], text: 'When spent: may trash your top card.' }],
  },
  'floor-it': {
    text: 'QUICK Program: a rival Unit gets -1 power this turn; draw 1.',
    abilities: [
      {
        kind: 'program',
        ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'power', v: 't', n: -1 }, draw(1)],
        text: 'Rival Unit -1 this turn; draw 1.',
      },
    ],
  },
  'reboot-optics': {
    text: 'QUICK Program: the next time a rival Unit fights this turn, it does not defeat your Unit.',
    abilities: [{ kind: 'program', ops: [{ op: 'custom', fn: 'rebootOptics' }], text: 'Next rival fighter this turn defeats nothing.' }],
  },

  // ---- Embracing Power (S002-EBP) ----
  'goro-takemura-hands-unclean': { abilities: [], text: 'GO SOLO and BLOCKER Legend (keywords only).' },
  'yorinobu-arasaka-embracing-destruction': {
    text: 'First friendly ARASAKA attack each turn: draw 1, then discard 1 if your Street Cred is below 20.',
    abilities: [
      {
        kind: 'trigger',
        on: ['FIRST_ARASAKA_ATTACK'],
        ops: [draw(1), { op: 'discard', n: 1, if: { c: 'credLessThan', n: 20 } }],
        text: 'First ARASAKA attack: draw, then discard under 20 Street Cred.',
      },
    ],
  },
  'saburo-arasaka-stubborn-patriarch': {
    text: 'Friendly ARASAKA Units get +1 power while attacking.',
    abilities: [{ kind: 'static', mod: 'arasakaAttackBonus', text: 'ARASAKA attackers +1.' }],
  },
  'chrome-fang': {
    text: 'PLAY: until your next turn, rival Units cannot steal your Gigs whose value exceeds their power.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'custom', fn: 'chromeFang' }], text: 'PLAY: guard high Gigs until your next turn.' }],
  },
  minotaur: {
    text: 'PLAY: if your Street Cred is higher than the rival\'s, defeat a rival Unit with power 5 or less.',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY'],
        ops: [
          { op: 'chooseUnit', filter: { side: 'rival', maxPower: 5 }, as: 't', if: { c: 'credMoreThanRival' } },
          { op: 'defeat', v: 't' },
        ],
        text: 'PLAY: defeat a small rival Unit when ahead.',
      },
    ],
  },
  'ruthless-lowlife': { abilities: [{ kind: 'static', mod: 'onlyAttackUnits', text: 'May only attack rival Units.' }], text: 'Can only attack rival Units.' },
  'swordwise-huscle': {
    text: 'ATTACK: if this Unit has 5+ power, draw 1.',
    abilities: [{ kind: 'trigger', on: ['ATTACK'], ops: [draw(1, { c: 'selfPowerAtLeast', n: 5 })], text: 'ATTACK: draw at 5+ power.' }],
  },
  'emergency-atlus': { abilities: [], text: 'Vanilla Unit.' },
  'field-operator': {
    text: 'PLAY: if your Street Cred is even, draw 1.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [draw(1, { c: 'credEven' })], text: 'PLAY: draw on even Street Cred.' }],
  },
  'goro-takemura-losing-his-way': {
    text: 'ATTACK: if all your Legends are face-up, +5 power this turn.',
    abilities: [{ kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'power', v: 'self', n: 5, if: { c: 'allLegendsFaceUp' } }], text: 'ATTACK: +5 with all Legends up.' }],
  },
  'maxtac-av': {
    text: 'PLAY: you may swap a friendly Gig with a rival Gig.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'swapGig', optional: true }], text: 'PLAY: may swap Gigs.' }],
  },
  'arasaka-emergency-radioport': {
    text: 'Gear. Host gains: when spent, you may look at a face-down Legend; if it is ARASAKA or has GO SOLO you may Call it for free.',
    abilities: [
      {
        kind: 'trigger',
        on: ['SPENT'],
        inherit: true,
        ops: [
          { op: 'lookLegend', as: 'l', optional: true },
          { op: 'callFree', v: 'l', optional: true, if: { c: 'varLegendArasakaOrSolo', v: 'l' } },
        ],
        text: 'When spent: peek a Legend, may Call it free.',
      },
    ],
  },
  'mantis-blades': { abilities: [], text: 'Gear, +2 power.' },
  'satori-sword-of-saburo': {
    text: 'Gear. Host gains: when it wins a fight against a rival Unit, draw 1.',
    abilities: [{ kind: 'trigger', on: ['WIN_FIGHT'], inherit: true, ops: [draw(1)], text: 'Win a fight: draw 1.' }],
  },
  'industrial-assembly': {
    text: 'Program: increase a Gig by up to 4, then draw 1 if you control a Gig of 8+.',
    abilities: [{ kind: 'program', ops: [{ op: 'gig', mode: 'increase', upTo: 4, side: 'any' }, draw(1, { c: 'gigAtLeast', n: 8 })], text: 'Raise a Gig; maybe draw.' }],
  },
  'over-the-edge': {
    text: 'Program: defeat a Unit whose power is at most the value of a friendly d20.',
    abilities: [
      {
        kind: 'program',
        ops: [{ op: 'chooseUnit', filter: { side: 'any', maxPowerFriendlyD20: true }, as: 't' }, { op: 'defeat', v: 't' }],
        text: 'Defeat a Unit up to your d20.',
      },
    ],
  },
  'shattered-memories': {
    text: 'Program: both players discard their hands and may draw 5; draw 2 if the discarded total equals a friendly Gig value.',
    abilities: [{ kind: 'program', ops: [{ op: 'custom', fn: 'shattered' }, draw(2, { c: 'varEqualsFriendlyGig', v: 'discarded' })], text: 'Hand reset.' }],
  },
  'corpo-security': {
    text: 'BLOCKER. Cannot attack.',
    abilities: [{ kind: 'static', mod: 'cantAttack', text: 'Cannot attack.' }],
  },
  sandevistan: {
    text: 'Gear. Host gains: at the end of your turn, ready it.',
    abilities: [{ kind: 'trigger', on: ['END_OF_TURN'], inherit: true, ops: [{ op: 'readySelf' }], text: 'End of turn: ready host.' }],
  },
  'corporate-surveillance': {
    text: 'Program: spend a rival Unit with cost 4 or less.',
    abilities: [
      { kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'rival', maxCost: 4, ready: true }, as: 't' }, { op: 'spend', v: 't' }], text: 'Spend a cheap rival Unit.' },
    ],
  },

  // ---- Welcome to Night City (beyond the starters) ----
  'animals-wrecker': { abilities: [], text: 'Vanilla Unit.' },
  'rockn-rockerboy': { abilities: [], text: 'Vanilla Unit.' },
  'riding-nomad': { abilities: [], text: 'ADRENALINE Unit (keyword only).' },
  'adam-smasher-ender-of-legends': {
    text: 'GO SOLO Legend. PLAY: defeat a rival Unit.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'defeat', v: 't' }], text: 'PLAY: defeat a rival Unit.' }],
  },
  'adam-smasher-metal-over-meat': {
    text: 'PLAY: defeat every other Unit.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'defeatAll', others: true }], text: 'PLAY: defeat all other Units.' }],
  },
  'bonnie-and-clyde': {
    text: 'Program: defeat a rival Unit with power 4 or less; a second one if the rival has 2+ more Gigs.',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'chooseUnit', filter: { side: 'rival', maxPower: 4 }, as: 't' },
          { op: 'defeat', v: 't' },
          { op: 'chooseUnit', filter: { side: 'rival', maxPower: 4 }, as: 'u', optional: true, if: { c: 'rivalMoreGigsBy', n: 2 } },
          { op: 'defeat', v: 'u' },
        ],
        text: 'Defeat 1 (maybe 2) small rival Units.',
      },
    ],
  },
  'caliber-totentanzs-top-dog': {
    text: 'PLAY: defeat a rival Unit with cost 2 or less. DEFEATED: the rival discards 1, and 1 more if its cost equals a friendly Gig value.',
    abilities: [
      { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'rival', maxCost: 2 }, as: 't' }, { op: 'defeat', v: 't' }], text: 'PLAY: defeat a cheap rival Unit.' },
      {
        kind: 'trigger',
        on: ['DEFEATED'],
        ops: [{ op: 'rivalDiscard', n: 1 }, { op: 'rivalDiscard', n: 1, if: { c: 'varEqualsFriendlyGig', v: 'discardedCost' } }],
        text: 'DEFEATED: rival discards.',
      },
    ],
  },
  'delamain-rideshare-ai': {
    text: 'PLAY: draw 2.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [draw(2)], text: 'PLAY: draw 2.' }],
  },
  detonate: {
    text: 'QUICK Program: defeat a rival Gear with power 2 or less.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseGear', side: 'rival', maxPower: 2, as: 'g' }, { op: 'defeat', v: 'g' }], text: 'Defeat a small rival Gear.' }],
  },
  'dexter-deshawn-off-the-grid': {
    text: 'CALL: choose +2 power this turn for a friendly Unit, or draw 1. Spend: increase a Gig by up to 2.',
    abilities: [
      {
        kind: 'trigger',
        on: ['CALL'],
        ops: [
          { op: 'mode', labels: ['+2 power to a friendly Unit', 'draw 1'] },
          { op: 'chooseUnit', filter: { side: 'friendly' }, as: 't', if: { c: 'mode', n: 0 } },
          { op: 'power', v: 't', n: 2 },
          draw(1, { c: 'mode', n: 1 }),
        ],
        text: 'CALL: +2 or draw.',
      },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'gig', mode: 'increase', upTo: 2, side: 'any' }], text: 'Spend: increase a Gig by up to 2.' },
    ],
  },
  'wakako-okada-peace-and-harmony': {
    text: 'CALL: choose -2 power this turn for a rival Unit, or draw 1. Spend: decrease a Gig by up to 2.',
    abilities: [
      {
        kind: 'trigger',
        on: ['CALL'],
        ops: [
          { op: 'mode', labels: ['-2 power to a rival Unit', 'draw 1'] },
          { op: 'chooseUnit', filter: { side: 'rival' }, as: 't', if: { c: 'mode', n: 0 } },
          { op: 'power', v: 't', n: -2 },
          draw(1, { c: 'mode', n: 1 }),
        ],
        text: 'CALL: -2 or draw.',
      },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'gig', mode: 'decrease', upTo: 2, side: 'any' }], text: 'Spend: decrease a Gig by up to 2.' },
    ],
  },
  'muamar-reyes-el-capitan': {
    text: 'CALL: choose: a friendly Unit cannot be defeated in a fight this turn, or draw 1. Spend: adjust a Gig by exactly 1.',
    abilities: [
      {
        kind: 'trigger',
        on: ['CALL'],
        ops: [
          { op: 'mode', labels: ['a friendly Unit survives fights this turn', 'draw 1'] },
          { op: 'chooseUnit', filter: { side: 'friendly' }, as: 't', if: { c: 'mode', n: 0 } },
          { op: 'noFightDefeat', v: 't' },
          draw(1, { c: 'mode', n: 1 }),
        ],
        text: 'CALL: protect or draw.',
      },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'gig', mode: 'exact', upTo: 1, side: 'any' }], text: 'Spend: adjust a Gig by 1.' },
    ],
  },
  'japantown-jonin': {
    text: 'PLAY: a friendly Unit gets +2 power this turn.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'power', v: 't', n: 2 }], text: 'PLAY: +2 to a friendly Unit.' }],
  },
  'kerry-eurodyne-the-last-rockerboy': {
    text: 'Spend: draw 2 if you control a Gig of 8+.',
    abilities: [{ kind: 'activated', eddies: 0, spend: true, quick: false, ops: [draw(2, { c: 'gigAtLeast', n: 8 })], text: 'Spend: draw 2 with an 8+ Gig.' }],
  },
  'la-llorona-ghost-of-the-past': {
    text: 'BLOCKER. When it blocks, increase a Gig by up to 3.',
    abilities: [{ kind: 'trigger', on: ['BLOCK'], ops: [{ op: 'gig', mode: 'increase', upTo: 3, side: 'any' }], text: 'On block: increase a Gig by up to 3.' }],
  },
  'augmented-negotiators': {
    text: 'BLOCKER. When it blocks, the rival discards 1.',
    abilities: [{ kind: 'trigger', on: ['BLOCK'], ops: [{ op: 'rivalDiscard', n: 1 }], text: 'On block: rival discards 1.' }],
  },
  'netwatch-netdriver': {
    text: 'Gear. Host gains: when spent, draw 1.',
    abilities: [{ kind: 'trigger', on: ['SPENT'], inherit: true, ops: [draw(1)], text: 'When spent: draw 1.' }],
  },
  'trust-no-one': {
    text: 'Program: decrease a Gig by up to 3, then draw 1 if you control a min Gig.',
    abilities: [{ kind: 'program', ops: [{ op: 'gig', mode: 'decrease', upTo: 3, side: 'any' }, draw(1, { c: 'hasMinGig' })], text: 'Lower a Gig; maybe draw.' }],
  },
  'wild-in-the-streets': {
    text: 'Program: defeat a spent Unit.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'any', spent: true }, as: 't' }, { op: 'defeat', v: 't' }], text: 'Defeat a spent Unit.' }],
  },
  'royce-dont-call-me-simon': {
    text: 'PLAY: defeat a rival Unit with power 2 or less (3 or less if your Street Cred is higher).',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY'],
        ops: [
          { op: 'chooseUnit', filter: { side: 'rival', maxPower: 3 }, as: 't', if: { c: 'credMoreThanRival' } },
          { op: 'chooseUnit', filter: { side: 'rival', maxPower: 2 }, as: 't', if: { c: 'not', of: { c: 'credMoreThanRival' } } },
          { op: 'defeat', v: 't' },
        ],
        text: 'PLAY: defeat a small rival Unit.',
      },
    ],
  },
  'maxtac-squadron': {
    text: 'End of your turn: if this Unit is spent, ready a friendly face-up Legend.',
    abilities: [{ kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'readyLegend', if: { c: 'selfSpent' } }], text: 'End of turn: ready a Legend.' }],
  },
  'modded-muramasa': {
    text: 'End of your turn: if your Street Cred is lower than the rival\'s, ready this Unit.',
    abilities: [{ kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'readySelf', if: { c: 'credLessThanRival' } }], text: 'End of turn: ready when behind.' }],
  },
  'modded-kusanagi': {
    text: 'ADRENALINE. End of your turn: return it to its owner\'s hand.',
    abilities: [{ kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'bounceSelf' }], text: 'End of turn: back to hand.' }],
  },
  'jackie-welles-ride-or-die-choom': {
    text: 'ATTACK: +2 power this turn per friendly even Gig. DEFEATED: draw 1 per friendly odd Gig.',
    abilities: [
      { kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'powerPer', v: 'self', n: 2, per: 'evenGig' }], text: 'ATTACK: +2 per even Gig.' },
      { kind: 'trigger', on: ['DEFEATED'], ops: [{ op: 'drawPer', per: 'oddGig' }], text: 'DEFEATED: draw per odd Gig.' },
    ],
  },
  'screw-lovelorn-fool': {
    text: 'DEFEATED: add another Unit from your trash to your hand.',
    abilities: [{ kind: 'trigger', on: ['DEFEATED'], ops: [{ op: 'fromTrash', type: 'Unit', notSelf: true }], text: 'DEFEATED: recover a Unit.' }],
  },
  'hanako-arasaka-daughter-of-the-emperor': {
    text: 'Spend: swap a friendly Gig with a rival Gig. Start of your turn: draw 1 per friendly value-pair.',
    abilities: [
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'swapGig', optional: false }], text: 'Spend: swap Gigs.' },
      { kind: 'trigger', on: ['START_OF_TURN'], ops: [{ op: 'drawPer', per: 'valuePair' }], text: 'Start of turn: draw per value-pair.' },
    ],
  },
  'jacked-in-voodoo-boy': {
    text: 'Cannot attack unless you played a Program this turn.',
    abilities: [{ kind: 'static', mod: 'needsProgramToAttack', text: 'Attacks only after a Program.' }],
  },
  'maxtac-suppression-team': {
    text: 'Rival Units cannot attack the turn they are played.',
    abilities: [{ kind: 'static', mod: 'suppressNewRivals', text: 'New rival Units cannot attack.' }],
  },
  'riot-shield': {
    text: 'Gear. Host gains BLOCKER. Rivals pay 2 €$ more for GO SOLO.',
    abilities: [{ kind: 'static', mod: 'rivalGoSoloTax', text: 'Rivals pay +2 for GO SOLO.' }],
  },
  'v-roamer-of-the-badlands': {
    text: 'When it steals a Gig, increase that Gig by up to 5. End of your turn: draw 1 with 2+ friendly Gigs of 8+.',
    abilities: [
      { kind: 'trigger', on: ['STEAL'], ops: [{ op: 'gig', mode: 'increase', upTo: 5, side: 'var', v: 'x' }], text: 'On steal: raise that Gig.' },
      { kind: 'trigger', on: ['END_OF_TURN'], ops: [draw(1, { c: 'gigsAtLeastCount', n: 2, min: 8 })], text: 'End of turn: draw with two 8+ Gigs.' },
    ],
  },
  '6th-street-recruits': {
    text: 'When a friendly Unit steals a d6, increase a Gig by up to 6.',
    abilities: [
      { kind: 'trigger', on: ['FRIENDLY_STEAL'], ops: [{ op: 'gig', mode: 'increase', upTo: 6, side: 'any', if: { c: 'varDieSize', v: 'x', size: 6 } }], text: 'Friendly d6 steal: raise a Gig.' },
    ],
  },
  'maelstrom-goons': {
    text: 'When it steals a Gig while equipped, the rival discards 1.',
    abilities: [{ kind: 'trigger', on: ['STEAL'], ops: [{ op: 'rivalDiscard', n: 1, if: { c: 'selfEquipped' } }], text: 'Equipped steal: rival discards.' }],
  },
  'tygers-whisper': {
    text: 'PLAY: you may Call a Legend for free. Power 0.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'callFree', optional: true }], text: 'PLAY: may Call free.' }],
  },
  'valentino-street-racer': {
    text: 'PLAY: another friendly Unit with cost 5 or less gains ADRENALINE this turn.',
    abilities: [
      { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'friendly', maxCost: 5, notSelf: true }, as: 't' }, { op: 'grant', v: 't', what: 'adrenaline' }], text: 'PLAY: grant ADRENALINE.' },
    ],
  },
  'adrenaline-converter': {
    text: 'Gear. Host has ADRENALINE while a rival controls 2+ more Gigs than you.',
    abilities: [{ kind: 'static', mod: 'adrIfBehind', inherit: true, text: 'ADRENALINE when behind by 2+ Gigs.' }],
  },
  'saul-bright-stormrider': {
    text: 'Other friendly Units get +2 power while attacking. End of your turn: ready up to 3 friendly Units.',
    abilities: [
      { kind: 'static', mod: 'othersAttackBonus2', text: 'Other attackers +2.' },
      { kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'readyUnits', n: 3 }], text: 'End of turn: ready up to 3 Units.' },
    ],
  },
  'royce-psycho-on-the-edge': {
    text: 'GO SOLO Legend. During your turn, +2 power per equipped Gear.',
    abilities: [{ kind: 'static', mod: 'gearPowerOwnTurn', text: '+2 per Gear on your turn.' }],
  },
  'wraith-marauders': {
    text: 'When it steals a Gig, ready another friendly Unit whose power equals that Gig\'s value.',
    abilities: [
      {
        kind: 'trigger',
        on: ['STEAL'],
        ops: [{ op: 'chooseUnit', filter: { side: 'friendly', notSelf: true, spent: true, powerEqDieVar: 'x' }, as: 't' }, { op: 'custom', fn: 'readyVar' }],
        text: 'On steal: ready a matching Unit.',
      },
    ],
  },
  'sasha-yakovleva-wont-let-you-down': {
    text: 'GO SOLO Legend. ATTACK: reveal your top card, add it to hand, gain power equal to its cost this turn. DEFEATED: the rival discards 1.',
    abilities: [
      { kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'revealTopGain' }], text: 'ATTACK: top card to hand, gain its cost.' },
      { kind: 'trigger', on: ['DEFEATED'], ops: [{ op: 'rivalDiscard', n: 1 }], text: 'DEFEATED: rival discards 1.' },
    ],
  },
  'rita-wheeler-no-stupid-questions': {
    text: 'BLOCKER. The first time it is spent each turn, draw 1, then discard 1.',
    abilities: [{ kind: 'trigger', on: ['SPENT'], ops: [{ op: 'once' }, draw(1), { op: 'discard', n: 1 }], text: 'First spend each turn: draw, discard.' }],
  },
  'johnny-silverhand-never-stop-fighting': {
    text: 'The first time it wins a fight each turn, ready it. It wins every fight against CORPO Units.',
    abilities: [
      { kind: 'trigger', on: ['WIN_FIGHT'], ops: [{ op: 'once' }, { op: 'readySelf' }], text: 'First win each turn: ready.' },
      { kind: 'static', mod: 'winsVsCorpo', text: 'Wins fights against CORPO.' },
    ],
  },
  'rogue-amendiares-preem-solo': {
    text: 'GO SOLO Legend. When a friendly Legend steals a Gig: even value, draw 1; odd value, the rival discards 1.',
    abilities: [
      {
        kind: 'trigger',
        on: ['FRIENDLY_STEAL'],
        // only a Legend's steal counts ("When a friendly Legend steals a Gig")
        ops: [
          draw(1, { c: 'all', of: [{ c: 'thiefIsLegend' }, { c: 'varDieEven', v: 'x' }] }),
          { op: 'rivalDiscard', n: 1, if: { c: 'all', of: [{ c: 'thiefIsLegend' }, { c: 'varDieOdd', v: 'x' }] } },
        ],
        text: 'Legend steals: draw or rival discards.',
      },
    ],
  },
  'rogue-amendiares-queen-of-the-afterlife': {
    text: 'The first time each turn another friendly Unit steals a Gig valued below its power, ready 2 Eddies. QUICK 2 €$, spend: a rival Unit loses power equal to this Unit\'s this turn.',
    abilities: [
      {
        kind: 'trigger',
        on: ['FRIENDLY_STEAL'],
        ops: [{ op: 'custom', fn: 'onceIfStolenBelow' }, { op: 'readyEddies', n: 2 }],
        text: 'Cheap steal: ready 2 Eddies once a turn.',
      },
      {
        kind: 'activated',
        eddies: 2,
        spend: true,
        quick: true,
        ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'powerMinusSelf', v: 't' }],
        text: 'QUICK: rival Unit loses this Unit\'s power.',
      },
    ],
  },
  'pepe-najarro-working-doubles': {
    text: 'ATTACK: if you control a value-pair, ready up to 2 face-up MERC Legends in your Legends area.',
    abilities: [{ kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'readyLegend', tag: 'MERC', n: 2, if: { c: 'valuePair' } }], text: 'ATTACK: ready MERC Legends.' }],
  },
  'dum-dum-maelstrom-triggerman': {
    text: 'CALL: you may defeat a friendly Gear; if you do draw 2, otherwise draw 1. QUICK 1 €$, spend: a friendly Unit gets +1 power per equipped Gear this turn.',
    abilities: [
      {
        kind: 'trigger',
        on: ['CALL'],
        ops: [
          { op: 'chooseGear', side: 'friendly', as: 'g', optional: true },
          { op: 'defeat', v: 'g' },
          draw(2, { c: 'varSet', v: 'g' }),
          draw(1, { c: 'not', of: { c: 'varSet', v: 'g' } }),
        ],
        text: 'CALL: break a Gear for 2 cards, or draw 1.',
      },
      {
        kind: 'activated',
        eddies: 1,
        spend: true,
        quick: true,
        ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'powerPerGear', v: 't', n: 1 }],
        text: 'QUICK: +1 per Gear.',
      },
    ],
  },
  'goro-takemura-vengeful-bodyguard': {
    text: 'QUICK 1 €$, spend: a friendly Unit with cost 4 or less gains BLOCKER this turn (+1 power with a value-pair). When a friendly Unit blocks, you may discard 1 to draw 1.',
    abilities: [
      {
        kind: 'activated',
        eddies: 1,
        spend: true,
        quick: true,
        ops: [
          { op: 'chooseUnit', filter: { side: 'friendly', maxCost: 4 }, as: 't' },
          { op: 'grant', v: 't', what: 'blocker' },
          { op: 'power', v: 't', n: 1, if: { c: 'valuePair' } },
        ],
        text: 'QUICK: grant BLOCKER.',
      },
      { kind: 'trigger', on: ['FRIENDLY_BLOCK'], ops: [{ op: 'discard', n: 1, optional: true, as: 'd' }, draw(1, { c: 'varSet', v: 'd' })], text: 'On block: loot.' },
    ],
  },
  'westbrook-netrunner': {
    text: 'PLAY: until your next turn, rival Legends cannot steal your Gigs valued below their power.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'playerFlag', f: 'wb' }], text: 'PLAY: guard low Gigs from Legends.' }],
  },
  'chrome-reverie': {
    text: 'Program: a rival Unit cannot attack until your next turn; with a min Gig you may Call a Legend for free.',
    abilities: [
      {
        kind: 'program',
        ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'unitFlag', v: 't', f: 'na' }, { op: 'callFree', optional: true, if: { c: 'hasMinGig' } }],
        text: 'Pin a rival Unit; maybe Call.',
      },
    ],
  },
  'pacifica-netrunner': {
    text: 'PLAY: if your Street Cred is even, a rival Unit cannot ready until your next turn.',
    abilities: [
      { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't', if: { c: 'credEven' } }, { op: 'unitFlag', v: 't', f: 'nr' }], text: 'PLAY: freeze a rival Unit.' },
    ],
  },
  'take-control': {
    text: 'QUICK Program: a rival Unit steals 1 fewer Gig this turn; draw 1 if it is an AI, DRONE or VEHICLE.',
    abilities: [
      {
        kind: 'program',
        ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'unitFlag', v: 't', f: 'sf', n: 1 }, { op: 'custom', fn: 'drawIfMachine' }],
        text: 'Rival steals 1 fewer.',
      },
    ],
  },
  'synapse-burnout': {
    text: 'QUICK Program: a friendly Unit gets +1 power per friendly face-up Legend while fighting rival Units this turn.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'custom', fn: 'synapse' }], text: 'Fight bonus per face-up Legend.' }],
  },
  'safety-override': {
    text: 'QUICK Program: the next time a friendly Unit loses a fight this turn, defeat the opposing rival Unit.',
    abilities: [
      { kind: 'program', ops: [{ op: 'playerFlag', f: 'so' }], text: 'Losing a fight takes the winner too.' },
      // the delayed effect, pending when that friendly Unit loses (CR 9.18); `x` is the opposing rival Unit
      { kind: 'delayed', ops: [{ op: 'defeat', v: 'x' }], text: 'Defeat the opposing rival Unit.' },
    ],
  },
  'maelstrom-zealots': {
    text: 'When it loses a fight, defeat the opposing rival Unit. Power 0.',
    abilities: [{ kind: 'trigger', on: ['LOSE_FIGHT'], ops: [{ op: 'defeat', v: 'x' }], text: 'Losing a fight: defeat the opponent.' }],
  },
  'pyramid-song': {
    text: 'Program: choose one (both if a friendly d4 is a min Gig): a rival Unit gets -5 power this turn // bottom-deck a rival Unit with power 0.',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'mode', labels: ['-5 power to a rival Unit', 'bottom-deck a 0-power rival Unit'], bothIf: { c: 'friendlyD4Min' } },
          { op: 'chooseUnit', filter: { side: 'rival' }, as: 't', if: { c: 'mode', n: 0 } },
          { op: 'power', v: 't', n: -5 },
          { op: 'chooseUnit', filter: { side: 'rival', maxPower: 0 }, as: 'u', if: { c: 'mode', n: 1 } },
          { op: 'bottomDeck', v: 'u' },
        ],
        text: '-5 or bottom-deck.',
      },
    ],
  },
  towerfall: {
    text: 'Program: choose one (both if your Street Cred is lower): all rival Units -5 power this turn // bottom-deck all rival Units with power 0.',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'mode', labels: ['all rival Units -5', 'bottom-deck rival 0-power Units'], bothIf: { c: 'credLessThanRival' } },
          { op: 'powerAll', side: 'rival', n: -5, if: { c: 'mode', n: 0 } },
          { op: 'bottomDeckAll', side: 'rival', maxPower: 0, if: { c: 'mode', n: 1 } },
        ],
        text: 'Mass -5 or mass bottom-deck.',
      },
    ],
  },
  'les-elemens': {
    text: 'Program: bottom-deck the rival\'s lowest-power Unit.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'rival', lowest: true }, as: 't' }, { op: 'bottomDeck', v: 't' }], text: 'Bottom-deck the weakest rival Unit.' }],
  },
  'unlikely-bond': {
    text: 'Program: bottom-deck a ready friendly Unit; if you do, bottom-deck a spent rival Unit.',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'chooseUnit', filter: { side: 'friendly', ready: true }, as: 'a' },
          { op: 'bottomDeck', v: 'a' },
          { op: 'chooseUnit', filter: { side: 'rival', spent: true }, as: 'b', if: { c: 'varSet', v: 'a' } },
          { op: 'bottomDeck', v: 'b' },
        ],
        text: 'Trade Units to the bottom.',
      },
    ],
  },
  'live-with-the-aftermath': {
    text: 'Program: each player defeats one of their own Units (turn player chooses first).',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'a' },
          { op: 'chooseUnit', filter: { side: 'rival' }, as: 'b', by: 'rival' },
          { op: 'custom', fn: 'defeatAB' },
        ],
        text: 'Each player defeats a Unit.',
      },
    ],
  },
  'dont-fear-the-reaper': {
    text: 'Program: spend all rival Units, then defeat a spent Unit.',
    abilities: [{ kind: 'program', ops: [{ op: 'spendAll', side: 'rival' }, { op: 'chooseUnit', filter: { side: 'any', spent: true }, as: 't' }, { op: 'defeat', v: 't' }], text: 'Spend all, defeat one.' }],
  },
  'gilded-maton': {
    text: 'PLAY: you may defeat a friendly Gear; if you do, defeat a rival Unit with cost 3 or less.',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY'],
        ops: [
          { op: 'chooseGear', side: 'friendly', as: 'g', optional: true },
          { op: 'defeat', v: 'g' },
          { op: 'chooseUnit', filter: { side: 'rival', maxCost: 3 }, as: 't', if: { c: 'varSet', v: 'g' } },
          { op: 'defeat', v: 't' },
        ],
        text: 'PLAY: Gear for a Unit.',
      },
    ],
  },
  'all-is-lost': {
    text: 'Program: trash your top 3, then add a Unit from among them to your hand.',
    abilities: [{ kind: 'program', ops: [{ op: 'mill', n: 3, as: 'm' }, { op: 'fromAmong', v: 'm', type: 'Unit' }], text: 'Mill 3, keep a Unit.' }],
  },
  'hacked-corpo': {
    text: 'PLAY: trash your top 3, then add a Program from among them to your hand.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'mill', n: 3, as: 'm' }, { op: 'fromAmong', v: 'm', type: 'Program' }], text: 'PLAY: mill 3, keep a Program.' }],
  },
  'v-streetkid': {
    text: 'GO SOLO Legend. CALL: trash your top 3, then add a BRAINDANCE Program from your trash to your hand.',
    abilities: [{ kind: 'trigger', on: ['CALL'], ops: [{ op: 'mill', n: 3, as: 'm' }, { op: 'fromAmong', v: 'trash', type: 'Program', tag: 'BRAINDANCE' }], text: 'CALL: mill 3, take a BRAINDANCE.' }],
  },
  'sketchy-ripper': {
    text: 'ATTACK: search your top 3 for a Gear to add to your hand; the rest to the bottom. Power 0.',
    abilities: [{ kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'search', n: 3, type: 'Gear', take: 1 }], text: 'ATTACK: dig for a Gear.' }],
  },
  'three-mouths-one-desire': {
    text: 'Program: search your top 3, add 1 card (1 more per friendly min Gig) to your hand; the rest to the bottom.',
    abilities: [{ kind: 'program', ops: [{ op: 'search', n: 3, take: 1, perMinGig: true, hidden: true }], text: 'Dig 3.' }],
  },
  'hanako-arasaka-in-a-gilded-cage': {
    text: 'PLAY: search your top 4 and add any cards whose cost equals a friendly Gig value; the rest to the bottom.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'search', n: 4, costInGigs: true, take: 4 }], text: 'PLAY: dig 4 by Gig values.' }],
  },
  'peace-offering': {
    text: 'Program: you may set a Gig to the value of another Gig; then draw 1 if you control a value-pair.',
    abilities: [{ kind: 'program', ops: [{ op: 'setGig', cross: false, optional: true }, draw(1, { c: 'valuePair' })], text: 'Copy a Gig value; maybe draw.' }],
  },
  'padre-man-of-the-cross': {
    text: 'CALL: choose: spend a rival Unit // draw 1. Spend: set a Gig of one player to the value of a Gig of the other player.',
    abilities: [
      {
        kind: 'trigger',
        on: ['CALL'],
        ops: [
          { op: 'mode', labels: ['spend a rival Unit', 'draw 1'] },
          { op: 'chooseUnit', filter: { side: 'rival', ready: true }, as: 't', if: { c: 'mode', n: 0 } },
          { op: 'spend', v: 't' },
          draw(1, { c: 'mode', n: 1 }),
        ],
        text: 'CALL: spend or draw.',
      },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'setGig', cross: true, optional: false }], text: 'Spend: copy a Gig value across.' }],
  },
  'el-sombreron-la-venganza-lenta': {
    text: 'ATTACK: you may pay 2 €$; if you do, gain power equal to a friendly max Gig this turn.',
    abilities: [{ kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'mayPay', n: 2, as: 'paid' }, { op: 'gainMaxGig', if: { c: 'varSet', v: 'paid' } }], text: 'ATTACK: pay 2 to pump.' }],
  },
  'judy-alvarez-braindance-maestro': {
    text: 'When you play a BRAINDANCE Program, a friendly Unit gets +1 power this turn. Spend: trash your top card; if it is a Program you may add it to your hand.',
    abilities: [
      { kind: 'trigger', on: ['PLAY_BRAINDANCE'], ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'power', v: 't', n: 1 }], text: 'BRAINDANCE: +1 to a Unit.' },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'mill', n: 1, as: 'm' }, { op: 'custom', fn: 'mayTakeMilledProgram' }], text: 'Spend: mill 1, maybe keep a Program.' },
    ],
  },
  octant: { costPer: { per: 'gig8', min: 1 }, abilities: [], text: 'Costs 1 €$ less per friendly Gig of 8+ (minimum 1).' },
  'trauma-team-operatives': { costPer: { per: 'trashUnit', min: 1 }, abilities: [], text: 'Costs 1 €$ less per Unit in your trash (minimum 1).' },
  'zetatech-berserk': { costPer: { per: 'faceUpLegend', min: 1 }, abilities: [], text: 'Gear costing 1 €$ less per friendly face-up Legend (minimum 1).' },
  'carnage-at-the-colosseum': {
    costPer: { per: 'gig8', min: 1 },
    text: 'Program, 1 €$ less per friendly Gig of 8+ (minimum 1): defeat a rival Unit with less power than a friendly Unit.',
    abilities: [{ kind: 'program', ops: [{ op: 'custom', fn: 'carnage' }], text: 'Defeat a weaker rival Unit.' }],
  },
  'sandayu-oda-hanakos-guardian': {
    text: 'PLAY: spend a rival Unit for each friendly value-pair. It may attack rival Units the turn it is played.',
    abilities: [
      { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'custom', fn: 'sandayu' }], text: 'PLAY: spend per value-pair.' },
      { kind: 'static', mod: 'attackUnitsWhenPlayed', text: 'May attack Units when played.' },
    ],
  },
  'nadia-fighting-through-grief': {
    text: 'May attack the Gig area the turn it is played if a rival controls more Gigs.',
    abilities: [{ kind: 'static', mod: 'attackGigsWhenPlayedIfBehind', text: 'Early Gig attack when behind.' }],
  },
  'valentino-guerrera': {
    text: 'With more Street Cred than the rival, it may attack ready BLOCKER Units.',
    abilities: [{ kind: 'static', mod: 'attackReadyBlockersIfAhead', text: 'Attacks ready BLOCKERs when ahead.' }],
  },
  'deadman-transmitter': {
    text: 'Gear. If the host would be defeated, this Gear is defeated instead (replacement).',
    abilities: [{ kind: 'static', mod: 'deadmanReplace', inherit: true, text: 'Dies for its host.' }],
  },
  'viktor-vektor-drop-your-illusions': {
    text: 'Your first CYBERWARE Gear each turn costs 3 €$ less (minimum 1).',
    abilities: [{ kind: 'static', mod: 'firstCyberwareDiscount', text: 'First CYBERWARE Gear -3 €$.' }],
  },
  'mox-inciters': {
    text: 'BLOCKER. PLAY: a rival Unit must attack next turn if it can.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'mustAttack', v: 't' }], text: 'PLAY: a rival Unit must attack.' }],
  },
  'evelyn-parker-beautiful-enigma': {
    text: 'When a friendly CORPO or GANGER Unit steals Gigs, ready 1 Eddie. 1 €$, spend: a rival Unit must attack next turn if it can.',
    abilities: [
      { kind: 'trigger', on: ['FRIENDLY_STEAL_EVENT'], ops: [{ op: 'readyEddies', n: 1, if: { c: 'varTag', v: 'thief', tags: ['CORPO', 'GANGER'] } }], text: 'CORPO/GANGER steal: ready an Eddie.' },
      { kind: 'activated', eddies: 1, spend: true, quick: false, ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'mustAttack', v: 't' }], text: 'Force a rival attack.' },
    ],
  },
  'panam-palmer-strength-through-family': {
    text: 'During your turn you may Call a Legend for free. ATTACK: discard 1; if you do, draw 1 per friendly face-up Legend.',
    abilities: [
      { kind: 'static', mod: 'freeCallOwnTurn', text: 'Free Call on your turn.' },
      { kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'discard', n: 1, as: 'd' }, { op: 'drawPer', per: 'faceUpLegend', if: { c: 'varSet', v: 'd' } }], text: 'ATTACK: loot per face-up Legend.' },
    ],
  },
  'placide-voodoo-sentinel': {
    text: 'PLAY and ATTACK: you may discard a Program; if you do, bottom-deck a rival Unit.',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY', 'ATTACK'],
        ops: [
          { op: 'discard', n: 1, optional: true, type: 'Program', as: 'd' },
          { op: 'chooseUnit', filter: { side: 'rival' }, as: 't', if: { c: 'varSet', v: 'd' } },
          { op: 'bottomDeck', v: 't' },
        ],
        text: 'Program for a bottom-deck.',
      },
    ],
  },
  'maman-brigitte-spirit-of-death': {
    text: 'PLAY: you may discard 2 Programs; if you do, bottom-deck a rival unequipped Unit.',
    abilities: [
      {
        kind: 'trigger',
        on: ['PLAY'],
        ops: [
          { op: 'discard', n: 2, optional: true, type: 'Program', as: 'd' },
          { op: 'chooseUnit', filter: { side: 'rival', unequipped: true }, as: 't', if: { c: 'varIs', v: 'd', n: 2 } },
          { op: 'bottomDeck', v: 't' },
        ],
        text: 'Two Programs for a bottom-deck.',
      },
    ],
  },
  cyberpsychosis: {
    text: 'QUICK Program: an equipped Unit gets +3 power per equipped Gear this turn; if it steals or fights, it is defeated at the end of the turn.',
    abilities: [
      { kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'any', equipped: true }, as: 't' }, { op: 'psycho', v: 't' }], text: 'Big pump with a price.' },
      // "defeat it at the end of this turn": an end-of-turn effect of the Program's controller, ordered with the others (CP-8.39, CP-10.32)
      { kind: 'delayed', ops: [{ op: 'custom', fn: 'psyDefeat' }], text: 'End of this turn: defeat it if it stole or fought.' },
    ],
  },
  'fool-on-the-hill': {
    text: 'Program: reveal your top 2; the rival chooses whether they go to your hand or your trash; if trashed, draw 2.',
    abilities: [{ kind: 'program', ops: [{ op: 'custom', fn: 'fool' }], text: 'Rival picks: 2 cards or trash and draw 2.' }],
  },
  'bootleg-black-sapphire-show': {
    text: 'Program: sell the top card of your deck; draw 2 if you control an even and an odd Gig.',
    abilities: [{ kind: 'program', ops: [{ op: 'sellTop' }, draw(2, { c: 'evenAndOddGigs' })], text: 'Sell from the deck; maybe draw 2.' }],
  },
  'gorilla-arms': {
    text: 'Gear. The first time the host steals Gigs each turn, it also steals a rival Gig whose value no friendly Gig shares.',
    // var `thief` of a STEAL_EVENT is 1 for the Unit's first steal of the turn (counted also before this Gear was equipped)
    abilities: [
      { kind: 'trigger', on: ['STEAL_EVENT'], inherit: true, ops: [{ op: 'stealExtra', distinctValue: true, if: { c: 'varIs', v: 'thief', n: 1 } }], text: 'Extra steal once a turn.' },
    ],
  },
  'appetite-for-destruction': {
    text: 'Program: the next time a friendly Unit wins a fight by 3+ power this turn, it also steals a Gig.',
    abilities: [
      { kind: 'program', ops: [{ op: 'afd' }], text: 'Big wins steal.' },
      { kind: 'delayed', ops: [{ op: 'stealExtra' }], text: 'The winner steals a Gig.' },
    ],
  },
  'meredith-stout-stone-cold-corpo': {
    text: 'BLOCKER. +2 power while fighting a Legend. When a rival adjusts or swaps your Gigs, you may add a card from your trash to your hand.',
    abilities: [
      { kind: 'static', mod: 'plus2VsLegend', text: '+2 against Legends.' },
      { kind: 'trigger', on: ['RIVAL_TOUCHED_GIGS'], ops: [{ op: 'fromAmong', v: 'trash', optional: true }], text: 'Recover a card.' },
    ],
  },
  'misty-olszewski-mender-of-broken-spirits': {
    text: 'Cannot attack. End of your turn: name a card type and reveal your top card; a match goes to hand and readies 1 Eddie, otherwise it is trashed.',
    abilities: [
      { kind: 'static', mod: 'cantAttack', text: 'Cannot attack.' },
      { kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'custom', fn: 'misty' }], text: 'End of turn: guess the top card.' },
    ],
  },
  'nocturne-op55-n1': {
    altCost: { if: { c: 'fixerEmpty' }, cost: 1 },
    text: 'Program (1 €$ with an empty fixer area): choose: draw 2 // a Unit cannot attack until your next turn // your GO SOLO costs 2 less this turn (minimum 1).',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'mode', labels: ['draw 2', 'a Unit cannot attack until your next turn', 'GO SOLO -2 this turn'] },
          draw(2, { c: 'mode', n: 0 }),
          { op: 'chooseUnit', filter: { side: 'any' }, as: 't', if: { c: 'mode', n: 1 } },
          { op: 'unitFlag', v: 't', f: 'na' },
          { op: 'soloDiscount', if: { c: 'mode', n: 2 } },
        ],
        text: 'Flexible plan.',
      },
    ],
  },
  'we-gotta-live-together': {
    altCost: { if: { c: 'rivalMoreGigsBy', n: 2 }, cost: 3 },
    text: 'Program (3 €$ when the rival has 2+ more Gigs): play up to 2 Units with cost 3 or less from your trash for free.',
    abilities: [{ kind: 'program', ops: [{ op: 'playFree', from: ['trash'], type: 'Unit', maxCost: 3, optional: true, n: 2 }], text: 'Revive 2 cheap Units.' }],
  },
  'yorinobu-arasaka-steel-dragon': {
    text: 'PLAY: you may play a Unit with cost 4 or less from hand or trash for free; it may attack rival Units this turn. The first time an ARASAKA Unit is defeated each turn, draw 1.',
    abilities: [
      { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'playFree', from: ['hand', 'trash'], type: 'Unit', maxCost: 4, optional: true, grantAttackUnits: true }], text: 'PLAY: free Unit.' },
      { kind: 'trigger', on: ['UNIT_DEFEATED'], ops: [{ op: 'custom', fn: 'onceIfArasaka' }, draw(1)], text: 'First ARASAKA defeat each turn: draw.' },
    ],
  },
  'lizzy-wizzy-delicate-weapon': {
    text: 'BLOCKER. PLAY: you may play a Program with cost 3 or less from hand or trash for free, then bottom-deck it.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'playFree', from: ['hand', 'trash'], type: 'Program', maxCost: 3, optional: true, bottom: true }], text: 'PLAY: free Program.' }],
  },
  'viktor-vektor-you-might-feel-a-little-pinch': {
    text: 'PLAY: play a CYBERWARE Gear with cost 2 or less from your trash for free, equipped to another friendly Unit.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'playFree', from: ['trash'], type: 'Gear', tag: 'CYBERWARE', maxCost: 2, optional: false, otherUnitOnly: true }], text: 'PLAY: free Gear from trash.' }],
  },
  'overwatch-panams-gift': {
    text: 'Gear. Host gains: QUICK 1 €$, spend: discard 1, then defeat a spent rival Unit whose cost is at most the discarded card\'s.',
    abilities: [
      {
        kind: 'activated',
        eddies: 1,
        spend: true,
        quick: true,
        inherit: true,
        ops: [{ op: 'discard', n: 1, as: 'd' }, { op: 'chooseUnit', filter: { side: 'rival', spent: true, maxCostVar: 'discardedCost' }, as: 't', if: { c: 'varSet', v: 'd' } }, { op: 'defeat', v: 't' }],
        text: 'QUICK: discard to defeat a spent rival Unit.',
      },
    ],
  },
  'river-ward-detective-on-the-hunt': {
    text: 'QUICK spend: play a Gear with cost 2 or less from your hand for free. When a friendly equipped Unit is defeated, look at your top 2 and trash 1.',
    abilities: [
      { kind: 'activated', eddies: 0, spend: true, quick: true, ops: [{ op: 'playFree', from: ['hand'], type: 'Gear', maxCost: 2, optional: false }], text: 'QUICK: free cheap Gear.' },
      { kind: 'trigger', on: ['UNIT_DEFEATED'], ops: [{ op: 'custom', fn: 'searchTrash1', if: { c: 'varIs', v: 'thief', n: 1 } }], text: 'Equipped Unit lost: trash 1 of top 2.' },
    ],
  },
  'the-heist': {
    text: 'Program: trash your top 4, add a Gear from among them to your hand; if its cost equals a friendly Gig value you may play it for free instead.',
    abilities: [
      {
        kind: 'program',
        ops: [
          { op: 'mill', n: 4, as: 'm' },
          { op: 'fromAmong', v: 'm', type: 'Gear', as: 'g' },
          { op: 'playFree', from: ['hand'], type: 'Gear', maxCost: 99, optional: true, onlyVar: 'g', if: { c: 'varCostEqualsFriendlyGig', v: 'g' } },
        ],
        text: 'Dig a Gear; maybe play it free.',
      },
    ],
  },
  'the-relic-experimental-biochip': {
    text: 'Gear. Host gains: DEFEATED: play another Unit with cost 9 or less from your trash for free, then bottom-deck this Unit.',
    abilities: [
      {
        kind: 'trigger',
        on: ['DEFEATED'],
        inherit: true,
        ops: [{ op: 'playFree', from: ['trash'], type: 'Unit', maxCost: 9, optional: false, notSrc: true }, { op: 'custom', fn: 'bottomSelfFromTrash' }],
        text: 'DEFEATED: revive another Unit.',
      },
    ],
  },
  'judy-alvarez-nothing-to-doubt': {
    text: '1 €$, spend: reveal your top card; you may play it for free, otherwise add it to your hand.',
    abilities: [
      {
        kind: 'activated',
        eddies: 1,
        spend: true,
        quick: false,
        ops: [{ op: 'playFree', from: ['top'], type: 'any', maxCost: 99, optional: true, as: 'played' }, { op: 'custom', fn: 'topToHand', if: { c: 'not', of: { c: 'varSet', v: 'played' } } }],
        text: 'Play the top card free or take it.',
      },
    ],
  },
  'johnny-silverhand-rocking-renegade': {
    text: '2 €$ (1 less per friendly Gig of 8+, down to 0), spend: a friendly Unit may attack spent rival Units the turn it is played; a ROCKER also gets +2 power this turn.',
    abilities: [
      {
        kind: 'activated',
        eddies: 2,
        spend: true,
        quick: false,
        lessPerGig8: true,
        ops: [
          { op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' },
          { op: 'custom', fn: 'grantAttackUnits' },
          { op: 'power', v: 't', n: 2, if: { c: 'varTag', v: 't', tags: ['ROCKER'] } },
        ],
        text: 'Let a new Unit attack Units.',
      },
    ],
  },
  'panam-palmer-nomad-cavalry': {
    text: '2 €$, spend: move a Gear from this Legend to an unequipped friendly Unit and ready it. End of your turn: with 5+ equipped friendly Units/Legends, ready them.',
    abilities: [
      { kind: 'activated', eddies: 2, spend: true, quick: false, ops: [{ op: 'custom', fn: 'panamMove' }], text: 'Hand a Gear over.' },
      { kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'custom', fn: 'panamReady' }], text: 'End of turn: ready the equipped.' },
    ],
  },
  'gunpoint-diplomacy': {
    text: 'Program: a friendly Unit gets both: its next attack this turn may target ready Units // +3 power this turn. Behind on Street Cred, the rival picks one of them instead.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'custom', fn: 'gunpoint' }], text: 'Pump and reach.' }],
  },
  'jackie-welles-mamas-favorite': {
    text: 'GO SOLO Legend. If a friendly Unit would be defeated, you may pay 1 €$ to defeat this Legend instead (it is removed from the game).',
    abilities: [{ kind: 'static', mod: 'jackieReplace', text: 'Optional replacement for a friendly defeat.' }],
  },
  'alt-cunningham-mother-of-daemons': {
    text: 'When a friendly equipped Unit or Legend is spent, draw 1. When a rival Unit would steal a Gig, you may discard a card whose cost equals its value; then that Gig is not stolen.',
    abilities: [
      { kind: 'trigger', on: ['FRIENDLY_EQUIPPED_SPENT'], ops: [draw(1)], text: 'Equipped spent: draw.' },
      { kind: 'static', mod: 'altPreventSteal', text: 'Discard to keep a Gig.' },
    ],
  },
  'alt-cunningham-soulkiller-architect': {
    text: 'Spend: your next Program this turn costs 1 €$ less per friendly min Gig (minimum 1). 1 €$, spend: play a Program from your trash paying its cost, then bottom-deck it.',
    abilities: [
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'custom', fn: 'altDiscount' }], text: 'Spend: next Program cheaper.' },
      { kind: 'activated', eddies: 1, spend: true, quick: false, ops: [{ op: 'custom', fn: 'altPlayFromTrash' }], text: 'Replay a Program from the trash.' },
    ],
  },
  'kerry-eurodyne-axe-attitude-audience': {
    text: 'When you roll a Gig in from your fixer area you may reroll it once. Whenever you roll a min or max value, draw 1 (3 on a d20).',
    abilities: [
      { kind: 'trigger', on: ['ROLL_IN'], ops: [{ op: 'custom', fn: 'kerryReroll' }], text: 'May reroll.' },
      { kind: 'trigger', on: ['ROLLED'], ops: [{ op: 'custom', fn: 'kerryDraw' }], text: 'Min/max roll: draw.' },
    ],
  },
}
