// The page's own sentences in the page's language, from the catalogues in words/ (labels, transcript and errors come
// from the API in the same language).
import { pageLanguage } from './language.js'
import en from './words/en.js'
import tr from './words/tr.js'
import ptBR from './words/pt-BR.js'

/** Each language's catalogue: key -> sentence, `{name}` marking where a value goes. */
export const CATALOGUES = { en, tr, 'pt-BR': ptBR }

/** The sentence `key` in the page's language with its `{…}` places filled from `values`. */
export function t(key, values = {}) {
  const sentence = CATALOGUES[pageLanguage()]?.[key] ?? en[key] ?? key
  return sentence.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''))
}

/** Names joined as the language joins a list: "Ann and Bob", "Ann, Bob and Cy". */
export function joinNames(names) {
  return new Intl.ListFormat(pageLanguage(), { type: 'conjunction' }).format(names)
}
