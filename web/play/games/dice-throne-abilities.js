// Marvel Dice Throne's ability board: a hero's abilities and defences at their levels, each with the dice it needs,
// the abilities the offensive dice on the table meet marked, as on the hero's printed board.
import { html } from '../lib.js'
import { t } from '../words.js'
import { wideScreen } from '../parts.js'

const ROMAN = ['I', 'II', 'III', 'IV']
/** A level as the printed boards write it (I, II, III). */
export const roman = level => ROMAN[level - 1] ?? String(level)

/** How many consecutive values each straight needs. */
const STRAIGHT_LENGTH = { small: 4, large: 5 }

/**
 * Whether dice (values 1–6) meet a combination: enough dice showing each symbol on the hero's faces, or a straight of
 * consecutive values. @param {string[]} faces the symbol of each value, 1 first @param {number[]} dice
 * @param {{ sym?: Record<string, number>, straight?: 'small' | 'large' }} req
 */
function meets(faces, dice, req) {
  if (req.straight) {
    const run = STRAIGHT_LENGTH[req.straight]
    const values = new Set(dice)
    for (let low = 1; low + run - 1 <= 6; low++) {
      if (Array.from({ length: run }, (_, k) => low + k).every(v => values.has(v))) return true
    }
    return false
  }
  const needs = Object.entries(req.sym ?? {})
  return needs.length > 0 && needs.every(([sym, n]) => dice.filter(d => faces[d - 1] === sym).length >= n)
}

/** The values showing each symbol, in the order of the faces: "1–3 hex · 4 chaos · 5 magic · 6 scarlet". */
function faceLegend(faces) {
  const bySymbol = new Map()
  faces.forEach((sym, i) => bySymbol.set(sym, [...(bySymbol.get(sym) ?? []), i + 1]))
  return [...bySymbol]
    .map(([sym, values]) => {
      const consecutive = values.at(-1) - values[0] === values.length - 1
      const span = values.length > 1 && consecutive ? `${values[0]}–${values.at(-1)}` : values.join(', ')
      return `${span} ${sym}`
    })
    .join(' · ')
}

/** A combination as dice faces: each symbol as many times as it is needed, or the straight by name. */
function Combination({ req }) {
  if (req.straight)
    return html`<span class="combo"><span class="face">${t(`dt.straight.${req.straight}`)}</span></span>`
  const faces = Object.entries(req.sym ?? {}).flatMap(([sym, n]) => Array.from({ length: n }, () => sym))
  return html`<span class="combo printed">${faces.map(sym => html`<span class="face">${sym}</span>`)}</span>`
}

/**
 * One hero's abilities and defences, each at the player's level; folded at first on a phone unless it is the viewer's
 * own hero. @param {{ hero: import('../parts.js').CardInfo, levels: Record<string, number>, dice: number[] | null,
 * selected: { ability: string, variant: number } | null, own: boolean }} p `dice`: the offensive dice on the table
 * when they are this hero's; `selected`: the ability this hero chose
 */
export function AbilityBoard({ hero, levels, dice, selected, own }) {
  const data = hero.data
  if (!data?.abilities) return null
  const levelOf = (id, printed) => Math.min(levels[id] ?? 1, printed)
  return html`<details class="abilities" open=${own || wideScreen()}>
    <summary>${t('dt.abilities')}</summary>
    <p class="faces">${t('dt.faces')}: <span class="printed">${faceLegend(data.faces)}</span></p>
    <ul class="ability-list">
      ${data.abilities.map(a => {
        const level = levelOf(a.id, a.levels.length)
        return html`<li class="ability" data-ability=${a.id} data-level=${level}>
          <${AbilityHead} name=${a.name} level=${t('dt.levelN', { level: roman(level) })} />
          <ul class="variants">
            ${a.levels[level - 1].map((v, i) => {
              const met = dice !== null && meets(data.faces, dice, v.req)
              const chosen = selected?.ability === a.id && selected.variant === i
              return html`<li
                class=${`variant${met ? ' met' : ''}${chosen ? ' chosen' : ''}`}
                data-variant=${i}
                data-met=${met}
              >
                <${Combination} req=${v.req} />
                <span class="printed">${v.name !== a.name ? `${v.name}: ` : ''}${v.text}</span>
                ${chosen ? html` <span class="badge">${t('dt.chosenMark')}</span>` : met ? html` <span class="badge met">${t('dt.metMark')}</span>` : null}
              </li>`
            })}
          </ul>
        </li>`
      })}
      ${data.defences.map(d => {
        const level = levelOf(d.id, d.levels.length)
        const printed = d.levels[level - 1]
        return html`<li class="ability defence" data-ability=${d.id} data-level=${level}>
          <${AbilityHead} name=${d.name} level=${t('dt.defenceLevel', { level: roman(level) })} />
          <ul class="variants">
            <li class="variant">
              <span class="combo"><span class="face">${t('dt.rollsDice', { n: printed.dice })}</span></span>
              <span class="printed">${printed.text}</span>
            </li>
          </ul>
        </li>`
      })}
    </ul>
  </details>`
}

/** An ability's printed name and the level it is at, in words. */
function AbilityHead({ name, level }) {
  return html`<div class="ability-head">
    <strong class="printed">${name}</strong>
    <span class="level">${level}</span>
  </div>`
}
