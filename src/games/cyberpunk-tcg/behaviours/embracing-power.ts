// Card behaviours of Embracing Power (S002-EBP starter), in the effect vocabulary (effects.ts).
import type { CardBehaviour } from '../effects.ts'
import { draw } from './draw.ts'

export const EMBRACING_POWER: Record<string, CardBehaviour> = {
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
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'playerEffect', effect: 'stealOnlyUpToPower' }], text: 'PLAY: guard high Gigs until your next turn.' }],
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

}
