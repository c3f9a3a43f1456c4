// Cyberpunk TCG deck legality: starter decks, RAM limits, Legends, deck size, copies, names, card facts and behaviour.
import { describe, expect, it } from 'vitest'
import { E, HEIST, EBP } from './helpers.ts'
import { behaviourSchema } from '../../../src/games/cyberpunk-tcg/cards.ts'
import { cardSets } from '../../../src/games/cyberpunk-tcg/behaviours/index.ts'

const codes = (d: unknown) => E.validateDeck(E.schemas.deck.parse(d)).violations.map(v => v.code)

describe('cyberpunk-tcg deck legality', () => {
  it('CR 7.3 both official starter decks are legal (sampleDecks)', () => {
    expect(E.sampleDecks()).toHaveLength(2)
    for (const d of E.sampleDecks()) expect(E.validateDeck(d.deck)).toMatchObject({ legal: true, violations: [] })
  })

  it('CP-6.7 CP-6.8 RAM limits are the sum of the Legends per colour (Goro/Saburo/Yorinobu: 2 Red, 4 Green, 0 Blue, 0 Yellow)', () => {
    const r = E.validateDeck(EBP)
    expect((r.summary as { ramLimits: unknown }).ramLimits).toEqual({ Red: 2, Green: 4, Blue: 0, Yellow: 0 })
    const h = E.validateDeck(HEIST)
    expect((h.summary as { ramLimits: unknown; ramUsed: unknown }).ramLimits).toEqual({
      Red: 0,
      Green: 0,
      Blue: 4,
      Yellow: 2,
    })
    expect((h.summary as { ramUsed: unknown }).ramUsed).toEqual({ Red: 0, Green: 0, Blue: 3, Yellow: 2 })
  })

  it('CP-6.9 CP-6.6 a card above the RAM limit of its colour is a violation naming the card', () => {
    const d = { ...EBP, main: [...EBP.main.slice(1), { card: 'psycho-squad', count: 2 }] } // Blue with 0 Blue RAM
    const r = E.validateDeck(d)
    const v = r.violations.find(x => x.code === 'RAM_LIMIT')!
    expect(v).toMatchObject({ rule: 'CP-6.9', cards: ['psycho-squad'] })
    expect(r.legal).toBe(false)
  })

  it('CR 7.3.1 exactly 3 Legends with different names', () => {
    expect(codes({ legends: EBP.legends.slice(0, 2), main: EBP.main })).toContain('LEGEND_COUNT')
    const dup = {
      legends: [
        'Goro Takemura: Hands Unclean',
        'Goro Takemura: Vengeful Bodyguard',
        'Saburo Arasaka: Stubborn Patriarch',
      ],
      main: EBP.main,
    }
    const r = E.validateDeck(dup)
    expect(r.violations.find(v => v.code === 'DUPLICATE_LEGEND_NAME')?.cards).toEqual([
      'goro-takemura-hands-unclean',
      'goro-takemura-vengeful-bodyguard',
    ])
    expect(codes({ legends: ['psycho-squad', ...EBP.legends.slice(1)], main: EBP.main })).toContain('NOT_A_LEGEND')
  })

  it('CR 7.3.2 main deck 40-50 cards', () => {
    expect(codes({ ...EBP, main: EBP.main.slice(1) })).toContain('MAIN_DECK_SIZE')
    const big = {
      ...EBP,
      main: [...EBP.main, { card: 'mantis-blades', count: 0 + 1 }, { card: 'emergency-atlus', count: 1 }],
    }
    expect(codes(big)).toContain('TOO_MANY_COPIES')
    const fifty = {
      ...EBP,
      main: [
        ...EBP.main,
        { card: 'Industrial Assembly', count: 1 },
        { card: 'Field Operator', count: 1 },
        { card: 'Minotaur', count: 1 },
        { card: 'Chrome Fang', count: 1 },
        { card: 'MaxTac AV', count: 1 },
        { card: 'Over the Edge', count: 1 },
        { card: 'Shattered Memories', count: 1 },
        { card: 'Swordwise Huscle', count: 1 },
        { card: 'Emergency Atlus', count: 1 },
        { card: 'Goro Takemura: Losing His Way', count: 1 },
      ],
    }
    expect(codes(fifty)).toEqual([])
    const fiftyOne = { ...fifty, main: [...fifty.main, { card: 'Arasaka Emergency Radioport', count: 1 }] }
    expect(codes(fiftyOne)).toEqual(['MAIN_DECK_SIZE'])
  })

  it('CR 7.3.3 CP-2.10 at most 3 copies per name+subtitle; same name, different subtitle are different cards', () => {
    const r = E.validateDeck({ ...EBP, main: [...EBP.main.slice(0, -1), { card: 'corporate-surveillance', count: 4 }] })
    expect(r.violations.find(v => v.code === 'TOO_MANY_COPIES')).toMatchObject({
      rule: 'CR 7.3.3',
      cards: ['corporate-surveillance'],
    })
  })

  it('CP-7.7 a Legend in the main deck is flagged; unknown cards are flagged; names resolve like ids', () => {
    expect(codes({ ...EBP, main: [...EBP.main.slice(1), { card: 'V: Streetkid', count: 2 }] })).toContain(
      'LEGEND_IN_MAIN_DECK',
    )
    expect(codes({ ...EBP, main: [...EBP.main.slice(1), { card: 'No Such Card', count: 2 }] })).toContain(
      'UNKNOWN_CARD',
    )
    expect(
      E.validateDeck({
        ...HEIST,
        legends: ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'],
      }).legal,
    ).toBe(true)
  })

  it('CP-10.1 every known card has behaviour; cards without published facts are UNKNOWN_CARD (never a crash)', () => {
    expect(E.cards().every(c => (c.data as { implemented: boolean }).implemented)).toBe(true)
    const r = E.validateDeck({
      ...EBP,
      main: [...EBP.main.slice(1), { card: 'Rebecca: Having a Moment', count: 1 }, { card: 'chrome-fang', count: 1 }],
    })
    expect(r.violations.find(v => v.code === 'UNKNOWN_CARD')?.cards).toEqual(['Rebecca: Having a Moment'])
    expect(r.legal).toBe(false)
  })

  it('CP-2.6 CP-2.7 names: "&" gives three names, the subtitle is not part of the name', () => {
    const v = E.cards().find(c => c.id === 'v-corporate-exile')!
    expect((v.data as { names: string[] }).names).toEqual(['V'])
    expect(v.name).toBe('V: Corporate Exile')
  })

  it('CP-3.5 CP-4.1 card facts: blank costs, sell tags, tags and keywords carry over', () => {
    const by = new Map(E.cards().map(c => [c.id, c.data as Record<string, unknown>]))
    expect(by.get('saburo-arasaka-stubborn-patriarch')).toMatchObject({
      cost: null,
      ram: 2,
      color: 'Green',
      sellTag: true,
    })
    expect(by.get('goro-takemura-hands-unclean')).toMatchObject({
      cost: 5,
      power: 7,
      keywords: ['GO SOLO', 'BLOCKER'],
      tags: ['ARASAKA', 'CORPO'],
    })
    expect(by.get('mt0d12-flathead')).toMatchObject({ sellTag: true })
    expect(E.cards().length).toBe(148)
    for (const c of E.cards()) expect((c.data as { tags: string[] }).tags.length).toBeGreaterThan(0) // CP-4.4
  })

  it('CP-10.1 card behaviour is data in the effect vocabulary, validated by zod (unknown operations are rejected)', () => {
    for (const b of Object.values(cardSets())) expect(behaviourSchema.safeParse(b).success).toBe(true)
    expect(
      behaviourSchema.safeParse({ text: 'x', abilities: [{ kind: 'program', text: 'x', ops: [{ op: 'explode' }] }] })
        .success,
    ).toBe(false)
    expect(
      behaviourSchema.safeParse({
        text: 'x',
        abilities: [{ kind: 'trigger', on: ['NEVER'], text: 'x', ops: [{ op: 'draw', n: 1 }] }],
      }).success,
    ).toBe(false)
  })
})
