// The Heist (S001-HEI starter): each card's printed facts, its behaviour in the effect vocabulary (effects.ts) and any
// code of its own.
import type { CardEntry } from '../cards.ts'
import { draw } from './draw.ts'

/**
 * The set's cards by id: a function (hoisted), so the catalogue can be built while this module's imports still load.
 */
export function heistCards(): Record<string, CardEntry> {
  return {
    'v-corporate-exile': {
      facts: ['V', 'Corporate Exile', 'L', 'B', 5, 8, 2, true, ['CORPO', 'MERC'], ['GO SOLO']],
      abilities: [],
      text: 'GO SOLO Legend (keyword only).',
    },
    'viktor-vektor-sit-down-and-relax': {
      facts: ['Viktor Vektor', 'Sit Down and Relax', 'L', 'Y', null, null, 2, true, ['RIPPERDOC'], []],
      text: 'CALL: look at your top 5, take up to 2 Gears costing 2 or less, rest to the bottom at random.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [{ op: 'search', n: 5, type: 'Gear', maxCost: 2, take: 2, upTo: true }],
          text: 'CALL: search 5 for up to 2 cheap Gears.',
        },
      ],
    },
    'jackie-welles-pour-one-out-for-me': {
      facts: ['Jackie Welles', 'Pour One Out For Me', 'L', 'B', null, null, 2, true, ['MERC'], []],
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
      facts: ['Dexter DeShawn', 'One Last Chance', 'U', 'Y', 3, 4, 2, false, ['FIXER'], []],
      text: 'PLAY and ATTACK: adjust a Gig by up to 1. DEFEATED: draw 2 if Street Cred differs from the rival by 10+.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY', 'ATTACK'],
          ops: [{ op: 'gig', mode: 'adjust', upTo: 1, side: 'any' }],
          text: 'PLAY/ATTACK: adjust a Gig by up to 1.',
        },
        {
          kind: 'trigger',
          on: ['DEFEATED'],
          ops: [draw(2, { c: 'credDiffAtLeast', n: 10 })],
          text: 'DEFEATED: draw 2 if Street Cred gap is 10+.',
        },
      ],
    },
    'heywood-ripperdoc': {
      facts: ['Heywood Ripperdoc', null, 'U', 'Y', 6, 8, 1, false, ['RIPPERDOC'], []],
      text: 'PLAY: you may defeat a Gear; draw 1 if its cost equals a friendly Gig value.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseGear', as: 'gear', optional: true },
            { op: 'defeat', v: 'gear' },
            draw(1, { c: 'varCostEqualsFriendlyGig', v: 'gear' }),
          ],
          text: 'PLAY: may defeat a Gear; draw if its cost matches a friendly Gig.',
        },
      ],
    },
    'offduty-malfini': {
      facts: ['Offduty Malfini', null, 'U', 'Y', 4, 5, 2, false, ['GANGER', 'VOODOO BOYS'], []],
      text: 'PLAY: spend this Unit and a rival Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'spend', v: 'self' },
            { op: 'chooseUnit', filter: { side: 'rival', ready: true }, as: 'target' },
            { op: 'spend', v: 'target' },
          ],
          text: 'PLAY: spend itself and a rival Unit.',
        },
      ],
    },
    'secondhand-bombus': {
      facts: ['Secondhand Bombus', null, 'U', 'Y', 2, 0, 2, false, ['DRONE', 'ZETATECH'], ['BLOCKER']],
      abilities: [],
      text: 'BLOCKER, power 0.',
    },
    't-bug-amateur-philosopher': {
      facts: ['T-Bug', 'Amateur Philosopher', 'U', 'Y', 4, 4, 2, false, ['MERC', 'NETRUNNER'], []],
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
      facts: ['Kiroshi Optics', null, 'G', 'Y', 1, 1, 1, true, ['CYBERWARE'], []],
      text: 'Gear. Host gains: ATTACK: look at a friendly face-down Legend.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          inherit: true,
          ops: [{ op: 'lookLegend', as: 'slot' }],
          text: 'ATTACK: peek at a face-down Legend.',
        },
      ],
    },
    'mandibular-upgrade': {
      facts: ['Mandibular Upgrade', null, 'G', 'Y', 1, 0, 2, true, ['CYBERWARE'], ['BLOCKER']],
      abilities: [],
      text: 'Gear. Host gains BLOCKER.',
    },
    'zetatech-faceplate': {
      facts: ['Zetatech Faceplate', null, 'G', 'Y', 2, 2, 2, true, ['CYBERWARE', 'ZETATECH'], []],
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
      facts: ["Afterparty at Lizzie's", null, 'P', 'Y', 1, null, 1, true, ['BRAINDANCE', 'MOX'], []],
      text: 'Program: adjust a Gig by up to 1, then draw 1 if you control 2+ Gigs with different values.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'gig', mode: 'adjust', upTo: 1, side: 'any' }, draw(1, { c: 'distinctGigs', n: 2 })],
          text: 'Adjust a Gig by 1; maybe draw.',
        },
      ],
    },
    'delamain-cab': {
      facts: ['Delamain Cab', null, 'U', 'B', 4, 4, 2, false, ['VEHICLE'], []],
      text: 'End of your turn: if this Unit stole a Gig this turn, ready 1 Eddie.',
      abilities: [
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [{ op: 'readyEddies', n: 1, if: { c: 'selfStoleThisTurn' } }],
          text: 'End of turn: ready an Eddie if it stole.',
        },
      ],
    },
    'evelyn-parker-scheming-siren': {
      facts: ['Evelyn Parker', 'Scheming Siren', 'U', 'B', 2, 0, 3, false, ['DOLL'], []],
      text: "ATTACK: draw 1, then discard 1 if your Street Cred is higher than the rival's.",
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [draw(1), { op: 'discard', n: 1, if: { c: 'credMoreThanRival' } }],
          text: 'ATTACK: draw, maybe discard.',
        },
      ],
    },
    'mt0d12-flathead': {
      facts: ['MT0D12 Flathead', null, 'U', 'B', 5, 7, 3, true, ['DRONE', 'MILITECH'], []],
      text: "Sellable Unit. Cannot be blocked while your Street Cred is below the rival's.",
      abilities: [{ kind: 'static', mod: 'unblockableIfLessCred', text: 'Unblockable when behind on Street Cred.' }],
    },
    'psycho-squad': {
      facts: ['Psycho Squad', null, 'U', 'B', 4, 6, 1, false, ['NCPD'], []],
      abilities: [],
      text: 'Vanilla Unit.',
    },
    'dying-night-vs-pistol': {
      facts: ['Dying Night', "V's Pistol", 'G', 'B', 2, 2, 2, true, ['MERC', 'WEAPON'], []],
      text: 'Gear. Host gains: ATTACK: decrease a Gig by up to 2; at the end of that turn, if the host is named V, ready 2 Eddies.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          inherit: true,
          ops: [
            { op: 'gig', mode: 'decrease', upTo: 2, side: 'any' },
            { op: 'delay', ab: 1 },
          ],
          text: 'ATTACK: lower a Gig by up to 2.',
        },
        {
          kind: 'delayed',
          inherit: true,
          ops: [{ op: 'readyEddies', n: 2, if: { c: 'hostNamed', name: 'V' } }],
          text: 'End of that turn: V readies 2 Eddies.',
        },
      ],
    },
    'tetratronic-rippler': {
      facts: ['Tetratronic Rippler', null, 'G', 'B', 1, 1, 2, true, ['CYBERWARE'], []],
      text: 'Gear. Host gains: when spent, look at your top card and you may trash it.',
      abilities: [
        {
          kind: 'trigger',
          on: ['SPENT'],
          inherit: true,
          ops: [{ op: 'topMayTrash' }],
          text: 'When spent: may trash your top card.',
        },
      ],
    },
    'floor-it': {
      facts: ['Floor It', null, 'P', 'B', 1, null, 1, true, ['MERC', 'QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: a rival Unit gets -1 power this turn; draw 1.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'power', v: 'target', n: -1 },
            draw(1),
          ],
          text: 'Rival Unit -1 this turn; draw 1.',
        },
      ],
    },
    'reboot-optics': {
      facts: ['Reboot Optics', null, 'P', 'B', 2, null, 2, true, ['QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: the next time a rival Unit fights this turn, it does not defeat your Unit.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'playerEffect', effect: 'fightDefeatShield' }],
          text: 'Next rival fighter this turn defeats nothing.',
        },
      ],
    },
  }
}
