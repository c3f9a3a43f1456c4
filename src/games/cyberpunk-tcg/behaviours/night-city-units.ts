// Welcome to Night City, the Units beyond the starters: each card's printed facts, its behaviour in the effect
// vocabulary (effects.ts) and any code of its own.
import { append, type Ctx, def, findUnit, friendlyGigValues, popDeck, readyUnit, spendUnit } from '../core.ts'
import { ask } from '../interpreter/conditions.ts'
import type { CardEntry } from '../cards.ts'
import type { Frame } from '../state.ts'
import { draw } from './draw.ts'

/**
 * The set's cards by id: a function (hoisted), so the catalogue can be built while this module's imports still load.
 */
export function nightCityUnits(): Record<string, CardEntry> {
  return {
    'animals-wrecker': {
      facts: ['Animals Wrecker', null, 'U', 'R', 6, 10, 3, false, ['ANIMAL', 'GANGER'], []],
      abilities: [],
      text: 'Vanilla Unit.',
    },
    'rockn-rockerboy': {
      facts: ["Rockn' Rockerboy", null, 'U', 'Y', 5, 8, 1, false, ['ROCKER'], []],
      abilities: [],
      text: 'Vanilla Unit.',
    },
    'riding-nomad': {
      facts: ['Riding Nomad', null, 'U', 'G', 5, 4, 4, false, ['NOMAD'], ['ADRENALINE']],
      abilities: [],
      text: 'ADRENALINE Unit (keyword only).',
    },
    'adam-smasher-metal-over-meat': {
      facts: ['Adam Smasher', 'Metal Over Meat', 'U', 'Y', 9, 15, 6, false, ['ARASAKA', 'MERC'], []],
      text: 'PLAY: defeat every other Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [{ op: 'defeatAll', others: true }],
          text: 'PLAY: defeat all other Units.',
        },
      ],
    },
    'caliber-totentanzs-top-dog': {
      facts: ['Caliber', "Totentanz's Top Dog", 'U', 'Y', 5, 5, 2, false, ['GANGER', 'MAELSTROM'], []],
      text: 'PLAY: defeat a rival Unit with cost 2 or less. DEFEATED: the rival discards 1, and 1 more if its cost equals a friendly Gig value.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival', maxCost: 2 }, as: 'target' },
            { op: 'defeat', v: 'target' },
          ],
          text: 'PLAY: defeat a cheap rival Unit.',
        },
        {
          kind: 'trigger',
          on: ['DEFEATED'],
          ops: [
            { op: 'rivalDiscard', n: 1 },
            { op: 'rivalDiscard', n: 1, if: { c: 'varEqualsFriendlyGig', v: 'discardedCost' } },
          ],
          text: 'DEFEATED: rival discards.',
        },
      ],
    },
    'delamain-rideshare-ai': {
      facts: ['Delamain', 'Rideshare AI', 'U', 'B', 3, 0, 3, false, ['AI'], []],
      text: 'PLAY: draw 2.',
      abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [draw(2)], text: 'PLAY: draw 2.' }],
    },
    'japantown-jonin': {
      facts: ['Japantown Jonin', null, 'U', 'R', 2, 0, 2, false, ['TYGER CLAWS'], []],
      text: 'PLAY: a friendly Unit gets +2 power this turn.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target' },
            { op: 'power', v: 'target', n: 2 },
          ],
          text: 'PLAY: +2 to a friendly Unit.',
        },
      ],
    },
    'kerry-eurodyne-the-last-rockerboy': {
      facts: ['Kerry Eurodyne', 'The Last Rockerboy', 'U', 'R', 4, 5, 1, false, ['ROCKER', 'SAMURAI'], []],
      text: 'Spend: draw 2 if you control a Gig of 8+.',
      abilities: [
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [draw(2, { c: 'gigAtLeast', n: 8 })],
          text: 'Spend: draw 2 with an 8+ Gig.',
        },
      ],
    },
    'la-llorona-ghost-of-the-past': {
      facts: ['La Llorona', 'Ghost of the Past', 'U', 'R', 3, 3, 1, false, ['GANGER', 'VALENTINO'], ['BLOCKER']],
      text: 'BLOCKER. When it blocks, increase a Gig by up to 3.',
      abilities: [
        {
          kind: 'trigger',
          on: ['BLOCK'],
          ops: [{ op: 'gig', mode: 'increase', upTo: 3, side: 'any' }],
          text: 'On block: increase a Gig by up to 3.',
        },
      ],
    },
    'augmented-negotiators': {
      facts: ['Augmented Negotiators', null, 'U', 'Y', 3, 2, 1, false, ['ARASAKA', 'CORPO'], ['BLOCKER']],
      text: 'BLOCKER. When it blocks, the rival discards 1.',
      abilities: [
        { kind: 'trigger', on: ['BLOCK'], ops: [{ op: 'rivalDiscard', n: 1 }], text: 'On block: rival discards 1.' },
      ],
    },
    'royce-dont-call-me-simon': {
      facts: ['Royce', "Don't Call Me Simon", 'U', 'R', 5, 4, 2, false, ['GANGER', 'MAELSTROM'], []],
      text: 'PLAY: defeat a rival Unit with power 2 or less (3 or less if your Street Cred is higher).',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival', maxPower: 3 }, as: 'target', if: { c: 'credMoreThanRival' } },
            {
              op: 'chooseUnit',
              filter: { side: 'rival', maxPower: 2 },
              as: 'target',
              if: { c: 'not', of: { c: 'credMoreThanRival' } },
            },
            { op: 'defeat', v: 'target' },
          ],
          text: 'PLAY: defeat a small rival Unit.',
        },
      ],
    },
    'maxtac-squadron': {
      facts: ['MaxTac Squadron', null, 'U', 'G', 3, 4, 3, false, ['NCPD'], []],
      text: 'End of your turn: if this Unit is spent, ready a friendly face-up Legend.',
      abilities: [
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [{ op: 'readyLegend', if: { c: 'selfSpent' } }],
          text: 'End of turn: ready a Legend.',
        },
      ],
    },
    'modded-muramasa': {
      facts: ['Modded Muramasa', null, 'U', 'B', 5, 4, 2, false, ['VEHICLE'], []],
      text: "End of your turn: if your Street Cred is lower than the rival's, ready this Unit.",
      abilities: [
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [{ op: 'readySelf', if: { c: 'credLessThanRival' } }],
          text: 'End of turn: ready when behind.',
        },
      ],
    },
    'modded-kusanagi': {
      facts: ['Modded Kusanagi', null, 'U', 'B', 6, 8, 2, false, ['TYGER CLAWS', 'VEHICLE'], ['ADRENALINE']],
      text: "ADRENALINE. End of your turn: return it to its owner's hand.",
      abilities: [
        { kind: 'trigger', on: ['END_OF_TURN'], ops: [{ op: 'bounceSelf' }], text: 'End of turn: back to hand.' },
      ],
    },
    'jackie-welles-ride-or-die-choom': {
      facts: ['Jackie Welles', 'Ride or Die Choom', 'U', 'Y', 6, 8, 2, false, ['MERC', 'VALENTINO'], []],
      text: 'ATTACK: +2 power this turn per friendly even Gig. DEFEATED: draw 1 per friendly odd Gig.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [{ op: 'powerPer', v: 'self', n: 2, per: 'evenGig' }],
          text: 'ATTACK: +2 per even Gig.',
        },
        {
          kind: 'trigger',
          on: ['DEFEATED'],
          ops: [{ op: 'drawPer', per: 'oddGig' }],
          text: 'DEFEATED: draw per odd Gig.',
        },
      ],
    },
    'screw-lovelorn-fool': {
      facts: ['Screw', 'Lovelorn Fool', 'U', 'R', 5, 7, 2, false, ['GANGER', 'MAELSTROM'], []],
      text: 'DEFEATED: add another Unit from your trash to your hand.',
      abilities: [
        {
          kind: 'trigger',
          on: ['DEFEATED'],
          ops: [{ op: 'fromTrash', type: 'Unit', notSelf: true }],
          text: 'DEFEATED: recover a Unit.',
        },
      ],
    },
    'jacked-in-voodoo-boy': {
      facts: ['Jacked-In Voodoo Boy', null, 'U', 'B', 2, 2, 2, false, ['NETRUNNER', 'VOODOO BOYS'], []],
      text: 'Cannot attack unless you played a Program this turn.',
      abilities: [{ kind: 'static', mod: 'needsProgramToAttack', text: 'Attacks only after a Program.' }],
    },
    'maxtac-suppression-team': {
      facts: ['MaxTac Suppression Team', null, 'U', 'Y', 5, 7, 1, false, ['NCPD'], []],
      text: 'Rival Units cannot attack the turn they are played.',
      abilities: [{ kind: 'static', mod: 'suppressNewRivals', text: 'New rival Units cannot attack.' }],
    },
    'v-roamer-of-the-badlands': {
      facts: ['V', 'Roamer of the Badlands', 'U', 'R', 5, 6, 2, false, ['MERC', 'NOMAD'], []],
      text: 'When it steals a Gig, increase that Gig by up to 5. End of your turn: draw 1 with 2+ friendly Gigs of 8+.',
      abilities: [
        {
          kind: 'trigger',
          on: ['STEAL'],
          ops: [{ op: 'gig', mode: 'increase', upTo: 5, side: 'var', v: 'subject' }],
          text: 'On steal: raise that Gig.',
        },
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [draw(1, { c: 'gigsAtLeastCount', n: 2, min: 8 })],
          text: 'End of turn: draw with two 8+ Gigs.',
        },
      ],
    },
    '6th-street-recruits': {
      facts: ['6th Street Recruits', null, 'U', 'R', 4, 6, 1, false, ['6TH STREET', 'GANGER'], []],
      text: 'When a friendly Unit steals a d6, increase a Gig by up to 6.',
      abilities: [
        {
          kind: 'trigger',
          on: ['FRIENDLY_STEAL'],
          when: { c: 'varDieSize', v: 'subject', size: 6 },
          ops: [{ op: 'gig', mode: 'increase', upTo: 6, side: 'any' }],
          text: 'Friendly d6 steal: raise a Gig.',
        },
      ],
    },
    'maelstrom-goons': {
      facts: ['Maelstrom Goons', null, 'U', 'Y', 3, 3, 2, false, ['GANGER', 'MAELSTROM'], []],
      text: 'When it steals a Gig while equipped, the rival discards 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['STEAL'],
          ops: [{ op: 'rivalDiscard', n: 1, if: { c: 'selfEquipped' } }],
          text: 'Equipped steal: rival discards.',
        },
      ],
    },
    'tygers-whisper': {
      facts: ["Tyger's Whisper", null, 'U', 'G', 2, 0, 1, false, ['FIXER', 'TYGER CLAWS'], []],
      text: 'PLAY: you may Call a Legend for free. Power 0.',
      abilities: [
        { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'callFree', optional: true }], text: 'PLAY: may Call free.' },
      ],
    },
    'valentino-street-racer': {
      facts: ['Valentino Street Racer', null, 'U', 'G', 3, 3, 2, false, ['VALENTINO', 'VEHICLE'], []],
      text: 'PLAY: another friendly Unit with cost 5 or less gains ADRENALINE this turn.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly', maxCost: 5, notSelf: true }, as: 'target' },
            { op: 'grant', v: 'target', what: 'adrenaline' },
          ],
          text: 'PLAY: grant ADRENALINE.',
        },
      ],
    },
    'saul-bright-stormrider': {
      facts: ['Saul Bright', 'Stormrider', 'U', 'G', 8, 14, 2, false, ['ALDECALDO', 'NOMAD'], []],
      text: 'Other friendly Units get +2 power while attacking. End of your turn: ready up to 3 friendly Units.',
      abilities: [
        { kind: 'static', mod: 'attackBonus', n: 2, attackers: { others: true }, text: 'Other attackers +2.' },
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [{ op: 'readyUnits', n: 3 }],
          text: 'End of turn: ready up to 3 Units.',
        },
      ],
    },
    'wraith-marauders': {
      facts: ['Wraith Marauders', null, 'U', 'G', 5, 4, 2, false, ['GANGER', 'NOMAD', 'RAFFEN SHIV'], []],
      text: "When it steals a Gig, ready another friendly Unit whose power equals that Gig's value.",
      abilities: [
        {
          kind: 'trigger',
          on: ['STEAL'],
          ops: [
            {
              op: 'chooseUnit',
              filter: { side: 'friendly', notSelf: true, spent: true, powerEqDieVar: 'subject' },
              as: 'target',
            },
            { op: 'custom', run: readyVar },
          ],
          text: 'On steal: ready a matching Unit.',
        },
      ],
    },
    'rita-wheeler-no-stupid-questions': {
      facts: ['Rita Wheeler', 'No Stupid Questions', 'U', 'B', 4, 4, 2, false, ['GANGER', 'MOX'], ['BLOCKER']],
      text: 'BLOCKER. The first time it is spent each turn, draw 1, then discard 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['SPENT'],
          ops: [{ op: 'once' }, draw(1), { op: 'discard', n: 1 }],
          text: 'First spend each turn: draw, discard.',
        },
      ],
    },
    'johnny-silverhand-never-stop-fighting': {
      facts: ['Johnny Silverhand', 'Never Stop Fighting', 'U', 'R', 6, 8, 2, false, ['MERC', 'ROCKER', 'SAMURAI'], []],
      text: 'The first time it wins a fight each turn, ready it. It wins every fight against CORPO Units.',
      abilities: [
        {
          kind: 'trigger',
          on: ['WIN_FIGHT'],
          ops: [{ op: 'once' }, { op: 'readySelf' }],
          text: 'First win each turn: ready.',
        },
        { kind: 'static', mod: 'winsFightVs', vs: { tag: 'CORPO' }, text: 'Wins fights against CORPO.' },
      ],
    },
    'rogue-amendiares-queen-of-the-afterlife': {
      facts: ['Rogue Amendiares', 'Queen of the Afterlife', 'U', 'B', 5, 4, 2, false, ['FIXER', 'MERC'], ['QUICK']],
      text: "The first time each turn another friendly Unit steals a Gig valued below its power, ready 2 Eddies. QUICK 2 €$, spend: a rival Unit loses power equal to this Unit's this turn.",
      abilities: [
        {
          kind: 'trigger',
          on: ['FRIENDLY_STEAL'],
          when: { c: 'firstStealBelowPower' },
          ops: [{ op: 'once' }, { op: 'readyEddies', n: 2 }],
          text: 'Cheap steal: ready 2 Eddies once a turn.',
        },
        {
          kind: 'activated',
          eddies: 2,
          spend: true,
          quick: true,
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'powerMinusSelf', v: 'target' },
          ],
          text: "QUICK: rival Unit loses this Unit's power.",
        },
      ],
    },
    'pepe-najarro-working-doubles': {
      facts: ['Pepe Najarro', 'Working Doubles', 'U', 'G', 4, 6, 2, false, ['VALENTINO'], []],
      text: 'ATTACK: if you control a value-pair, ready up to 2 face-up MERC Legends in your Legends area.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [{ op: 'readyLegend', tag: 'MERC', n: 2, inLegendsArea: true, if: { c: 'valuePair' } }],
          text: 'ATTACK: ready MERC Legends.',
        },
      ],
    },
    'westbrook-netrunner': {
      facts: ['Westbrook Netrunner', null, 'U', 'B', 4, 5, 2, false, ['NETRUNNER'], []],
      text: 'PLAY: until your next turn, rival Legends cannot steal your Gigs valued below their power.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [{ op: 'playerEffect', effect: 'legendsStealOnlyFromPower' }],
          text: 'PLAY: guard low Gigs from Legends.',
        },
      ],
    },
    'pacifica-netrunner': {
      facts: ['Pacifica Netrunner', null, 'U', 'G', 4, 1, 2, false, ['NETRUNNER'], []],
      text: 'PLAY: if your Street Cred is even, a rival Unit cannot ready until your next turn.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target', if: { c: 'credEven' } },
            { op: 'unitEffect', v: 'target', effect: 'cantReady' },
          ],
          text: 'PLAY: freeze a rival Unit.',
        },
      ],
    },
    'maelstrom-zealots': {
      facts: ['Maelstrom Zealots', null, 'U', 'G', 4, 0, 1, false, ['GANGER', 'MAELSTROM'], []],
      text: 'When it loses a fight, defeat the opposing rival Unit. Power 0.',
      abilities: [
        {
          kind: 'trigger',
          on: ['LOSE_FIGHT'],
          ops: [{ op: 'defeat', v: 'subject' }],
          text: 'Losing a fight: defeat the opponent.',
        },
      ],
    },
    'gilded-maton': {
      facts: ['Gilded Matón', null, 'U', 'Y', 4, 3, 2, false, ['GANGER', 'VALENTINO'], []],
      text: 'PLAY: you may defeat a friendly Gear; if you do, defeat a rival Unit with cost 3 or less.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseGear', side: 'friendly', as: 'gear', optional: true },
            { op: 'defeat', v: 'gear' },
            { op: 'chooseUnit', filter: { side: 'rival', maxCost: 3 }, as: 'target', if: { c: 'varSet', v: 'gear' } },
            { op: 'defeat', v: 'target' },
          ],
          text: 'PLAY: Gear for a Unit.',
        },
      ],
    },
    'hacked-corpo': {
      facts: ['Hacked Corpo', null, 'U', 'B', 4, 3, 1, false, ['AI', 'CORPO'], []],
      text: 'PLAY: trash your top 3, then add a Program from among them to your hand.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'mill', n: 3, as: 'milled' },
            { op: 'fromAmong', v: 'milled', type: 'Program' },
          ],
          text: 'PLAY: mill 3, keep a Program.',
        },
      ],
    },
    'sketchy-ripper': {
      facts: ['Sketchy Ripper', null, 'U', 'Y', 2, 0, 2, false, ['GANGER', 'RIPPERDOC', 'SCAVENGER'], []],
      text: 'ATTACK: search your top 3 for a Gear to add to your hand; the rest to the bottom. Power 0.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [{ op: 'search', n: 3, type: 'Gear', take: 1 }],
          text: 'ATTACK: dig for a Gear.',
        },
      ],
    },
    'hanako-arasaka-in-a-gilded-cage': {
      facts: ['Hanako Arasaka', 'In a Gilded Cage', 'U', 'Y', 4, 1, 2, false, ['ARASAKA', 'CORPO', 'NETRUNNER'], []],
      text: 'PLAY: search your top 4 and add any cards whose cost equals a friendly Gig value; the rest to the bottom.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [{ op: 'search', n: 4, costInGigs: true, take: 4, upTo: true }],
          text: 'PLAY: dig 4 by Gig values.',
        },
      ],
    },
    'el-sombreron-la-venganza-lenta': {
      facts: ['El Sombrerón', 'La Venganza Lenta', 'U', 'R', 5, 4, 4, false, ['GANGER', 'VALENTINO'], []],
      text: 'ATTACK: you may pay 2 €$; if you do, gain power equal to a friendly max Gig this turn.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [
            { op: 'mayPay', n: 2, as: 'paid' },
            { op: 'gainMaxGig', if: { c: 'varSet', v: 'paid' } },
          ],
          text: 'ATTACK: pay 2 to pump.',
        },
      ],
    },
    octant: {
      facts: ['Octant', null, 'U', 'R', 7, 8, 4, false, ['DRONE', 'MILITECH', 'ZETATECH'], []],
      costPer: { per: 'gig8', min: 1 },
      abilities: [],
      text: 'Costs 1 €$ less per friendly Gig of 8+ (minimum 1).',
    },
    'trauma-team-operatives': {
      facts: ['Trauma Team Operatives', null, 'U', 'Y', 6, 7, 2, false, ['MEDTECH', 'TRAUMA TEAM'], []],
      costPer: { per: 'trashUnit', min: 1 },
      abilities: [],
      text: 'Costs 1 €$ less per Unit in your trash (minimum 1).',
    },
    'sandayu-oda-hanakos-guardian': {
      facts: ['Sandayu Oda', "Hanako's Guardian", 'U', 'G', 7, 8, 2, false, ['ARASAKA', 'CORPO'], []],
      text: 'PLAY: spend a rival Unit for each friendly value-pair. It may attack rival Units the turn it is played.',
      abilities: [
        { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'custom', run: sandayu }], text: 'PLAY: spend per value-pair.' },
        { kind: 'static', mod: 'attackWhenPlayed', targets: 'units', text: 'May attack Units when played.' },
      ],
    },
    'nadia-fighting-through-grief': {
      facts: ['Nadia', 'Fighting Through Grief', 'U', 'G', 6, 8, 2, false, ['MEDTECH', 'TRAUMA TEAM'], []],
      text: 'May attack the Gig area the turn it is played if a rival controls more Gigs.',
      abilities: [
        {
          kind: 'static',
          mod: 'attackWhenPlayed',
          targets: 'gigs',
          while: { c: 'rivalMoreGigsBy', n: 1 },
          text: 'Early Gig attack when behind.',
        },
      ],
    },
    'valentino-guerrera': {
      facts: ['Valentino Guerrera', null, 'U', 'R', 3, 4, 2, false, ['GANGER', 'VALENTINO'], []],
      text: 'With more Street Cred than the rival, it may attack ready BLOCKER Units.',
      abilities: [
        {
          kind: 'static',
          mod: 'attackReady',
          blockers: true,
          while: { c: 'credMoreThanRival' },
          text: 'Attacks ready BLOCKERs when ahead.',
        },
      ],
    },
    'viktor-vektor-drop-your-illusions': {
      facts: ['Viktor Vektor', 'Drop Your Illusions', 'U', 'Y', 5, 5, 2, false, ['RIPPERDOC'], []],
      text: 'Your first CYBERWARE Gear each turn costs 3 €$ less (minimum 1).',
      abilities: [
        {
          kind: 'static',
          mod: 'firstPlayDiscount',
          n: 3,
          min: 1,
          cards: { type: 'Gear', tag: 'CYBERWARE' },
          text: 'First CYBERWARE Gear -3 €$.',
        },
      ],
    },
    'mox-inciters': {
      facts: ['Mox Inciters', null, 'U', 'B', 3, 2, 2, false, ['GANGER', 'MOX'], ['BLOCKER']],
      text: 'BLOCKER. PLAY: a rival Unit must attack next turn if it can.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'unitEffect', v: 'target', effect: 'mustAttack' },
          ],
          text: 'PLAY: a rival Unit must attack.',
        },
      ],
    },
    'panam-palmer-strength-through-family': {
      facts: ['Panam Palmer', 'Strength Through Family', 'U', 'G', 6, 6, 4, false, ['ALDECALDO', 'MERC', 'NOMAD'], []],
      text: 'During your turn you may Call a Legend for free. ATTACK: discard 1; if you do, draw 1 per friendly face-up Legend.',
      abilities: [
        { kind: 'static', mod: 'freeCallOwnTurn', text: 'Free Call on your turn.' },
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [
            { op: 'discard', n: 1, as: 'discardCount' },
            { op: 'drawPer', per: 'faceUpLegend', if: { c: 'varSet', v: 'discardCount' } },
          ],
          text: 'ATTACK: loot per face-up Legend.',
        },
      ],
    },
    'placide-voodoo-sentinel': {
      facts: ['Placide', 'Voodoo Sentinel', 'U', 'B', 8, 10, 2, false, ['GANGER', 'NETRUNNER', 'VOODOO BOYS'], []],
      text: 'PLAY and ATTACK: you may discard a Program; if you do, bottom-deck a rival Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY', 'ATTACK'],
          ops: [
            { op: 'discard', n: 1, optional: true, type: 'Program', as: 'discardCount' },
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target', if: { c: 'varSet', v: 'discardCount' } },
            { op: 'bottomDeck', v: 'target' },
          ],
          text: 'Program for a bottom-deck.',
        },
      ],
    },
    'maman-brigitte-spirit-of-death': {
      facts: [
        'Maman Brigitte',
        'Spirit of Death',
        'U',
        'B',
        5,
        3,
        4,
        false,
        ['MYSTIC', 'NETRUNNER', 'VOODOO BOYS'],
        [],
      ],
      text: 'PLAY: you may discard 2 Programs; if you do, bottom-deck a rival unequipped Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'discard', n: 2, optional: true, type: 'Program', as: 'discardCount' },
            {
              op: 'chooseUnit',
              filter: { side: 'rival', unequipped: true },
              as: 'target',
              if: { c: 'varIs', v: 'discardCount', n: 2 },
            },
            { op: 'bottomDeck', v: 'target' },
          ],
          text: 'Two Programs for a bottom-deck.',
        },
      ],
    },
    'meredith-stout-stone-cold-corpo': {
      facts: ['Meredith Stout', 'Stone Cold Corpo', 'U', 'R', 4, 5, 1, false, ['CORPO', 'MILITECH'], ['BLOCKER']],
      text: 'BLOCKER. +2 power while fighting a Legend. When a rival adjusts or swaps your Gigs, you may add a card from your trash to your hand.',
      abilities: [
        { kind: 'static', mod: 'fightBonusVs', n: 2, vs: { type: 'Legend' }, text: '+2 against Legends.' },
        {
          kind: 'trigger',
          on: ['RIVAL_TOUCHED_GIGS'],
          ops: [{ op: 'fromAmong', v: 'trash', optional: true }],
          text: 'Recover a card.',
        },
      ],
    },
    'misty-olszewski-mender-of-broken-spirits': {
      facts: ['Misty Olszewski', 'Mender of Broken Spirits', 'U', 'B', 3, 0, 2, false, ['MYSTIC'], []],
      text: 'Cannot attack. End of your turn: name a card type and reveal your top card; a match goes to hand and readies 1 Eddie, otherwise it is trashed.',
      abilities: [
        { kind: 'static', mod: 'cantAttack', text: 'Cannot attack.' },
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [{ op: 'custom', run: misty }],
          text: 'End of turn: guess the top card.',
        },
      ],
    },
    'yorinobu-arasaka-steel-dragon': {
      facts: ['Yorinobu Arasaka', 'Steel Dragon', 'U', 'R', 7, 9, 3, false, ['ARASAKA', 'CORPO'], []],
      text: 'PLAY: you may play a Unit with cost 4 or less from hand or trash for free; it may attack rival Units this turn. The first time an ARASAKA Unit is defeated each turn, draw 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            {
              op: 'playFree',
              from: ['hand', 'trash'],
              type: 'Unit',
              maxCost: 4,
              optional: true,
              grantAttackUnits: true,
            },
          ],
          text: 'PLAY: free Unit.',
        },
        {
          kind: 'trigger',
          on: ['UNIT_DEFEATED'],
          when: { c: 'firstArasakaDefeat' },
          ops: [{ op: 'once' }, draw(1)],
          text: 'First ARASAKA defeat each turn: draw.',
        },
      ],
    },
    'lizzy-wizzy-delicate-weapon': {
      facts: ['Lizzy Wizzy', 'Delicate Weapon', 'U', 'B', 5, 2, 2, false, ['ROCKER'], ['BLOCKER']],
      text: 'BLOCKER. PLAY: you may play a Program with cost 3 or less from hand or trash for free, then bottom-deck it.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [{ op: 'playFree', from: ['hand', 'trash'], type: 'Program', maxCost: 3, optional: true, bottom: true }],
          text: 'PLAY: free Program.',
        },
      ],
    },
    'viktor-vektor-you-might-feel-a-little-pinch': {
      facts: ['Viktor Vektor', 'You Might Feel a Little Pinch', 'U', 'Y', 3, 3, 2, false, ['RIPPERDOC'], []],
      text: 'PLAY: play a CYBERWARE Gear with cost 2 or less from your trash for free, equipped to another friendly Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            {
              op: 'playFree',
              from: ['trash'],
              type: 'Gear',
              tag: 'CYBERWARE',
              maxCost: 2,
              optional: false,
              otherUnitOnly: true,
            },
          ],
          text: 'PLAY: free Gear from trash.',
        },
      ],
    },
    'judy-alvarez-nothing-to-doubt': {
      facts: ['Judy Álvarez', 'Nothing to Doubt', 'U', 'B', 6, 6, 5, false, ['GANGER', 'MOX', 'TECHIE'], []],
      text: '1 €$, spend: reveal your top card; you may play it for free, otherwise add it to your hand.',
      abilities: [
        {
          kind: 'activated',
          eddies: 1,
          spend: true,
          quick: false,
          ops: [
            { op: 'playFree', from: ['top'], type: 'any', maxCost: 99, optional: true, as: 'played' },
            { op: 'custom', run: topToHand, if: { c: 'not', of: { c: 'varSet', v: 'played' } } },
          ],
          text: 'Play the top card free or take it.',
        },
      ],
    },
    'alt-cunningham-mother-of-daemons': {
      facts: ['Alt Cunningham', 'Mother of Daemons', 'U', 'Y', 7, 8, 3, false, ['MERC', 'NETRUNNER'], []],
      text: 'When a friendly equipped Unit or Legend is spent, draw 1. When a rival Unit would steal a Gig, you may discard a card whose cost equals its value; then that Gig is not stolen.',
      abilities: [
        { kind: 'trigger', on: ['FRIENDLY_EQUIPPED_SPENT'], ops: [draw(1)], text: 'Equipped spent: draw.' },
        { kind: 'static', mod: 'altPreventSteal', text: 'Discard to keep a Gig.' },
      ],
    },
  }
}

// The code of the cards above that the vocabulary cannot say (run by their `custom` operations).

/** Wraith Marauders — ready the chosen Unit */
function readyVar(c: Ctx, f: Frame): boolean {
  const t = f.vars['target']
  const fu = typeof t === 'number' ? findUnit(c.s, t) : null
  if (fu) readyUnit(c.s, fu[1])
  return true
}

/** Sandayu Oda: spend a rival Unit for each friendly value-pair */
function sandayu(c: Ctx, f: Frame): boolean {
  const s = c.s
  if (f.vars['_count'] === undefined) {
    const cnt = new Map<number, number>()
    for (const v of friendlyGigValues(s, f.seat)) cnt.set(v, (cnt.get(v) ?? 0) + 1)
    let n = 0
    for (const k of cnt.values()) n += Math.floor(k / 2)
    f.vars['_count'] = n
  }
  let n = f.vars['_count'] as number
  while (n > 0) {
    const opts = s.players[1 - f.seat]!.field.filter(u => !u.spent).map(u => u.uid)
    const r = ask(c, f, f.seat, opts, 'spend a rival Unit')
    if (r.wait) {
      f.vars['_count'] = n
      return false
    }
    if (typeof r.val !== 'number') break
    spendUnit(c, 1 - f.seat, findUnit(s, r.val)![1])
    n--
  }
  delete f.vars['_count']
  return true
}

/**
 * Misty Olszewski: choose a card type, reveal the top card; a match goes to hand and readies 1 Eddie, else it is
 * trashed
 */
function misty(c: Ctx, f: Frame): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  if (me.deck.length === 0) return true
  const r = ask(c, f, f.seat, ['Unit', 'Gear', 'Program'], 'choose a card type')
  if (r.wait) return false
  const u = popDeck(me)!
  c.ev.push({ type: 'reveal', seat: f.seat, card: s.cards[u], named: r.val })
  if (def(s, u).type === r.val) {
    append(me, 'hand', u)
    me.eddiesSpent = Math.max(0, me.eddiesSpent - 1)
  } else append(me, 'trash', u)
  return true
}

/** Judy Álvarez: Nothing to Doubt — the top card not played goes to the hand */
function topToHand(c: Ctx, f: Frame): boolean {
  const me = c.s.players[f.seat]!
  const u = popDeck(me)
  if (u !== undefined) {
    append(me, 'hand', u)
    c.ev.push({ type: 'reveal', seat: f.seat, card: c.s.cards[u], to: 'hand' })
  }
  return true
}
