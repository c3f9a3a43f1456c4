// Languages: the catalogues are complete in every language, messages format (ICU plurals), Accept-Language and codes
// resolve as the contract maps them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMessage, languageCode, LANGUAGES, type Catalogue, type Language } from '../../src/kernel/index.ts'
import { CN_MESSAGES } from '../../src/games/cyber-net-cards/messages/index.ts'
import { CP_MESSAGES } from '../../src/games/cyberpunk-tcg/messages/index.ts'
import { DT_MESSAGES } from '../../src/games/dice-throne-marvel/messages/index.ts'
import { SERVICE_MESSAGES } from '../../src/service/messages/index.ts'
import { acceptedLanguage } from '../../src/service/language.ts'

/** Every set of catalogues, one catalogue per language each. */
const CATALOGUES: Record<string, Readonly<Record<Language, Catalogue>>> = {
  'cyber-net-cards': CN_MESSAGES,
  'cyberpunk-tcg': CP_MESSAGES,
  'dice-throne-marvel': DT_MESSAGES,
  service: SERVICE_MESSAGES,
}

/** The keys some language has that `lang` lacks. */
function missingKeys(byLanguage: Readonly<Record<Language, Catalogue>>, lang: Language): string[] {
  const keys = new Set(LANGUAGES.flatMap(l => Object.keys(byLanguage[l])))
  return [...keys].filter(k => !(k in byLanguage[lang]))
}

/** The argument names a message uses ({name} and {name, plural, …}). */
const argumentsOf = (text: string) =>
  new Set([...text.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{\s*([A-Za-z0-9]+)\s*[,}]/g)].map(m => m[1]))

describe('catalogues', () => {
  for (const [set, byLanguage] of Object.entries(CATALOGUES)) {
    it(`${set}: every key of every language is in every other, with the same arguments, and formats`, () => {
      for (const lang of LANGUAGES) {
        expect(missingKeys(byLanguage, lang), `${set} keys missing in ${lang}`).toEqual([])
        for (const key of Object.keys(byLanguage.en)) {
          const text = byLanguage[lang][key]!
          expect([...argumentsOf(text)].sort(), `${set} ${lang} ${key}`).toEqual(
            [...argumentsOf(byLanguage.en[key]!)].sort(),
          )
          const values = Object.fromEntries([...argumentsOf(text)].map(name => [name, 2]))
          expect(formatMessage(text, values, lang)).not.toMatch(/[{}#]/)
        }
      }
    })
  }

  it('the check finds a key missing in one language, and one only the translation has', () => {
    const broken = { en: { a: 'A', b: 'B' }, tr: { a: 'A' }, 'pt-BR': { a: 'A', b: 'B', c: 'C' } }
    expect(LANGUAGES.map(l => missingKeys(broken, l))).toEqual([['c'], ['b', 'c'], []])
  })
})

describe('formatMessage', () => {
  it('fills arguments and chooses plural forms by the language, # being the number', () => {
    const cards = '{n, plural, =0 {no card} one {# card} other {# cards}}'
    expect([0, 1, 2].map(n => formatMessage(cards, { n }, 'en'))).toEqual(['no card', '1 card', '2 cards'])
    expect(formatMessage('{n, plural, one {# carta} other {# cartas}} de {who}', { n: 1, who: 'Ann' }, 'pt-BR')).toBe(
      '1 carta de Ann',
    )
    expect(formatMessage('{n, plural, other {# kart}}', { n: 5 }, 'tr')).toBe('5 kart')
  })

  it('refuses a message whose argument is not given', () => {
    expect(() => formatMessage('{who} passes', {}, 'en')).toThrow(/needs a value/)
  })
})

describe('language codes', () => {
  it('are compared case-insensitively; anything else is no language', () => {
    expect(['EN', 'tr', 'Pt-br', 'pt-BR'].map(languageCode)).toEqual(['en', 'tr', 'pt-BR', 'pt-BR'])
    expect(['pt', 'de', '', 'en-US'].map(languageCode)).toEqual([null, null, null, null])
  })

  it('Accept-Language: RFC 4647 lookup with q-values, tr/pt/en by primary subtag, other tags skipped', () => {
    expect(acceptedLanguage('tr-TR,tr;q=0.9,en;q=0.8')).toBe('tr')
    expect(acceptedLanguage('pt-PT')).toBe('pt-BR')
    expect(acceptedLanguage('pt')).toBe('pt-BR')
    expect(acceptedLanguage('de-DE, fr;q=0.9, en-GB;q=0.5, tr;q=0.4')).toBe('en')
    expect(acceptedLanguage('en;q=0.3, pt-BR;q=0.7')).toBe('pt-BR')
    expect(acceptedLanguage('tr;q=0, en')).toBe('en')
    expect(acceptedLanguage('de, fr, *')).toBeNull()
    expect(acceptedLanguage(undefined)).toBeNull()
  })

  it('Accept-Language never throws, and answers one of the languages or null', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), header => {
        const found = acceptedLanguage(header)
        expect(found === null || LANGUAGES.includes(found)).toBe(true)
      }),
    )
  })
})
