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
  | { c: 'mode'; n: number }
  | { c: 'rivalMoreGigsBy'; n: number }
  | { c: 'hasMinGig' }
  | { c: 'selfSpent' }
  | { c: 'selfEquipped' }
  | { c: 'gigsAtLeastCount'; n: number; min: number }
  | { c: 'varDieSize'; v: string; size: number }

export interface UnitFilter {
  side: 'friendly' | 'rival' | 'any'
  maxCost?: number
  maxPower?: number
  /** power at most the value of a friendly d20 */
  maxPowerFriendlyD20?: boolean
  ready?: boolean
  spent?: boolean
  notSelf?: boolean
}

export type Op = { if?: Cond } & (
  | { op: 'draw'; n: number }
  | { op: 'discard'; n: number }
  | { op: 'gig'; mode: 'adjust' | 'increase' | 'decrease' | 'exact'; upTo: number; side: 'any' | 'friendly' | 'var'; v?: string; as?: string }
  | { op: 'chooseUnit'; filter: UnitFilter; as: string; optional?: boolean }
  | { op: 'chooseGear'; as: string; optional?: boolean; side?: 'friendly' | 'rival' | 'any'; maxPower?: number }
  | { op: 'mode'; labels: string[] }
  | { op: 'defeatAll'; others: boolean }
  | { op: 'bounceSelf' }
  | { op: 'readyLegend' }
  | { op: 'drawPer'; per: 'evenGig' | 'oddGig' | 'valuePair' }
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
  | { op: 'custom'; fn: 'viktorSearch' | 'shattered' | 'chromeFang' | 'rebootOptics' }
)

export type StaticMod =
  | 'cantAttack'
  | 'onlyAttackUnits'
  | 'unblockableIfLessCred'
  | 'arasakaAttackBonus'
  | 'suppressNewRivals' // rival Units can't attack the turn they're played
  | 'needsProgramToAttack' // can't attack unless you played a Program this turn
  | 'rivalGoSoloTax' // rivals pay +2 €$ for GO SOLO

export type Ability =
  | { kind: 'trigger'; on: Trigger[]; ops: Op[]; inherit?: boolean; text: string }
  | { kind: 'delayed'; ops: Op[]; inherit?: boolean; text: string }
  | { kind: 'static'; mod: StaticMod; inherit?: boolean; text: string }
  | { kind: 'activated'; eddies: number; spend: boolean; quick: boolean; ops: Op[]; inherit?: boolean; text: string }
  | { kind: 'program'; ops: Op[]; text: string }

export interface CardBehaviour {
  abilities: Ability[]
  /** one-line summary of the card in our own words */
  text: string
}

const draw = (n: number, cond?: Cond): Op => (cond ? { op: 'draw', n, if: cond } : { op: 'draw', n })

/** Behaviour of every implemented card, by card id. A card missing here is not implemented yet. */
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
}
