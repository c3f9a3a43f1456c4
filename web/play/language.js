// The page's language: the one picked on the page (remembered in the browser), else the browser's
// (navigator.languages), else English; <html lang> follows it.
import { html } from './lib.js'
import { t } from './words.js'

/** The service's languages, each by the name its speakers use. */
export const LANGUAGES = [
  ['en', 'English'],
  ['tr', 'Türkçe'],
  ['pt-BR', 'Português (Brasil)'],
]
const KEY = 'arbiter.language'

/** A browser language tag as the service maps it (tr-* → tr, pt-* → pt-BR, en-* → en), or null for another. */
function fromTag(tag) {
  const primary = String(tag).toLowerCase().split('-')[0]
  return primary === 'tr' ? 'tr' : primary === 'pt' ? 'pt-BR' : primary === 'en' ? 'en' : null
}

/** The first of the browser's languages the service speaks, in the browser's order. */
export function browserLanguage(tags = navigator.languages ?? [navigator.language]) {
  for (const tag of tags) {
    const found = fromTag(tag)
    if (found) return found
  }
  return null
}

/** The language the page speaks and asks the API in. */
export function pageLanguage() {
  let stored = null
  try {
    stored = localStorage.getItem(KEY)
  } catch {
    // storage refused (private mode): the browser's languages decide
  }
  return LANGUAGES.some(([code]) => code === stored) ? stored : (browserLanguage() ?? 'en')
}

document.documentElement.lang = pageLanguage()

/**
 * The language picker: the choice is remembered and the page reloads in it (labels, transcript and errors come from
 * the API in it). Its globe is drawn: Debian's Chromium fonts have no globe character.
 */
export function LanguagePicker() {
  const pick = e => {
    try {
      localStorage.setItem(KEY, e.target.value)
    } catch {
      // not remembered: this page load only
    }
    location.reload()
  }
  return html`<label class="language"
    ><svg class="globe" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
      <circle cx="8" cy="8" r="7" />
      <ellipse cx="8" cy="8" rx="3" ry="7" />
      <path d="M1 8h14M2.5 4.5h11M2.5 11.5h11" />
    </svg>
    <select aria-label=${t('language')} onChange=${pick}>
      ${LANGUAGES.map(([code, name]) => html`<option value=${code} lang=${code} selected=${code === pageLanguage()}>${name}</option>`)}
    </select></label
  >`
}
