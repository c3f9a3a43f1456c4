// Embracing Power (S002-EBP starter): each card's printed facts, its behaviour in the effect vocabulary (effects.ts)
// and any code of its own.
import { type Ctx, drawCards, toTrashOrRemove } from '../core.ts'
import { ask } from '../interpreter/conditions.ts'
import type { CardEntry } from '../cards.ts'
import type { Frame } from '../state.ts'
import { draw } from './draw.ts'

/**
 * The set's cards by id: a function (hoisted), so the catalogue can be built while this module's imports still load.
 */
export function embracingPowerCards(): Record<string, CardEntry> {
  return {
    'goro-takemura-hands-unclean': {
      facts: ['Goro Takemura', 'Hands Unclean', 'L', 'G', 5, 7, 2, true, ['ARASAKA', 'CORPO'], ['GO SOLO', 'BLOCKER']],
      abilities: [],
      text: 'GO SOLO and BLOCKER Legend (keywords only).',
    },
    'yorinobu-arasaka-embracing-destruction': {
      facts: ['Yorinobu Arasaka', 'Embracing Destruction', 'L', 'R', null, null, 2, true, ['ARASAKA', 'CORPO'], []],
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
      facts: ['Saburo Arasaka', 'Stubborn Patriarch', 'L', 'G', null, null, 2, true, ['ARASAKA', 'CORPO'], []],
      text: 'Friendly ARASAKA Units get +1 power while attacking.',
      abilities: [
        { kind: 'static', mod: 'attackBonus', n: 1, attackers: { tag: 'ARASAKA' }, text: 'ARASAKA attackers +1.' },
      ],
    },
    'chrome-fang': {
      facts: ['Chrome Fang', null, 'U', 'R', 5, 6, 1, false, ['GANGER', 'NETRUNNER', 'TYGER CLAWS'], []],
      text: 'PLAY: until your next turn, rival Units cannot steal your Gigs whose value exceeds their power.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [{ op: 'playerEffect', effect: 'stealOnlyUpToPower' }],
          text: 'PLAY: guard high Gigs until your next turn.',
        },
      ],
    },
    minotaur: {
      facts: ['Minotaur', null, 'U', 'R', 7, 9, 2, false, ['ARASAKA', 'DRONE', 'MILITECH'], []],
      text: "PLAY: if your Street Cred is higher than the rival's, defeat a rival Unit with power 5 or less.",
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival', maxPower: 5 }, as: 'target', if: { c: 'credMoreThanRival' } },
            { op: 'defeat', v: 'target' },
          ],
          text: 'PLAY: defeat a small rival Unit when ahead.',
        },
      ],
    },
    'ruthless-lowlife': {
      facts: ['Ruthless Lowlife', null, 'U', 'R', 2, 4, 1, false, ['GANGER', 'MAELSTROM'], []],
      abilities: [{ kind: 'static', mod: 'onlyAttackUnits', text: 'May only attack rival Units.' }],
      text: 'Can only attack rival Units.',
    },
    'swordwise-huscle': {
      facts: ['Swordwise Huscle', null, 'U', 'R', 3, 3, 2, false, ['MERC'], []],
      text: 'ATTACK: if this Unit has 5+ power, draw 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [draw(1, { c: 'selfPowerAtLeast', n: 5 })],
          text: 'ATTACK: draw at 5+ power.',
        },
      ],
    },
    'emergency-atlus': {
      facts: ['Emergency Atlus', null, 'U', 'G', 3, 4, 1, false, ['TRAUMA TEAM', 'VEHICLE', 'ZETATECH'], []],
      abilities: [],
      text: 'Vanilla Unit.',
    },
    'field-operator': {
      facts: ['Field Operator', null, 'U', 'G', 3, 2, 2, false, ['ARASAKA', 'CORPO', 'TECHIE'], []],
      text: 'PLAY: if your Street Cred is even, draw 1.',
      abilities: [
        { kind: 'trigger', on: ['PLAY'], ops: [draw(1, { c: 'credEven' })], text: 'PLAY: draw on even Street Cred.' },
      ],
    },
    'goro-takemura-losing-his-way': {
      facts: ['Goro Takemura', 'Losing His Way', 'U', 'G', 4, 4, 3, false, ['ARASAKA', 'CORPO'], []],
      text: 'ATTACK: if all your Legends are face-up, +5 power this turn.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [{ op: 'power', v: 'self', n: 5, if: { c: 'allLegendsFaceUp' } }],
          text: 'ATTACK: +5 with all Legends up.',
        },
      ],
    },
    'maxtac-av': {
      facts: ['MaxTac AV', null, 'U', 'G', 5, 8, 2, false, ['NCPD', 'VEHICLE'], []],
      text: 'PLAY: you may swap a friendly Gig with a rival Gig.',
      abilities: [
        { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'swapGig', optional: true }], text: 'PLAY: may swap Gigs.' },
      ],
    },
    'arasaka-emergency-radioport': {
      facts: ['Arasaka Emergency Radioport', null, 'G', 'R', 2, 2, 2, true, ['ARASAKA', 'CYBERWARE'], []],
      text: 'Gear. Host gains: when spent, you may look at a face-down Legend; if it is ARASAKA or has GO SOLO you may Call it for free.',
      abilities: [
        {
          kind: 'trigger',
          on: ['SPENT'],
          inherit: true,
          ops: [
            { op: 'lookLegend', as: 'slot', optional: true },
            { op: 'callFree', v: 'slot', optional: true, if: { c: 'varLegendArasakaOrSolo', v: 'slot' } },
          ],
          text: 'When spent: peek a Legend, may Call it free.',
        },
      ],
    },
    'mantis-blades': {
      facts: ['Mantis Blades', null, 'G', 'R', 1, 2, 1, true, ['CYBERWARE'], []],
      abilities: [],
      text: 'Gear, +2 power.',
    },
    'satori-sword-of-saburo': {
      facts: ['Satori', 'Sword of Saburo', 'G', 'R', 2, 2, 1, true, ['ARASAKA', 'WEAPON'], []],
      text: 'Gear. Host gains: when it wins a fight against a rival Unit, draw 1.',
      abilities: [{ kind: 'trigger', on: ['WIN_FIGHT'], inherit: true, ops: [draw(1)], text: 'Win a fight: draw 1.' }],
    },
    'industrial-assembly': {
      facts: ['Industrial Assembly', null, 'P', 'R', 1, null, 1, true, ['ARASAKA', 'BRAINDANCE'], []],
      text: 'Program: increase a Gig by up to 4, then draw 1 if you control a Gig of 8+.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'gig', mode: 'increase', upTo: 4, side: 'any' }, draw(1, { c: 'gigAtLeast', n: 8 })],
          text: 'Raise a Gig; maybe draw.',
        },
      ],
    },
    'over-the-edge': {
      facts: ['Over the Edge', null, 'P', 'R', 3, null, 2, true, ['MERC'], []],
      text: 'Program: defeat a Unit whose power is at most the value of a friendly d20.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'any', maxPowerFriendlyD20: true }, as: 'target' },
            { op: 'defeat', v: 'target' },
          ],
          text: 'Defeat a Unit up to your d20.',
        },
      ],
    },
    'shattered-memories': {
      facts: ['Shattered Memories', null, 'P', 'R', 4, null, 2, true, ['BRAINDANCE'], []],
      text: 'Program: both players discard their hands and may draw 5; draw 2 if the discarded total equals a friendly Gig value.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'custom', run: shattered }, draw(2, { c: 'varEqualsFriendlyGig', v: 'discarded' })],
          text: 'Hand reset.',
        },
      ],
    },
    'corpo-security': {
      facts: ['Corpo Security', null, 'U', 'G', 2, 2, 1, false, ['CORPO'], ['BLOCKER']],
      text: 'BLOCKER. Cannot attack.',
      abilities: [{ kind: 'static', mod: 'cantAttack', text: 'Cannot attack.' }],
    },
    sandevistan: {
      facts: ['Sandevistan', null, 'G', 'G', 3, 2, 3, true, ['CYBERWARE'], []],
      text: 'Gear. Host gains: at the end of your turn, ready it.',
      abilities: [
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          inherit: true,
          ops: [{ op: 'readySelf' }],
          text: 'End of turn: ready host.',
        },
      ],
    },
    'corporate-surveillance': {
      facts: ['Corporate Surveillance', null, 'P', 'G', 2, null, 1, true, ['CORPO'], []],
      text: 'Program: spend a rival Unit with cost 4 or less.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival', maxCost: 4, ready: true }, as: 'target' },
            { op: 'spend', v: 'target' },
          ],
          text: 'Spend a cheap rival Unit.',
        },
      ],
    },
  }
}

// The code of the cards above that the vocabulary cannot say (run by their `custom` operations).

/** Shattered Memories: each player discards the hand (turn player first), then each may draw 5 (turn player first). */
function shattered(c: Ctx, f: Frame): boolean {
  const s = c.s
  let k = (f.vars['_step'] as number | undefined) ?? 0
  if (k === 0) {
    let total = 0
    for (const seat of [s.active, 1 - s.active]) {
      const p = s.players[seat]!
      total += p.hand.length
      c.ev.push({ type: 'discardHand', seat, cards: p.hand.map(u => s.cards[u]) })
      for (const u of p.hand) toTrashOrRemove(s, u)
      p.hand = []
    }
    f.vars['discarded'] = total
    k = 1
  }
  while (k <= 2) {
    const seat = k === 1 ? s.active : 1 - s.active
    const r = ask(c, f, seat, ['draw', 'none'], 'draw 5?')
    if (r.wait) {
      f.vars['_step'] = k
      return false
    }
    if (r.val === 'draw') drawCards(c, seat, 5)
    if (s.phase === 'over') return true
    k++
  }
  delete f.vars['_step']
  return true
}
