// Labels for people (issue 13): printed names, seat names, 1-based dice with faces, and no card a viewer cannot see.
import { describe, it, expect } from 'vitest'
import { redactEvent, type GameEvent } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, start, edit, act, rolling, passWhile, setHand, inMain, lastEvents, toMain1, toAct } from './helpers.ts'

const names = ['Ann', 'Bob', 'Cy', 'Di']
const asAnn = { names, viewer: 0 }

describe('describeAction', () => {
  it('DT-GAP-2 dice are named by 1-based position with their faces', () => {
    const s = rolling(start(['thor', 'loki']), 0, [2, 5, 3, 1, 6])
    expect(E.describeAction(s, { type: 'roll', dice: [1, 3] }, asAnn)).toBe('Reroll dice 2 and 4 (showing 5 and 1)')
    expect(E.describeAction(s, { type: 'roll', dice: [0] }, asAnn)).toBe('Reroll die 1 (showing 2)')
    expect(E.describeAction(s, { type: 'roll', dice: [0, 1, 4] })).toBe('Reroll dice 1, 2 and 5 (showing 2, 5 and 6)')
  })
  it('DT-5.1 cards by printed name with their cost; dice set by position; abilities by printed name', () => {
    let s = rolling(start(['thor', 'loki']), 0, [2, 5, 3, 1, 6])
    s = setHand(s, 0, ['he-is-worthy', 'six-it'], 5)
    expect(E.describeAction(s, { type: 'play', card: 'he-is-worthy', die: 0, value: 4 }, asAnn)).toBe(
      'Play He Is Worthy! (1 CP): set die 1 (showing 2) to 4',
    )
    expect(E.describeAction(s, { type: 'play', card: 'six-it', die: 2 }, asAnn)).toBe(
      'Play Six-It! (1 CP): set die 3 (showing 3) to 6',
    )
    expect(E.describeAction(s, { type: 'select', ability: 'hammered', variant: 0 }, asAnn)).toMatch(
      /^Activate Hammered \(/,
    )
    expect(E.describeAction(s, { type: 'noAttack' }, asAnn)).toBe('Activate no ability')
    const m = setHand(inMain(s, 0), 0, ['getting-paid', 'hammered-iii'], 5)
    expect(E.describeAction(m, { type: 'sell', card: 'getting-paid' }, asAnn)).toBe('Sell Getting Paid! for 1 CP')
    expect(E.describeAction(m, { type: 'play', card: 'getting-paid' }, asAnn)).toBe('Play Getting Paid! (free)')
    expect(E.describeAction(m, { type: 'play', card: 'hammered-iii' }, asAnn)).toBe('Play Hammered III (2 CP)')
    expect(E.describeAction(m, { type: 'end' }, asAnn)).toBe('End Main Phase 1 and go to the Offensive Roll Phase')
  })
  it('DT-13.12 targets are seat names; the default name is "Seat N", 1-based', () => {
    let s = setHand(inMain(start(['thor', 'loki', 'spider-man'], { mode: 'free-for-all' }), 0), 0, ['six-it'])
    expect(E.describeAction(s, { type: 'mjolnir', discard: 'six-it', target: 2 }, asAnn)).toBe(
      'Discard Six-It! to throw Mjölnir at Cy',
    )
    expect(E.describeAction(s, { type: 'mjolnir', discard: 'six-it', target: 2 })).toBe(
      'Discard Six-It! to throw Mjölnir at Seat 3',
    )
    s = edit(s, x => (x.p[1]!.st['crackle'] = 1))
    expect(
      E.describeAction(s, { type: 'play', card: 'transference', from: 1, status: 'crackle', target: 2 }, asAnn),
    ).toBe('Play Transference! (2 CP): move 1 Crackle from Bob to Cy')
  })
  it('DT-13.20 DT-13.21 the face-down Illusion order is in the label only for the seat laying the cards', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 3])
    s = edit(s, x => (x.p[1]!.st['illusion'] = 1))
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'spend', status: 'illusion' })
    const arrange = { type: 'arrange' as const, order: ['none', 'all', 'half'], suggest: 1 }
    expect(E.describeAction(s, arrange)).toBe('Lay the Illusion cards face down as None, All, Half and suggest card 2')
    for (const viewer of [0, null]) {
      const label = E.describeAction(s, arrange, { names, viewer })
      expect(label).toBe('Lay the Illusion cards face down and suggest card 2')
      expect(label).not.toMatch(/None|All|Half/)
    }
  })
  it('DT-4.4 DT-5.3 passing says what it lets happen, in every window', () => {
    const s = start(['spider-man', 'loki'])
    const pass = (step: DTState['step'], kind: 'pre' | 'def' | 'then' | 'inc' | 'phase') =>
      E.describeAction(
        edit(s, x => {
          x.step = step
          x.win = { kind, seats: [1, 0], index: 0 }
        }),
        { type: 'pass' },
        asAnn,
      )
    expect(pass('then', 'then')).toBe('Pass: let the “Then” effects resolve')
    expect(pass('pre', 'pre')).toBe('Pass: let the ability activate')
    expect(pass('def', 'def')).toBe('Pass: let the attack resolve')
    expect(pass('inc', 'inc')).toBe('Pass: let the incoming damage land')
    expect(pass('main1End', 'phase')).toBe('Pass: let the Main Phase end')
  })
  it('DT-11.4 DT-15.1 over random games of every mode every listed action has a label without braces or quotes', () => {
    const setups: [string[], Record<string, unknown>][] = [
      [['thor', 'spider-man'], {}],
      [['loki', 'scarlet-witch', 'thor', 'spider-man'], { mode: '2v2' }],
      [['scarlet-witch', 'loki', 'spider-man'], { mode: 'free-for-all' }],
    ]
    for (const [heroes, opts] of setups) {
      randomPlayout(
        E,
        heroes.map(hero => ({ hero })),
        opts,
        `all-labels-${heroes.length}`,
        {
          onStep: ({ before, seat }) => {
            for (const a of E.legalActions(before as DTState, seat))
              expect(E.describeAction(before as DTState, a, { names, viewer: seat })).toMatch(/^[^{}"]{4,}$/)
          },
        },
      )
    }
  })
  it('DT-3.1 over random games no label for another viewer names a card that is not in its views before or after', () => {
    const heroes = ['loki', 'scarlet-witch', 'thor']
    const named = [...Object.values(E.cards())].filter(c => c.type !== 'hero' && c.type !== 'status')
    for (let g = 0; g < 3; g++) {
      randomPlayout(
        E,
        heroes.map(hero => ({ hero })),
        { mode: 'free-for-all' },
        `labels-${g}`,
        {
          maxSteps: 800,
          onStep: ({ before, after, seat, action }) => {
            for (const viewer of [null, 0, 1, 2]) {
              if (viewer === seat) continue
              const label = E.describeAction(before as DTState, action as never, { names, viewer })
              expect(label).not.toMatch(/[{}"]|undefined/)
              const seen =
                JSON.stringify(E.view(before as DTState, viewer)) + JSON.stringify(E.view(after as DTState, viewer))
              // a name inside a longer one ("Hex Bolt II" in "Hex Bolt III") is that longer card
              for (const c of named) {
                if (
                  label.includes(c.name) &&
                  !named.some(o => o !== c && o.name.includes(c.name) && label.includes(o.name))
                )
                  expect(seen, label).toContain(`"${c.id}"`)
              }
            }
          },
        },
      )
    }
  })
})

describe('describeEvent', () => {
  it('DT-3.5 a draw names the cards only for the drawer; others read a count', () => {
    let s = toMain1(start(['thor', 'loki'], {}, 'draw'))
    const f = s.first
    s = act(s, f, { type: 'end' })
    while (s.step !== 'rolling') s = act(s, 1 - f, { type: 'pass' })
    s = passWhile(act(s, f, { type: 'noAttack' }), z => z.step !== 'rollEnd')
    let r = E.apply(s, f, { type: 'end' })
    // the other player may answer the end of Main Phase 2; then the Discard Phase ends the turn
    while (!r.events.some(e => e.type === 'draw'))
      r =
        r.state.step === 'discard'
          ? E.apply(r.state, f, { type: 'end' })
          : E.apply(r.state, toAct(r.state), { type: 'pass' })
    const drawn = r.events.find(e => e.type === 'draw' && e['seat'] === 1 - f)!
    const card = (drawn['secret'] as { cards: string[] }).cards[0]!
    const mine = E.describeEvent!(redactEvent(drawn, 1 - f), { names, viewer: 1 - f })!
    expect(mine).toBe(`${names[1 - f]} draws ${E.cards().find(c => c.id === card)!.name}`)
    for (const viewer of [f, null])
      expect(E.describeEvent!(redactEvent(drawn, viewer), { names, viewer })).toBe(`${names[1 - f]} draws 1 card`)
  })
  it('every event of random 2v2 games reads as a line with names, no ids and no raw JSON', () => {
    const cardIds = E.cards()
      .filter(c => c.id.includes('-'))
      .map(c => c.id)
    const seen = new Set<string>()
    randomPlayout(
      E,
      ['spider-man', 'loki', 'thor', 'scarlet-witch'].map(hero => ({ hero })),
      { mode: '2v2' },
      'event-lines',
      {
        onStep: ({ events }) => {
          for (const e of events as GameEvent[]) {
            for (const viewer of [null, 0]) {
              const line = E.describeEvent!(redactEvent(e, viewer), { names, viewer })
              if (line === null) continue
              seen.add(e.type)
              expect(line).not.toMatch(/[{}"]|undefined|NaN|Seat \d/)
              for (const id of cardIds) expect(line, line).not.toContain(id)
            }
          }
        },
      },
    )
    expect(seen.size).toBeGreaterThan(15)
  })
  it('DT-13.20 the Illusion order is in the transcript only for Loki', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 3])
    s = edit(s, x => (x.p[1]!.st['illusion'] = 1))
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'spend', status: 'illusion' })
    act(s, 1, { type: 'arrange', order: ['none', 'all', 'half'] })
    const ev = lastEvents.find(e => e.type === 'illusionArranged')!
    expect(E.describeEvent!(redactEvent(ev, 1), { names, viewer: 1 })).toBe(
      'Bob lays the Illusion cards face down: none, all, half',
    )
    expect(E.describeEvent!(redactEvent(ev, 0), { names, viewer: 0 })).toBe('Bob lays the Illusion cards face down')
  })

  it('end reasons in words (issue 30): the last side standing, a draw and a resignation, in en, tr and pt-BR', () => {
    const say = (reason: string, lang?: 'tr' | 'pt-BR') =>
      E.describeEndReason!(reason, { names: ['Ann', 'Bob'], viewer: null, lang })
    expect(['last-standing', 'draw', 'Seat 2 resigned'].map(r => say(r))).toEqual([
      'the last side standing wins',
      'everybody was defeated at once (draw)',
      'Bob resigned',
    ])
    expect(say('Seat 1 resigned', 'tr')).toBe('Ann çekildi')
    expect(say('last-standing', 'pt-BR')).toBe('o último lado de pé vence')
  })
})
