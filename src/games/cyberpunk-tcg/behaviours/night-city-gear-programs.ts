// Card behaviours of Welcome to Night City, Gear and Programs beyond the starters, in the effect vocabulary (effects.ts).
import type { CardBehaviour } from '../effects.ts'
import { draw } from './draw.ts'

export const NIGHT_CITY_GEAR_PROGRAMS: Record<string, CardBehaviour> = {
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
  detonate: {
    text: 'QUICK Program: defeat a rival Gear with power 2 or less.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseGear', side: 'rival', maxPower: 2, as: 'g' }, { op: 'defeat', v: 'g' }], text: 'Defeat a small rival Gear.' }],
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
  'riot-shield': {
    text: 'Gear. Host gains BLOCKER. Rivals pay 2 €$ more for GO SOLO.',
    abilities: [{ kind: 'static', mod: 'rivalGoSoloTax', text: 'Rivals pay +2 for GO SOLO.' }],
  },
  'adrenaline-converter': {
    text: 'Gear. Host has ADRENALINE while a rival controls 2+ more Gigs than you.',
    abilities: [{ kind: 'static', mod: 'adrIfBehind', inherit: true, text: 'ADRENALINE when behind by 2+ Gigs.' }],
  },
  'chrome-reverie': {
    text: 'Program: a rival Unit cannot attack until your next turn; with a min Gig you may Call a Legend for free.',
    abilities: [
      {
        kind: 'program',
        ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'unitEffect', v: 't', effect: 'cantAttack' }, { op: 'callFree', optional: true, if: { c: 'hasMinGig' } }],
        text: 'Pin a rival Unit; maybe Call.',
      },
    ],
  },
  'take-control': {
    text: 'QUICK Program: a rival Unit steals 1 fewer Gig this turn; draw 1 if it is an AI, DRONE or VEHICLE.',
    abilities: [
      {
        kind: 'program',
        ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'unitEffect', v: 't', effect: 'stealFewer', n: 1 }, { op: 'custom', fn: 'drawIfMachine' }],
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
      { kind: 'program', ops: [{ op: 'playerEffect', effect: 'defeatOpponentOnNextLoss' }], text: 'Losing a fight takes the winner too.' },
      // the delayed effect, pending when that friendly Unit loses (CR 9.18); `x` is the opposing rival Unit
      { kind: 'delayed', ops: [{ op: 'defeat', v: 'x' }], text: 'Defeat the opposing rival Unit.' },
    ],
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
  'all-is-lost': {
    text: 'Program: trash your top 3, then add a Unit from among them to your hand.',
    abilities: [{ kind: 'program', ops: [{ op: 'mill', n: 3, as: 'm' }, { op: 'fromAmong', v: 'm', type: 'Unit' }], text: 'Mill 3, keep a Unit.' }],
  },
  'three-mouths-one-desire': {
    text: 'Program: search your top 3, add 1 card (1 more per friendly min Gig) to your hand; the rest to the bottom.',
    abilities: [{ kind: 'program', ops: [{ op: 'search', n: 3, take: 1, perMinGig: true, hidden: true }], text: 'Dig 3.' }],
  },
  'peace-offering': {
    text: 'Program: you may set a Gig to the value of another Gig; then draw 1 if you control a value-pair.',
    abilities: [{ kind: 'program', ops: [{ op: 'setGig', cross: false, optional: true }, draw(1, { c: 'valuePair' })], text: 'Copy a Gig value; maybe draw.' }],
  },
  'zetatech-berserk': { costPer: { per: 'faceUpLegend', min: 1 }, abilities: [], text: 'Gear costing 1 €$ less per friendly face-up Legend (minimum 1).' },
  'carnage-at-the-colosseum': {
    costPer: { per: 'gig8', min: 1 },
    text: 'Program, 1 €$ less per friendly Gig of 8+ (minimum 1): defeat a rival Unit with less power than a friendly Unit.',
    abilities: [{ kind: 'program', ops: [{ op: 'custom', fn: 'carnage' }], text: 'Defeat a weaker rival Unit.' }],
  },
  'deadman-transmitter': {
    text: 'Gear. If the host would be defeated, this Gear is defeated instead (replacement).',
    abilities: [{ kind: 'static', mod: 'deadmanReplace', inherit: true, text: 'Dies for its host.' }],
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
      { kind: 'trigger', on: ['STEAL_EVENT'], inherit: true, when: { c: 'varIs', v: 'thief', n: 1 }, ops: [{ op: 'stealExtra', distinctValue: true }], text: 'Extra steal once a turn.' },
    ],
  },
  'appetite-for-destruction': {
    text: 'Program: the next time a friendly Unit wins a fight by 3+ power this turn, it also steals a Gig.',
    abilities: [
      { kind: 'program', ops: [{ op: 'playerEffect', effect: 'stealOnBigWin' }], text: 'Big wins steal.' },
      { kind: 'delayed', ops: [{ op: 'stealExtra' }], text: 'The winner steals a Gig.' },
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
          { op: 'unitEffect', v: 't', effect: 'cantAttack' },
          { op: 'playerEffect', effect: 'goSoloDiscount', if: { c: 'mode', n: 2 } },
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
  'gunpoint-diplomacy': {
    text: 'Program: a friendly Unit gets both: its next attack this turn may target ready Units // +3 power this turn. Behind on Street Cred, the rival picks one of them instead.',
    abilities: [{ kind: 'program', ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'custom', fn: 'gunpoint' }], text: 'Pump and reach.' }],
  },
}
