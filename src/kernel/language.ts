/** The languages words are written in (en, tr, pt-BR), and the message formatter every catalogue goes through. */

/** The language codes the service speaks, the default first. */
export const LANGUAGES = ['en', 'tr', 'pt-BR'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** The language `code` names (compared case-insensitively, as the contract asks), or null when it is none of ours. */
export function languageCode(code: string): Language | null {
  const lower = code.trim().toLowerCase()
  return LANGUAGES.find(l => l.toLowerCase() === lower) ?? null
}

/** Values a message fills in: `{name}` takes the value as it is, `{n, plural, …}` chooses by the number. */
export type MessageValues = Readonly<Record<string, string | number>>

/**
 * A catalogue: message key → ICU message text (`{name}`, `{n, plural, one {# card} other {# cards}}`, `#` = the
 * number).
 */
export type Catalogue<Key extends string = string> = Readonly<Record<Key, string>>

/** Turns a key and its values into words in one language. */
export type Translate<Key extends string = string> = (key: Key, values?: MessageValues) => string

const pluralRules = new Map<Language, Intl.PluralRules>(LANGUAGES.map(l => [l, new Intl.PluralRules(l)]))

/** The index of the `}` closing the `{` at `open`, counting nested braces. */
function closing(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) return i
  }
  throw new Error(`unbalanced braces in message "${text}"`)
}

/** `one {…} other {…}` (or `=0 {…}`) → the branches by selector. */
function branches(body: string): Map<string, string> {
  const found = new Map<string, string>()
  let i = 0
  while (i < body.length) {
    const open = body.indexOf('{', i)
    if (open < 0) break
    const end = closing(body, open)
    found.set(body.slice(i, open).trim(), body.slice(open + 1, end))
    i = end + 1
  }
  return found
}

/**
 * Formats one ICU message: the plain-argument and plural subset (with `=N` exact matches and `#`), which is all our
 * catalogues use. Plural categories come from the runtime's Intl.PluralRules for the language.
 */
export function formatMessage(text: string, values: MessageValues, lang: Language, count?: number): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === '#' && count !== undefined) {
      out += String(count)
      i++
      continue
    }
    if (ch !== '{') {
      out += ch
      i++
      continue
    }
    const end = closing(text, i)
    const inner = text.slice(i + 1, end)
    const comma = inner.indexOf(',')
    if (comma < 0) {
      const name = inner.trim()
      if (!(name in values)) throw new Error(`message "${text}" needs a value for {${name}}`)
      out += String(values[name])
    } else {
      const name = inner.slice(0, comma).trim()
      const rest = inner.slice(comma + 1)
      const kindEnd = rest.indexOf(',')
      const n = Number(values[name])
      const options = branches(rest.slice(kindEnd + 1))
      const chosen = options.get(`=${n}`) ?? options.get(pluralRules.get(lang)!.select(n)) ?? options.get('other') ?? ''
      out += formatMessage(chosen, values, lang, n)
    }
    i = end + 1
  }
  return out
}

/** The translator for one language over a catalogue per language; the English text stands in for a missing key. */
export function translator<Key extends string>(
  catalogues: Readonly<Record<Language, Catalogue<Key>>>,
  lang: Language | undefined,
): Translate<Key> {
  const language = lang ?? DEFAULT_LANGUAGE
  const own = catalogues[language]
  return (key, values = {}) => formatMessage(own[key] ?? catalogues.en[key], values, language)
}
