// Card behaviours of Welcome to Night City, Legends beyond the starters, in the effect vocabulary (effects.ts).
import type { CardBehaviour } from '../effects.ts'
import { draw } from './draw.ts'

export const NIGHT_CITY_LEGENDS: Record<string, CardBehaviour> = {
  'adam-smasher-ender-of-legends': {
    text: 'GO SOLO Legend. PLAY: defeat a rival Unit.',
    abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'defeat', v: 't' }], text: 'PLAY: defeat a rival Unit.' }],
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
          { op: 'unitEffect', v: 't', effect: 'noFightDefeat' },
          draw(1, { c: 'mode', n: 1 }),
        ],
        text: 'CALL: protect or draw.',
      },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'gig', mode: 'exact', upTo: 1, side: 'any' }], text: 'Spend: adjust a Gig by 1.' },
    ],
  },
  'hanako-arasaka-daughter-of-the-emperor': {
    text: 'Spend: swap a friendly Gig with a rival Gig. Start of your turn: draw 1 per friendly value-pair.',
    abilities: [
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'swapGig', optional: false }], text: 'Spend: swap Gigs.' },
      { kind: 'trigger', on: ['START_OF_TURN'], ops: [{ op: 'drawPer', per: 'valuePair' }], text: 'Start of turn: draw per value-pair.' },
    ],
  },
  'royce-psycho-on-the-edge': {
    text: 'GO SOLO Legend. During your turn, +2 power per equipped Gear.',
    abilities: [{ kind: 'static', mod: 'gearPowerOwnTurn', text: '+2 per Gear on your turn.' }],
  },
  'sasha-yakovleva-wont-let-you-down': {
    text: 'GO SOLO Legend. ATTACK: reveal your top card, add it to hand, gain power equal to its cost this turn. DEFEATED: the rival discards 1.',
    abilities: [
      { kind: 'trigger', on: ['ATTACK'], ops: [{ op: 'revealTopGain' }], text: 'ATTACK: top card to hand, gain its cost.' },
      { kind: 'trigger', on: ['DEFEATED'], ops: [{ op: 'rivalDiscard', n: 1 }], text: 'DEFEATED: rival discards 1.' },
    ],
  },
  'rogue-amendiares-preem-solo': {
    text: 'GO SOLO Legend. When a friendly Legend steals a Gig: even value, draw 1; odd value, the rival discards 1.',
    abilities: [
      {
        kind: 'trigger',
        on: ['FRIENDLY_STEAL'],
        when: { c: 'thiefIsLegend' }, // "When a friendly Legend steals a Gig"
        ops: [draw(1, { c: 'varDieEven', v: 'x' }), { op: 'rivalDiscard', n: 1, if: { c: 'varDieOdd', v: 'x' } }],
        text: 'Legend steals: draw or rival discards.',
      },
    ],
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
  'v-streetkid': {
    text: 'GO SOLO Legend. CALL: trash your top 3, then add a BRAINDANCE Program from your trash to your hand.',
    abilities: [{ kind: 'trigger', on: ['CALL'], ops: [{ op: 'mill', n: 3, as: 'm' }, { op: 'fromAmong', v: 'trash', type: 'Program', tag: 'BRAINDANCE' }], text: 'CALL: mill 3, take a BRAINDANCE.' }],
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
  'judy-alvarez-braindance-maestro': {
    text: 'When you play a BRAINDANCE Program, a friendly Unit gets +1 power this turn. Spend: trash your top card; if it is a Program you may add it to your hand.',
    abilities: [
      { kind: 'trigger', on: ['PLAY_BRAINDANCE'], ops: [{ op: 'chooseUnit', filter: { side: 'friendly' }, as: 't' }, { op: 'power', v: 't', n: 1 }], text: 'BRAINDANCE: +1 to a Unit.' },
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'mill', n: 1, as: 'm' }, { op: 'custom', fn: 'mayTakeMilledProgram' }], text: 'Spend: mill 1, maybe keep a Program.' },
    ],
  },
  'evelyn-parker-beautiful-enigma': {
    text: 'When a friendly CORPO or GANGER Unit steals Gigs, ready 1 Eddie. 1 €$, spend: a rival Unit must attack next turn if it can.',
    abilities: [
      { kind: 'trigger', on: ['FRIENDLY_STEAL_EVENT'], when: { c: 'varTag', v: 'thief', tags: ['CORPO', 'GANGER'] }, ops: [{ op: 'readyEddies', n: 1 }], text: 'CORPO/GANGER steal: ready an Eddie.' },
      { kind: 'activated', eddies: 1, spend: true, quick: false, ops: [{ op: 'chooseUnit', filter: { side: 'rival' }, as: 't' }, { op: 'unitEffect', v: 't', effect: 'mustAttack' }], text: 'Force a rival attack.' },
    ],
  },
  'river-ward-detective-on-the-hunt': {
    text: 'QUICK spend: play a Gear with cost 2 or less from your hand for free. When a friendly equipped Unit is defeated, look at your top 2 and trash 1.',
    abilities: [
      { kind: 'activated', eddies: 0, spend: true, quick: true, ops: [{ op: 'playFree', from: ['hand'], type: 'Gear', maxCost: 2, optional: false }], text: 'QUICK: free cheap Gear.' },
      { kind: 'trigger', on: ['UNIT_DEFEATED'], when: { c: 'varIs', v: 'thief', n: 1 }, ops: [{ op: 'custom', fn: 'searchTrash1' }], text: 'Equipped Unit lost: trash 1 of top 2.' },
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
          { op: 'unitEffect', v: 't', effect: 'mayAttackUnits' },
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
  'jackie-welles-mamas-favorite': {
    text: 'GO SOLO Legend. If a friendly Unit would be defeated, you may pay 1 €$ to defeat this Legend instead (it is removed from the game).',
    abilities: [{ kind: 'static', mod: 'jackieReplace', text: 'Optional replacement for a friendly defeat.' }],
  },
  'alt-cunningham-soulkiller-architect': {
    text: 'Spend: your next Program this turn costs 1 €$ less per friendly min Gig (minimum 1). 1 €$, spend: play a Program from your trash paying its cost, then bottom-deck it.',
    abilities: [
      { kind: 'activated', eddies: 0, spend: true, quick: false, ops: [{ op: 'playerEffect', effect: 'programDiscount' }], text: 'Spend: next Program cheaper.' },
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
