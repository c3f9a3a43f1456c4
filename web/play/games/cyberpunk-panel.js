// Cyberpunk TCG's choices card first: the card picked on the board lists its choices, each once whatever the ways to
// pay for it; a choice with several ways to pay offers them next, by what each spends.
import { html, useEffect, useMemo, useRef, useState } from '../lib.js'
import { t } from '../words.js'
import { choicesByCard } from './cyberpunk-choices.js'
import { share, useShared } from './cyberpunk-selection.js'

/**
 * The panel above the full list (which stays, folded by kind). @param {{ view: any, actions: import(
 * './cyberpunk-choices.js').Listed[], busy: boolean, onPick(action: { id: string }): void }} p
 */
export function CardChoices({ view, actions, busy, onPick }) {
  const byCard = useMemo(() => choicesByCard(actions, view), [actions, view])
  const { selected } = useShared()
  const [paying, setPaying] = useState(/** @type {string | null} */ (null))
  const panel = useRef(/** @type {HTMLElement | null} */ (null))

  useEffect(() => share({ counts: new Map([...byCard].map(([card, choices]) => [card, choices.length])) }), [byCard])
  // The panel is redrawn at every new version: a card picked at an older one has other choices now.
  useEffect(() => () => share({ counts: new Map(), selected: null }), [])
  useEffect(() => setPaying(null), [selected?.key])
  // A card picked on the board, or a choice opened, moves the focus here: keyboard users go on from the panel.
  useEffect(() => {
    if (selected) panel.current?.focus({ preventScroll: true })
  }, [selected?.key, paying])

  const close = () => {
    share({ selected: null })
    // back to the card on the board, where the seat came from
    document.querySelector(`.pick[data-pick="${CSS.escape(selected.key)}"]`)?.focus()
  }

  if (!byCard.size) return null
  const choices = selected ? byCard.get(selected.key) : undefined
  if (!selected || !choices) return html`<p class="note">${t('cp.pickCard', { n: byCard.size })}</p>`
  const choice = choices.find(c => c.key === paying)
  const title = choice ? t('cp.payFor', { action: choice.label }) : t('cp.choicesFor', { card: selected.name })
  // a choice paid in one way is taken at once; one paid in several opens them
  const choose = c => (c.ways.length === 1 ? onPick(c.ways[0].listed) : setPaying(c.key))
  const buttons = choice
    ? choice.ways.map(way => html`<${Way} way=${way} busy=${busy} onPick=${onPick} />`)
    : choices.map(c => html`<${Choice} choice=${c} busy=${busy} onChoose=${choose} />`)
  return html`<div class="card-choices" role="group" aria-label=${title} tabindex="-1" ref=${panel}>
    <p><strong>${title}</strong></p>
    <div class="buttons">
      ${buttons}
      ${
        choice
          ? html`<button type="button" class="back" onClick=${() => setPaying(null)}>${t('cp.back')}</button>`
          : html`<button type="button" class="close" onClick=${close}>${t('cp.close')}</button>`
      }
    </div>
  </div>`
}

/**
 * One choice on the card: the listed action's id when it is paid in one way only, how many ways otherwise.
 * @param {{ choice: import('./cyberpunk-choices.js').Choice, busy: boolean, onChoose(choice: any): void }} p
 */
function Choice({ choice, busy, onChoose }) {
  const ways = choice.ways.length
  return html`<button
    type="button"
    class="choice"
    data-action-id=${ways === 1 ? choice.ways[0].listed.id : undefined}
    data-ways=${ways}
    disabled=${busy}
    onClick=${() => onChoose(choice)}
  >
    ${choice.label}${ways > 1 ? html` <span class="count">· ${t('cp.waysToPay', { n: ways })}</span>` : null}
  </button>`
}

/** One way to pay for a choice, named by what it spends: it takes that listed action. */
function Way({ way, busy, onPick }) {
  return html`<button
    type="button"
    class="pay"
    data-action-id=${way.listed.id}
    disabled=${busy}
    onClick=${() => onPick(way.listed)}
  >
    ${way.spends}
  </button>`
}
