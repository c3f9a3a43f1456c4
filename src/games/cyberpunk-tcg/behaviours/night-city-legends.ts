// Welcome to Night City, the Legends beyond the starters: each card's printed facts, its behaviour in the effect
// vocabulary (effects.ts) and any code of its own.
import {
  append,
  type Ctx,
  def,
  drawCards,
  findUnit,
  programPlayed,
  readyUnit,
  rng,
  setDie,
  triggerSources,
  withoutAt,
} from '../core.ts'
import { ask, askHidden } from '../interpreter/conditions.ts'
import { canPay, pay, paySets, playCost } from '../payment.ts'
import type { CardEntry } from '../cards.ts'
import { cardIn } from '../homebrew.ts'
import type { Frame, LegendSlot } from '../state.ts'
import { draw } from './draw.ts'

/**
 * The set's cards by id: a function (hoisted), so the catalogue can be built while this module's imports still load.
 */
export function nightCityLegends(): Record<string, CardEntry> {
  return {
    'adam-smasher-ender-of-legends': {
      facts: ['Adam Smasher', 'Ender of Legends', 'L', 'R', 9, 9, 2, true, ['ARASAKA', 'MERC'], ['GO SOLO']],
      text: 'GO SOLO Legend. PLAY: defeat a rival Unit.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'defeat', v: 'target' },
          ],
          text: 'PLAY: defeat a rival Unit.',
        },
      ],
    },
    'dexter-deshawn-off-the-grid': {
      facts: ['Dexter DeShawn', 'Off the Grid', 'L', 'R', null, null, 2, true, ['FIXER'], []],
      text: 'CALL: choose +2 power this turn for a friendly Unit, or draw 1. Spend: increase a Gig by up to 2.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [
            { op: 'mode', labels: ['+2 power to a friendly Unit', 'draw 1'] },
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target', if: { c: 'mode', n: 0 } },
            { op: 'power', v: 'target', n: 2 },
            draw(1, { c: 'mode', n: 1 }),
          ],
          text: 'CALL: +2 or draw.',
        },
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [{ op: 'gig', mode: 'increase', upTo: 2, side: 'any' }],
          text: 'Spend: increase a Gig by up to 2.',
        },
      ],
    },
    'wakako-okada-peace-and-harmony': {
      facts: ['Wakako Okada', 'Peace and Harmony', 'L', 'B', null, null, 2, true, ['FIXER', 'TYGER CLAWS'], []],
      text: 'CALL: choose -2 power this turn for a rival Unit, or draw 1. Spend: decrease a Gig by up to 2.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [
            { op: 'mode', labels: ['-2 power to a rival Unit', 'draw 1'] },
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target', if: { c: 'mode', n: 0 } },
            { op: 'power', v: 'target', n: -2 },
            draw(1, { c: 'mode', n: 1 }),
          ],
          text: 'CALL: -2 or draw.',
        },
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [{ op: 'gig', mode: 'decrease', upTo: 2, side: 'any' }],
          text: 'Spend: decrease a Gig by up to 2.',
        },
      ],
    },
    'muamar-reyes-el-capitan': {
      facts: ['Muamar Reyes', 'El Capitán', 'L', 'Y', null, null, 2, true, ['FIXER'], []],
      text: 'CALL: choose: a friendly Unit cannot be defeated in a fight this turn, or draw 1. Spend: adjust a Gig by exactly 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [
            { op: 'mode', labels: ['a friendly Unit survives fights this turn', 'draw 1'] },
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target', if: { c: 'mode', n: 0 } },
            { op: 'unitEffect', v: 'target', effect: 'noFightDefeat' },
            draw(1, { c: 'mode', n: 1 }),
          ],
          text: 'CALL: protect or draw.',
        },
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [{ op: 'gig', mode: 'exact', upTo: 1, side: 'any' }],
          text: 'Spend: adjust a Gig by 1.',
        },
      ],
    },
    'hanako-arasaka-daughter-of-the-emperor': {
      facts: [
        'Hanako Arasaka',
        'Daughter of the Emperor',
        'L',
        'G',
        null,
        null,
        2,
        true,
        ['ARASAKA', 'CORPO', 'NETRUNNER'],
        [],
      ],
      text: 'Spend: swap a friendly Gig with a rival Gig. Start of your turn: draw 1 per friendly value-pair.',
      abilities: [
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [{ op: 'swapGig', optional: false }],
          text: 'Spend: swap Gigs.',
        },
        {
          kind: 'trigger',
          on: ['START_OF_TURN'],
          ops: [{ op: 'drawPer', per: 'valuePair' }],
          text: 'Start of turn: draw per value-pair.',
        },
      ],
    },
    'royce-psycho-on-the-edge': {
      facts: ['Royce', 'Psycho on the Edge', 'L', 'R', 6, 6, 2, true, ['GANGER', 'MAELSTROM'], ['GO SOLO']],
      text: 'GO SOLO Legend. During your turn, +2 power per equipped Gear.',
      abilities: [
        { kind: 'static', mod: 'powerPerGear', n: 2, while: { c: 'ownTurn' }, text: '+2 per Gear on your turn.' },
      ],
    },
    'sasha-yakovleva-wont-let-you-down': {
      facts: [
        'Sasha Yakovleva',
        "Won't Let You Down",
        'L',
        'B',
        5,
        0,
        2,
        true,
        ["MAINE'S CREW", 'MERC', 'NETRUNNER'],
        ['GO SOLO'],
      ],
      text: 'GO SOLO Legend. ATTACK: reveal your top card, add it to hand, gain power equal to its cost this turn. DEFEATED: the rival discards 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['ATTACK'],
          ops: [{ op: 'revealTopGain' }],
          text: 'ATTACK: top card to hand, gain its cost.',
        },
        { kind: 'trigger', on: ['DEFEATED'], ops: [{ op: 'rivalDiscard', n: 1 }], text: 'DEFEATED: rival discards 1.' },
      ],
    },
    'rogue-amendiares-preem-solo': {
      facts: ['Rogue Amendiares', 'Preem Solo', 'L', 'Y', 7, 7, 2, true, ['MERC'], ['GO SOLO']],
      text: 'GO SOLO Legend. When a friendly Legend steals a Gig: even value, draw 1; odd value, the rival discards 1.',
      abilities: [
        {
          kind: 'trigger',
          on: ['FRIENDLY_STEAL'],
          when: { c: 'thiefIsLegend' }, // "When a friendly Legend steals a Gig"
          ops: [
            draw(1, { c: 'varDieEven', v: 'subject' }),
            { op: 'rivalDiscard', n: 1, if: { c: 'varDieOdd', v: 'subject' } },
          ],
          text: 'Legend steals: draw or rival discards.',
        },
      ],
    },
    'dum-dum-maelstrom-triggerman': {
      facts: ['Dum Dum', 'Maelstrom Triggerman', 'L', 'Y', null, null, 2, true, ['GANGER', 'MAELSTROM'], ['QUICK']],
      text: 'CALL: you may defeat a friendly Gear; if you do draw 2, otherwise draw 1. QUICK 1 €$, spend: a friendly Unit gets +1 power per equipped Gear this turn.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [
            { op: 'chooseGear', side: 'friendly', as: 'gear', optional: true },
            { op: 'defeat', v: 'gear' },
            draw(2, { c: 'varSet', v: 'gear' }),
            draw(1, { c: 'not', of: { c: 'varSet', v: 'gear' } }),
          ],
          text: 'CALL: break a Gear for 2 cards, or draw 1.',
        },
        {
          kind: 'activated',
          eddies: 1,
          spend: true,
          quick: true,
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target' },
            { op: 'powerPerGear', v: 'target', n: 1 },
          ],
          text: 'QUICK: +1 per Gear.',
        },
      ],
    },
    'goro-takemura-vengeful-bodyguard': {
      facts: ['Goro Takemura', 'Vengeful Bodyguard', 'L', 'G', null, null, 2, true, ['ARASAKA', 'CORPO'], ['QUICK']],
      text: 'QUICK 1 €$, spend: a friendly Unit with cost 4 or less gains BLOCKER this turn (+1 power with a value-pair). When a friendly Unit blocks, you may discard 1 to draw 1.',
      abilities: [
        {
          kind: 'activated',
          eddies: 1,
          spend: true,
          quick: true,
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly', maxCost: 4 }, as: 'target' },
            { op: 'grant', v: 'target', what: 'blocker' },
            { op: 'power', v: 'target', n: 1, if: { c: 'valuePair' } },
          ],
          text: 'QUICK: grant BLOCKER.',
        },
        {
          kind: 'trigger',
          on: ['FRIENDLY_BLOCK'],
          ops: [
            { op: 'discard', n: 1, optional: true, as: 'discardCount' },
            draw(1, { c: 'varSet', v: 'discardCount' }),
          ],
          text: 'On block: loot.',
        },
      ],
    },
    'v-streetkid': {
      facts: ['V', 'Streetkid', 'L', 'R', 5, 6, 2, true, ['MERC'], ['GO SOLO']],
      text: 'GO SOLO Legend. CALL: trash your top 3, then add a BRAINDANCE Program from your trash to your hand.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [
            { op: 'mill', n: 3, as: 'milled' },
            { op: 'fromAmong', v: 'trash', type: 'Program', tag: 'BRAINDANCE' },
          ],
          text: 'CALL: mill 3, take a BRAINDANCE.',
        },
      ],
    },
    'padre-man-of-the-cross': {
      facts: ['Padre', 'Man of the Cross', 'L', 'G', null, null, 2, true, ['FIXER', 'GANGER', 'VALENTINO'], []],
      text: 'CALL: choose: spend a rival Unit // draw 1. Spend: set a Gig of one player to the value of a Gig of the other player.',
      abilities: [
        {
          kind: 'trigger',
          on: ['CALL'],
          ops: [
            { op: 'mode', labels: ['spend a rival Unit', 'draw 1'] },
            { op: 'chooseUnit', filter: { side: 'rival', ready: true }, as: 'target', if: { c: 'mode', n: 0 } },
            { op: 'spend', v: 'target' },
            draw(1, { c: 'mode', n: 1 }),
          ],
          text: 'CALL: spend or draw.',
        },
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [{ op: 'setGig', cross: true, optional: false }],
          text: 'Spend: copy a Gig value across.',
        },
      ],
    },
    'judy-alvarez-braindance-maestro': {
      facts: ['Judy Álvarez', 'Braindance Maestro', 'L', 'B', null, null, 2, true, ['GANGER', 'MOX', 'TECHIE'], []],
      text: 'When you play a BRAINDANCE Program, a friendly Unit gets +1 power this turn. Spend: trash your top card; if it is a Program you may add it to your hand.',
      abilities: [
        {
          kind: 'trigger',
          on: ['PLAY_BRAINDANCE'],
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target' },
            { op: 'power', v: 'target', n: 1 },
          ],
          text: 'BRAINDANCE: +1 to a Unit.',
        },
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [
            { op: 'mill', n: 1, as: 'milled' },
            { op: 'custom', run: mayTakeMilledProgram },
          ],
          text: 'Spend: mill 1, maybe keep a Program.',
        },
      ],
    },
    'evelyn-parker-beautiful-enigma': {
      facts: ['Evelyn Parker', 'Beautiful Enigma', 'L', 'B', null, null, 2, true, ['DOLL'], []],
      text: 'When a friendly CORPO or GANGER Unit steals Gigs, ready 1 Eddie. 1 €$, spend: a rival Unit must attack next turn if it can.',
      abilities: [
        {
          kind: 'trigger',
          on: ['FRIENDLY_STEAL_EVENT'],
          when: { c: 'varTag', v: 'thief', tags: ['CORPO', 'GANGER'] },
          ops: [{ op: 'readyEddies', n: 1 }],
          text: 'CORPO/GANGER steal: ready an Eddie.',
        },
        {
          kind: 'activated',
          eddies: 1,
          spend: true,
          quick: false,
          ops: [
            { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' },
            { op: 'unitEffect', v: 'target', effect: 'mustAttack' },
          ],
          text: 'Force a rival attack.',
        },
      ],
    },
    'river-ward-detective-on-the-hunt': {
      facts: ['River Ward', 'Detective on the Hunt', 'L', 'Y', null, null, 2, true, ['NCPD'], ['QUICK']],
      text: 'QUICK spend: play a Gear with cost 2 or less from your hand for free. When a friendly equipped Unit is defeated, look at your top 2 and trash 1.',
      abilities: [
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: true,
          ops: [{ op: 'playFree', from: ['hand'], type: 'Gear', maxCost: 2, optional: false }],
          text: 'QUICK: free cheap Gear.',
        },
        {
          kind: 'trigger',
          on: ['UNIT_DEFEATED'],
          when: { c: 'varIs', v: 'thief', n: 1 },
          ops: [{ op: 'custom', run: searchTrash1 }],
          text: 'Equipped Unit lost: trash 1 of top 2.',
        },
      ],
    },
    'johnny-silverhand-rocking-renegade': {
      facts: [
        'Johnny Silverhand',
        'Rocking Renegade',
        'L',
        'R',
        null,
        null,
        2,
        true,
        ['MERC', 'ROCKER', 'SAMURAI'],
        [],
      ],
      text: '2 €$ (1 less per friendly Gig of 8+, down to 0), spend: a friendly Unit may attack spent rival Units the turn it is played; a ROCKER also gets +2 power this turn.',
      abilities: [
        {
          kind: 'activated',
          eddies: 2,
          spend: true,
          quick: false,
          lessPerGig8: true,
          ops: [
            { op: 'chooseUnit', filter: { side: 'friendly' }, as: 'target' },
            { op: 'unitEffect', v: 'target', effect: 'mayAttackUnits' },
            { op: 'power', v: 'target', n: 2, if: { c: 'varTag', v: 'target', tags: ['ROCKER'] } },
          ],
          text: 'Let a new Unit attack Units.',
        },
      ],
    },
    'panam-palmer-nomad-cavalry': {
      facts: ['Panam Palmer', 'Nomad Cavalry', 'L', 'G', null, null, 2, true, ['ALDECALDO', 'MERC', 'NOMAD'], []],
      text: '2 €$, spend: move a Gear from this Legend to an unequipped friendly Unit and ready it. End of your turn: with 5+ equipped friendly Units/Legends, ready them.',
      abilities: [
        {
          kind: 'activated',
          eddies: 2,
          spend: true,
          quick: false,
          ops: [{ op: 'custom', run: panamMove }],
          text: 'Hand a Gear over.',
        },
        {
          kind: 'trigger',
          on: ['END_OF_TURN'],
          ops: [{ op: 'custom', run: panamReady }],
          text: 'End of turn: ready the equipped.',
        },
      ],
    },
    'jackie-welles-mamas-favorite': {
      facts: ['Jackie Welles', "Mama's Favorite", 'L', 'G', 6, 8, 2, true, ['MERC'], ['GO SOLO']],
      text: 'GO SOLO Legend. If a friendly Unit would be defeated, you may pay 1 €$ to defeat this Legend instead (it is removed from the game).',
      abilities: [{ kind: 'static', mod: 'jackieReplace', text: 'Optional replacement for a friendly defeat.' }],
    },
    'alt-cunningham-soulkiller-architect': {
      facts: ['Alt Cunningham', 'Soulkiller Architect', 'L', 'B', null, null, 2, true, ['MERC', 'NETRUNNER'], []],
      text: 'Spend: your next Program this turn costs 1 €$ less per friendly min Gig (minimum 1). 1 €$, spend: play a Program from your trash paying its cost, then bottom-deck it.',
      abilities: [
        {
          kind: 'activated',
          eddies: 0,
          spend: true,
          quick: false,
          ops: [{ op: 'playerEffect', effect: 'programDiscount' }],
          text: 'Spend: next Program cheaper.',
        },
        {
          kind: 'activated',
          eddies: 1,
          spend: true,
          quick: false,
          ops: [{ op: 'custom', run: altPlayFromTrash }],
          text: 'Replay a Program from the trash.',
        },
      ],
    },
    'kerry-eurodyne-axe-attitude-audience': {
      facts: ['Kerry Eurodyne', 'Axe, Attitude, Audience', 'L', 'Y', null, null, 2, true, ['ROCKER', 'SAMURAI'], []],
      text: 'When you roll a Gig in from your fixer area you may reroll it once. Whenever you roll a min or max value, draw 1 (3 on a d20).',
      abilities: [
        { kind: 'trigger', on: ['ROLL_IN'], ops: [{ op: 'custom', run: kerryReroll }], text: 'May reroll.' },
        { kind: 'trigger', on: ['ROLLED'], ops: [{ op: 'custom', run: kerryDraw }], text: 'Min/max roll: draw.' },
      ],
    },
  }
}

// The code of the cards above that the vocabulary cannot say (run by their `custom` operations).

/** Judy Álvarez: Braindance Maestro — a Program just milled may go to the hand instead */
function mayTakeMilledProgram(c: Ctx, f: Frame): boolean {
  const s = c.s
  const m = (f.vars['milled'] as number[] | undefined) ?? []
  const me = s.players[f.seat]!
  const u = m[0]
  if (u === undefined || def(s, u).type !== 'Program' || !me.trash.includes(u)) return true
  const r = ask(c, f, f.seat, ['take', 'none'], 'add the trashed Program to your hand?')
  if (r.wait) return false
  if (r.val === 'take') {
    me.trash = withoutAt(me.trash, me.trash.indexOf(u))
    append(me, 'hand', u)
  }
  return true
}

/** River Ward: look at the top 2 cards and trash 1 of them */
function searchTrash1(c: Ctx, f: Frame): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  const top = me.deck.slice(-2)
  // asked whatever the two cards are (askHidden), even two copies of one card
  const r = askHidden(
    c,
    f,
    f.seat,
    [...new Set(top.map(u => s.cards[u]!))].sort(),
    'trash one of the top 2 cards',
    top.length,
    top.map(u => s.cards[u]!),
  )
  if (r.wait) return false
  if (typeof r.val === 'string' && r.val !== 'none') {
    const i = me.deck.lastIndexOf(top.find(u => s.cards[u] === r.val)!)
    const left = me.deck.slice()
    const [u] = left.splice(i, 1)
    me.deck = left
    append(me, 'trash', u!)
    c.ev.push({ type: 'trashTop', seat: f.seat, cards: [r.val] })
  }
  return true
}

/** Panam Palmer: Nomad Cavalry — move a Gear from this Legend to an unequipped friendly Unit, then ready that Unit */
function panamMove(c: Ctx, f: Frame): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  const l = me.legends.find(x => x?.uid === f.source) ?? null
  const fu = findUnit(s, f.source)
  const holder = l ?? fu?.[1] ?? null
  const from = holder ? holder.gear : []
  const opts: unknown[] = []
  for (const g of from)
    for (const u of me.field) if (u.gear.length === 0 && u.uid !== f.source) opts.push({ gear: g, unit: u.uid })
  const r = ask(c, f, f.seat, opts, 'move a Gear to an unequipped Unit')
  if (r.wait) return false
  if (r.val && typeof r.val === 'object') {
    const { gear, unit } = r.val as { gear: number; unit: number }
    holder!.gear = from.filter(g => g !== gear)
    const t = findUnit(s, unit)![1]
    t.gear = [...t.gear, gear]
    readyUnit(s, t)
    c.ev.push({ type: 'moveGear', seat: f.seat, gear, to: unit, card: s.cards[gear], toCard: s.cards[unit] })
  }
  return true
}

/** Panam Palmer: Nomad Cavalry — end of turn: with 5+ equipped friendly Units/Legends, ready them */
function panamReady(c: Ctx, f: Frame): boolean {
  const me = c.s.players[f.seat]!
  const units = me.field.filter(u => u.gear.length)
  const legends = me.legends.filter(l => l && l.gear.length) as LegendSlot[]
  if (units.length + legends.length < 5) return true
  for (const u of units) readyUnit(c.s, u)
  for (const l of legends) l.spent = false
  return true
}

/** Alt Cunningham: Soulkiller Architect — play a Program from the trash, paying its cost; bottom-deck it afterwards */
function altPlayFromTrash(c: Ctx, f: Frame): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  const opts: unknown[] = []
  for (const id of [...new Set(me.trash.map(u => s.cards[u]!))].sort()) {
    const d = cardIn(s, id)!
    if (d.type !== 'Program' || !d.implemented || d.cost === null) continue
    const cost = playCost(s, f.seat, d)
    if (!canPay(s, f.seat, cost)) continue
    for (const ps of paySets(s, f.seat, cost)) opts.push({ card: id, pay: ps })
  }
  if (opts.length) opts.push('none')
  const r = ask(c, f, f.seat, opts, 'play a Program from your trash (paying its cost)')
  if (r.wait) return false
  if (!r.val || r.val === 'none') return true
  const { card, pay: ps } = r.val as { card: string; pay: number[] }
  const d = cardIn(s, card)!
  pay(c, f.seat, ps, playCost(s, f.seat, d))
  const u = me.trash.find(x => s.cards[x] === card)!
  me.trash = withoutAt(me.trash, me.trash.indexOf(u))
  programPlayed(s, f.seat, d)
  s.limbo = [...s.limbo, u]
  c.ev.push({ type: 'play', seat: f.seat, card, uid: u, fromTrash: true })
  if (d.tags.includes('BRAINDANCE')) triggerSources(s, f.seat, 'PLAY_BRAINDANCE')
  f.next++
  s.frames.push({
    seat: f.seat,
    card,
    ability: d.abilities.findIndex(a => a.kind === 'program'),
    source: u,
    next: 0,
    vars: { _bottom: true },
    prog: u,
  })
  return false
}

/** Kerry Eurodyne: Axe, Attitude, Audience — may reroll a Gig just rolled in from the fixer area (once) */
function kerryReroll(c: Ctx, f: Frame): boolean {
  const d = f.vars['subject']
  if (typeof d !== 'number' || !c.s.players[f.seat]!.gigs.includes(d)) return true
  const r = ask(c, f, f.seat, ['reroll', 'keep'], `reroll the d${c.s.dice[d]!.size} showing ${c.s.dice[d]!.value}?`)
  if (r.wait) return false
  if (r.val === 'reroll') {
    setDie(c.s, d, rng(c).die(c.s.dice[d]!.size))
    const die = c.s.dice[d]!
    c.ev.push({ type: 'reroll', seat: f.seat, die: d, value: die.value })
    triggerSources(c.s, f.seat, 'ROLLED', d, die.value)
  }
  return true
}

/** Kerry Eurodyne: a min or max roll draws 1 (3 on a d20) */
function kerryDraw(c: Ctx, f: Frame): boolean {
  const d = f.vars['subject']
  if (typeof d !== 'number') return true
  const die = c.s.dice[d]!
  const v = typeof f.vars['thief'] === 'number' ? (f.vars['thief'] as number) : die.value // the value rolled (LKI)
  if (v === 1 || v === die.size) drawCards(c, f.seat, die.size === 20 ? 3 : 1)
  return true
}
