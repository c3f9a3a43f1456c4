// Welcome to Night City, the Gear and Programs beyond the starters: each card's printed facts, its behaviour in the
// effect vocabulary (effects.ts) and any code of its own.
import {
  cred,
  credGreater,
  type Ctx,
  def,
  drawCards,
  faceUpLegendCount,
  findUnit,
  unitPower,
  withoutAt,
} from '../core.ts'
import { startUnitEffect, unitHas } from '../continuous.ts'
import { ask } from '../interpreter/conditions.ts'
import { defeatUnits } from '../defeat.ts'
import type { CardEntry } from '../cards.ts'
import type { Frame } from '../state.ts'
import { draw } from './draw.ts'

/**
 * The set's cards by id: a function (hoisted), so the catalogue can be built while this module's imports still load.
 */
export function nightCityGearPrograms(): Record<string, CardEntry> {
  return {
    'bonnie-and-clyde': {
      facts: ['Bonnie and Clyde', null, 'P', 'R', 3, null, 3, true, ['BRAINDANCE'], []],
      text: 'Program: defeat a rival Unit with power 4 or less; a second one if the rival has 2+ more Gigs.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival', maxPower: 4 }, as: 'target' },
            { op: 'defeat', v: 'target' },
            {
              op: 'chooseUnit',
              filter: { side: 'rival', maxPower: 4 },
              as: 'unit',
              optional: true,
              if: { c: 'rivalMoreGigsBy', n: 2 },
            },
            { op: 'defeat', v: 'unit' },
          ],
          text: 'Defeat 1 (maybe 2) small rival Units.',
        },
      ],
    },
    detonate: {
      facts: ['Detonate', null, 'P', 'R', 1, null, 2, true, ['QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: defeat a rival Gear with power 2 or less.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseGear', side: 'rival', maxPower: 2, as: 'gear' },
            { op: 'defeat', v: 'gear' },
          ],
          text: 'Defeat a small rival Gear.',
        },
      ],
    },
    'netwatch-netdriver': {
      facts: ['NetWatch Netdriver', null, 'G', 'B', 3, 2, 2, true, ['CYBERWARE', 'NETRUNNER', 'NETWATCH'], []],
      text: 'Gear. Host gains: when spent, draw 1.',
      abilities: [{ kind: 'trigger', on: ['SPENT'], inherit: true, ops: [draw(1)], text: 'When spent: draw 1.' }],
    },
    'trust-no-one': {
      facts: ['Trust No One', null, 'P', 'B', 1, null, 1, true, ['BRAINDANCE'], []],
      text: 'Program: decrease a Gig by up to 3, then draw 1 if you control a min Gig.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'gig', mode: 'decrease', upTo: 3, side: 'any' }, draw(1, { c: 'hasMinGig' })],
          text: 'Lower a Gig; maybe draw.',
        },
      ],
    },
    'wild-in-the-streets': {
      facts: ['Wild in the Streets', null, 'P', 'G', 5, null, 4, true, ['GANGER'], []],
      text: 'Program: defeat a spent Unit.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'any', spent: true }, as: 'target' },
            { op: 'defeat', v: 'target' },
          ],
          text: 'Defeat a spent Unit.',
        },
      ],
    },
    'riot-shield': {
      facts: ['Riot Shield', null, 'G', 'G', 2, 1, 2, true, ['WEAPON'], ['BLOCKER']],
      text: 'Gear. Host gains BLOCKER. Rivals pay 2 €$ more for GO SOLO.',
      abilities: [{ kind: 'static', mod: 'rivalGoSoloCost', n: 2, text: 'Rivals pay +2 for GO SOLO.' }],
    },
    'adrenaline-converter': {
      facts: ['Adrenaline Converter', null, 'G', 'Y', 2, 3, 4, true, ['CYBERWARE', 'MEDTECH'], []],
      text: 'Gear. Host has ADRENALINE while a rival controls 2+ more Gigs than you.',
      abilities: [
        {
          kind: 'static',
          mod: 'adrenaline',
          inherit: true,
          while: { c: 'rivalMoreGigsBy', n: 2 },
          text: 'ADRENALINE when behind by 2+ Gigs.',
        },
      ],
    },
    'chrome-reverie': {
      facts: ['Chrome Reverie', null, 'P', 'B', 3, null, 1, true, ['BRAINDANCE'], []],
      text: 'Program: a rival Unit cannot attack until your next turn; with a min Gig you may Call a Legend for free.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'unitEffect', v: 'target', effect: 'cantAttack' },
            { op: 'callFree', optional: true, if: { c: 'hasMinGig' } },
          ],
          text: 'Pin a rival Unit; maybe Call.',
        },
      ],
    },
    'take-control': {
      facts: ['Take Control', null, 'P', 'G', 2, null, 2, true, ['QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: a rival Unit steals 1 fewer Gig this turn; draw 1 if it is an AI, DRONE or VEHICLE.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'unitEffect', v: 'target', effect: 'stealFewer', n: 1 },
            { op: 'custom', run: drawIfMachine },
          ],
          text: 'Rival steals 1 fewer.',
        },
      ],
    },
    'synapse-burnout': {
      facts: ['Synapse Burnout', null, 'P', 'G', 1, null, 1, true, ['QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: a friendly Unit gets +1 power per friendly face-up Legend while fighting rival Units this turn.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target' },
            { op: 'custom', run: synapse },
          ],
          text: 'Fight bonus per face-up Legend.',
        },
      ],
    },
    'safety-override': {
      facts: ['Safety Override', null, 'P', 'Y', 2, null, 3, true, ['QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: the next time a friendly Unit loses a fight this turn, defeat the opposing rival Unit.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'playerEffect', effect: 'defeatOpponentOnNextLoss' }],
          text: 'Losing a fight takes the winner too.',
        },
        // the delayed effect, pending when that friendly Unit loses (CR 9.18); `subject` is the opposing rival Unit
        { kind: 'delayed', ops: [{ op: 'defeat', v: 'subject' }], text: 'Defeat the opposing rival Unit.' },
      ],
    },
    'pyramid-song': {
      facts: ['Pyramid Song', null, 'P', 'B', 3, null, 3, true, ['BRAINDANCE'], []],
      text: 'Program: choose one (both if a friendly d4 is a min Gig): a rival Unit gets -5 power this turn // bottom-deck a rival Unit with power 0.',
      abilities: [
        {
          kind: 'program',
          ops: [
            {
              op: 'mode',
              labels: ['-5 power to a rival Unit', 'bottom-deck a 0-power rival Unit'],
              bothIf: { c: 'friendlyD4Min' },
            },
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target', if: { c: 'mode', n: 0 } },
            { op: 'power', v: 'target', n: -5 },
            { op: 'chooseUnit', filter: { side: 'rival', maxPower: 0 }, as: 'unit', if: { c: 'mode', n: 1 } },
            { op: 'bottomDeck', v: 'unit' },
          ],
          text: '-5 or bottom-deck.',
        },
      ],
    },
    towerfall: {
      facts: ['Towerfall', null, 'P', 'B', 6, null, 4, true, ['BRAINDANCE'], []],
      text: 'Program: choose one (both if your Street Cred is lower): all rival Units -5 power this turn // bottom-deck all rival Units with power 0.',
      abilities: [
        {
          kind: 'program',
          ops: [
            {
              op: 'mode',
              labels: ['all rival Units -5', 'bottom-deck rival 0-power Units'],
              bothIf: { c: 'credLessThanRival' },
            },
            { op: 'powerAll', side: 'rival', n: -5, if: { c: 'mode', n: 0 } },
            { op: 'bottomDeckAll', side: 'rival', maxPower: 0, if: { c: 'mode', n: 1 } },
          ],
          text: 'Mass -5 or mass bottom-deck.',
        },
      ],
    },
    'les-elemens': {
      facts: ['Les Élémens', null, 'P', 'B', 5, null, 4, true, ['CORPO'], []],
      text: "Program: bottom-deck the rival's lowest-power Unit.",
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival', lowest: true }, as: 'target' },
            { op: 'bottomDeck', v: 'target' },
          ],
          text: 'Bottom-deck the weakest rival Unit.',
        },
      ],
    },
    'unlikely-bond': {
      facts: ['Unlikely Bond', null, 'P', 'B', 4, null, 2, true, ['MAELSTROM', 'MOX'], []],
      text: 'Program: bottom-deck a ready friendly Unit; if you do, bottom-deck a spent rival Unit.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly', ready: true }, as: 'ownUnit' },
            { op: 'bottomDeck', v: 'ownUnit' },
            {
              op: 'chooseUnit',
              filter: { side: 'rival', spent: true },
              as: 'rivalUnit',
              if: { c: 'varSet', v: 'ownUnit' },
            },
            { op: 'bottomDeck', v: 'rivalUnit' },
          ],
          text: 'Trade Units to the bottom.',
        },
      ],
    },
    'live-with-the-aftermath': {
      facts: ['Live with the Aftermath', null, 'P', 'Y', 3, null, 3, true, ['PLAN'], []],
      text: 'Program: each player defeats one of their own Units (turn player chooses first).',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'ownUnit' },
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'rivalUnit', by: 'rival' },
            { op: 'custom', run: defeatAB },
          ],
          text: 'Each player defeats a Unit.',
        },
      ],
    },
    'dont-fear-the-reaper': {
      facts: ["(Don't Fear) The Reaper", null, 'P', 'G', 7, null, 3, true, ['SAMURAI'], []],
      text: 'Program: spend all rival Units, then defeat a spent Unit.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'spendAll', side: 'rival' },
            { op: 'chooseUnit', filter: { side: 'any', spent: true }, as: 'target' },
            { op: 'defeat', v: 'target' },
          ],
          text: 'Spend all, defeat one.',
        },
      ],
    },
    'all-is-lost': {
      facts: ['All is Lost', null, 'P', 'R', 1, null, 2, true, ['ZETATECH'], []],
      text: 'Program: trash your top 3, then add a Unit from among them to your hand.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'mill', n: 3, as: 'milled' },
            { op: 'fromAmong', v: 'milled', type: 'Unit' },
          ],
          text: 'Mill 3, keep a Unit.',
        },
      ],
    },
    'three-mouths-one-desire': {
      facts: ['Three Mouths, One Desire', null, 'P', 'B', 2, null, 3, true, ['BRAINDANCE', 'DOLL'], []],
      text: 'Program: search your top 3, add 1 card (1 more per friendly min Gig) to your hand; the rest to the bottom.',
      abilities: [
        { kind: 'program', ops: [{ op: 'search', n: 3, take: 1, perMinGig: true, hidden: true }], text: 'Dig 3.' },
      ],
    },
    'peace-offering': {
      facts: ['Peace Offering', null, 'P', 'G', 1, null, 1, true, ['BRAINDANCE'], []],
      text: 'Program: you may set a Gig to the value of another Gig; then draw 1 if you control a value-pair.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'setGig', cross: false, optional: true }, draw(1, { c: 'valuePair' })],
          text: 'Copy a Gig value; maybe draw.',
        },
      ],
    },
    'zetatech-berserk': {
      facts: ['Zetatech Berserk', null, 'G', 'G', 6, 3, 2, true, ['CYBERWARE', 'ZETATECH'], []],
      costPer: { per: 'faceUpLegend', min: 1 },
      abilities: [],
      text: 'Gear costing 1 €$ less per friendly face-up Legend (minimum 1).',
    },
    'carnage-at-the-colosseum': {
      facts: ['Carnage at the Colosseum', null, 'P', 'R', 6, null, 3, true, ['BRAINDANCE', 'EXTREME'], []],
      costPer: { per: 'gig8', min: 1 },
      text: 'Program, 1 €$ less per friendly Gig of 8+ (minimum 1): defeat a rival Unit with less power than a friendly Unit.',
      abilities: [{ kind: 'program', ops: [{ op: 'custom', run: carnage }], text: 'Defeat a weaker rival Unit.' }],
    },
    'deadman-transmitter': {
      facts: ['Deadman Transmitter', null, 'G', 'R', 3, 1, 3, true, ['CYBERWARE', 'TRAUMA TEAM'], []],
      text: 'Gear. If the host would be defeated, this Gear is defeated instead (replacement).',
      abilities: [{ kind: 'static', mod: 'deadmanReplace', inherit: true, text: 'Dies for its host.' }],
    },
    cyberpsychosis: {
      facts: ['Cyberpsychosis', null, 'P', 'Y', 3, null, 2, true, ['QUICKHACK'], ['QUICK']],
      text: 'QUICK Program: an equipped Unit gets +3 power per equipped Gear this turn; if it steals or fights, it is defeated at the end of the turn.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'any', equipped: true }, as: 'target' },
            { op: 'psycho', v: 'target' },
          ],
          text: 'Big pump with a price.',
        },
        // "defeat it at the end of this turn": an end-of-turn effect of the Program's controller, ordered with the
        // others (CP-8.39, CP-10.32)
        {
          kind: 'delayed',
          ops: [{ op: 'custom', run: psyDefeat }],
          text: 'End of this turn: defeat it if it stole or fought.',
        },
      ],
    },
    'fool-on-the-hill': {
      facts: ['Fool on the Hill', null, 'P', 'G', 2, null, 3, true, ['MERC'], []],
      text: 'Program: reveal your top 2; the rival chooses whether they go to your hand or your trash; if trashed, draw 2.',
      abilities: [
        { kind: 'program', ops: [{ op: 'custom', run: fool }], text: 'Rival picks: 2 cards or trash and draw 2.' },
      ],
    },
    'bootleg-black-sapphire-show': {
      facts: ['Bootleg Black Sapphire Show', null, 'P', 'Y', 5, null, 4, true, ['BRAINDANCE'], []],
      text: 'Program: sell the top card of your deck; draw 2 if you control an even and an odd Gig.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'sellTop' }, draw(2, { c: 'evenAndOddGigs' })],
          text: 'Sell from the deck; maybe draw 2.',
        },
      ],
    },
    'gorilla-arms': {
      facts: ['Gorilla Arms', null, 'G', 'Y', 4, 3, 3, true, ['CYBERWARE'], []],
      text: 'Gear. The first time the host steals Gigs each turn, it also steals a rival Gig whose value no friendly Gig shares.',
      // var `thief` of a STEAL_EVENT is 1 for the Unit's first steal of the turn (counted also before this Gear was
      // equipped)
      abilities: [
        {
          kind: 'trigger',
          on: ['STEAL_EVENT'],
          inherit: true,
          when: { c: 'varIs', v: 'thief', n: 1 },
          ops: [{ op: 'stealExtra', distinctValue: true }],
          text: 'Extra steal once a turn.',
        },
      ],
    },
    'appetite-for-destruction': {
      facts: ['Appetite for Destruction', null, 'P', 'R', 3, null, 4, true, ['GANGER'], []],
      text: 'Program: the next time a friendly Unit wins a fight by 3+ power this turn, it also steals a Gig.',
      abilities: [
        { kind: 'program', ops: [{ op: 'playerEffect', effect: 'stealOnBigWin' }], text: 'Big wins steal.' },
        { kind: 'delayed', ops: [{ op: 'stealExtra' }], text: 'The winner steals a Gig.' },
      ],
    },
    'nocturne-op55-n1': {
      facts: ['Nocturne OP55 N1', null, 'P', 'B', 3, null, 2, true, ['ARASAKA', 'PLAN'], []],
      altCost: { if: { c: 'fixerEmpty' }, cost: 1 },
      text: 'Program (1 €$ with an empty fixer area): choose: draw 2 // a Unit cannot attack until your next turn // your GO SOLO costs 2 less this turn (minimum 1).',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'mode', labels: ['draw 2', 'a Unit cannot attack until your next turn', 'GO SOLO -2 this turn'] },
            draw(2, { c: 'mode', n: 0 }),
            { op: 'chooseUnit', filter: { side: 'any' }, as: 'target', if: { c: 'mode', n: 1 } },
            { op: 'unitEffect', v: 'target', effect: 'cantAttack' },
            { op: 'playerEffect', effect: 'goSoloDiscount', if: { c: 'mode', n: 2 } },
          ],
          text: 'Flexible plan.',
        },
      ],
    },
    'we-gotta-live-together': {
      facts: ['We Gotta Live Together', null, 'P', 'G', 5, null, 2, true, ['ALDECALDO', 'NOMAD'], []],
      altCost: { if: { c: 'rivalMoreGigsBy', n: 2 }, cost: 3 },
      text: 'Program (3 €$ when the rival has 2+ more Gigs): play up to 2 Units with cost 3 or less from your trash for free.',
      abilities: [
        {
          kind: 'program',
          ops: [{ op: 'playFree', from: ['trash'], type: 'Unit', maxCost: 3, optional: true, n: 2 }],
          text: 'Revive 2 cheap Units.',
        },
      ],
    },
    'overwatch-panams-gift': {
      facts: ['Overwatch', "Panam's Gift", 'G', 'G', 4, 4, 4, true, ['WEAPON'], ['QUICK']],
      text: "Gear. Host gains: QUICK 1 €$, spend: discard 1, then defeat a spent rival Unit whose cost is at most the discarded card's.",
      abilities: [
        {
          kind: 'activated',
          eddies: 1,
          spend: true,
          quick: true,
          inherit: true,
          ops: [
            { op: 'discard', n: 1, as: 'discardCount' },
            {
              op: 'chooseUnit',
              filter: { side: 'rival', spent: true, maxCostVar: 'discardedCost' },
              as: 'target',
              if: { c: 'varSet', v: 'discardCount' },
            },
            { op: 'defeat', v: 'target' },
          ],
          text: 'QUICK: discard to defeat a spent rival Unit.',
        },
      ],
    },
    'the-heist': {
      facts: ['The Heist', null, 'P', 'Y', 2, null, 2, true, ['MERC'], []],
      text: 'Program: trash your top 4, add a Gear from among them to your hand; if its cost equals a friendly Gig value you may play it for free instead.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'mill', n: 4, as: 'milled' },
            { op: 'fromAmong', v: 'milled', type: 'Gear', as: 'gear' },
            {
              op: 'playFree',
              from: ['hand'],
              type: 'Gear',
              maxCost: 99,
              optional: true,
              onlyVar: 'gear',
              if: { c: 'varCostEqualsFriendlyGig', v: 'gear' },
            },
          ],
          text: 'Dig a Gear; maybe play it free.',
        },
      ],
    },
    'the-relic-experimental-biochip': {
      facts: ['The Relic', 'Experimental Biochip', 'G', 'Y', 5, 3, 4, true, ['ARASAKA', 'CYBERWARE'], []],
      text: 'Gear. Host gains: DEFEATED: play another Unit with cost 9 or less from your trash for free, then bottom-deck this Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['DEFEATED'],
          inherit: true,
          ops: [
            { op: 'playFree', from: ['trash'], type: 'Unit', maxCost: 9, optional: false, notSrc: true },
            { op: 'custom', run: bottomSelfFromTrash },
          ],
          text: 'DEFEATED: revive another Unit.',
        },
      ],
    },
    'gunpoint-diplomacy': {
      facts: ['Gunpoint Diplomacy', null, 'P', 'R', 4, null, 3, true, ['GANGER', 'PLAN'], []],
      text: 'Program: a friendly Unit gets both: its next attack this turn may target ready Units // +3 power this turn. Behind on Street Cred, the rival picks one of them instead.',
      abilities: [
        {
          kind: 'program',
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target' },
            { op: 'custom', run: gunpoint },
          ],
          text: 'Pump and reach.',
        },
      ],
    },
  }
}

// The code of the cards above that the vocabulary cannot say (run by their `custom` operations).

/** Take Control — draw 1 if the chosen Unit is an AI, DRONE or VEHICLE */
function drawIfMachine(c: Ctx, f: Frame): boolean {
  const t = f.vars['target']
  if (typeof t === 'number' && def(c.s, t).tags.some(x => x === 'AI' || x === 'DRONE' || x === 'VEHICLE'))
    drawCards(c, f.seat, 1)
  return true
}

/** Synapse Burnout — the chosen Unit gets +1 power per friendly face-up Legend while fighting this turn */
function synapse(c: Ctx, f: Frame): boolean {
  const t = f.vars['target']
  const fu = typeof t === 'number' ? findUnit(c.s, t) : null
  const n = faceUpLegendCount(c.s, f.seat)
  if (fu) startUnitEffect(c.s, 'fightBonus', f.seat, fu[0], fu[1], n)
  return true
}

/** Live with the Aftermath — defeat both chosen Units together */
function defeatAB(c: Ctx, f: Frame): boolean {
  const list: [number, number][] = []
  for (const k of ['ownUnit', 'rivalUnit']) {
    const t = f.vars[k]
    const fu = typeof t === 'number' ? findUnit(c.s, t) : null
    if (fu) list.push([fu[0], fu[1].uid])
  }
  defeatUnits(c, list)
  return true
}

/** Carnage at the Colosseum: defeat a rival Unit with less power than a friendly Unit */
function carnage(c: Ctx, f: Frame): boolean {
  const s = c.s
  let best = -1
  for (const u of s.players[f.seat]!.field) best = Math.max(best, unitPower(s, f.seat, u))
  const opts = s.players[1 - f.seat]!.field.filter(u => unitPower(s, 1 - f.seat, u) < best).map(u => u.uid)
  const r = ask(c, f, f.seat, opts, 'defeat a rival Unit')
  if (r.wait) return false
  if (typeof r.val === 'number') defeatUnits(c, [[1 - f.seat, r.val]])
  return true
}

/** Cyberpsychosis: at the end of this turn, defeat that Unit if it stole or fought after Cyberpsychosis resolved */
function psyDefeat(c: Ctx, f: Frame): boolean {
  const fu = findUnit(c.s, f.source)
  if (fu && unitHas(c.s, 'cyberpsychosisHit', fu[1].uid)) defeatUnits(c, [[fu[0], fu[1].uid]])
  return true
}

/** Fool on the Hill: reveal the top 2; the rival chooses hand or trash; trashed means draw 2 */
function fool(c: Ctx, f: Frame): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  const top = me.deck.slice(-2)
  if (top.length === 0) return true
  const r = ask(
    c,
    f,
    1 - f.seat,
    ['hand', 'trash'],
    'should the revealed cards go to hand or trash?',
    top.map(u => s.cards[u]!),
  )
  if (r.wait) {
    s.prompt!.revealed = true // revealed: every viewer sees them while the rival decides
    return false
  }
  me.deck = me.deck.slice(0, me.deck.length - top.length)
  c.ev.push({ type: 'reveal', seat: f.seat, cards: top.map(u => s.cards[u]), to: r.val })
  if (r.val === 'hand') me.hand = [...me.hand, ...top]
  else {
    me.trash = [...me.trash, ...top]
    drawCards(c, f.seat, 2)
  }
  return true
}

/** The Relic: bottom-deck the host Unit from the trash */
function bottomSelfFromTrash(c: Ctx, f: Frame): boolean {
  const me = c.s.players[c.s.owner[f.source]!]!
  const i = me.trash.indexOf(f.source)
  if (i >= 0) {
    me.trash = withoutAt(me.trash, i)
    me.deck = [f.source, ...me.deck]
  }
  return true
}

/** Gunpoint Diplomacy: both effects, or (behind on Street Cred) one chosen by the rival */
function gunpoint(c: Ctx, f: Frame): boolean {
  const s = c.s
  const t = f.vars['target']
  const fu = typeof t === 'number' ? findUnit(s, t) : null
  if (!fu) return true
  let mode = -1
  if (credGreater(cred(s, 1 - f.seat), cred(s, f.seat))) {
    const r = ask(c, f, 1 - f.seat, [0, 1], 'choose one: attack ready Units next attack / +3 power')
    if (r.wait) return false
    mode = r.val as number
  }
  if (mode !== 1) startUnitEffect(s, 'mayAttackReadyUnits', f.seat, fu[0], fu[1])
  if (mode !== 0) fu[1].powerThisTurn += 3
  return true
}
