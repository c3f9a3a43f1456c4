// Pieces every game's board uses: cards by printed name and text, face-down cards, zones and folded piles, counters.
import { html } from './lib.js'
import { t } from './words.js'

/**
 * @typedef {{ id: string, name: string, type: string, text: string, data?: any }} CardInfo @typedef {{ card(id:
 * string): CardInfo, seatName(seat: number): string, you: number | null, toAct: number[] }} BoardContext
 */

/**
 * A face-up card: its printed name, type and text. @param {{ id: string, ctx: BoardContext, note?: string, dim?:
 * boolean }} p
 */
export function Card({ id, ctx, note, dim }) {
  const c = ctx.card(id)
  return html`<div class=${`card${dim ? ' dim' : ''}`} data-card=${id}>
    <div class="card-name">${c.name}</div>
    <div class="card-type">${c.type}${note ? html` · <span class="card-note">${note}</span>` : null}</div>
    ${c.text ? html`<div class="card-text">${c.text}</div>` : null}
  </div>`
}

/** Cards nobody (or not this viewer) may see: only how many. @param {{ count: number, label?: string }} p */
export function FaceDown({ count, label = t('faceDown') }) {
  if (count <= 0) return null
  return html`<div class="card back" data-hidden=${count}><div class="card-name">${count} ${label}</div></div>`
}

/** A pile longer than this is folded on a narrow screen, its count in view. */
const FOLD_ABOVE = 6
/** Whether the screen is wide enough for the seats to stand side by side (style.css breaks at the same width). */
export const wideScreen = () => matchMedia('(min-width: 880px)').matches

/**
 * A named zone of cards; shows "empty" when it has none. A `pile` (a discard, a trash, a Void) of more than FOLD_ABOVE
 * cards is folded under its title and count, open at first only on a wide screen.
 * @param {{ title: string, children?: any, count?: number, pile?: boolean }} p
 */
export function Zone({ title, children, count, pile }) {
  const items = [children].flat(4).filter(c => c !== null && c !== undefined && c !== false)
  const cards = html`<div class="cards">${items.length ? items : html`<span class="empty">${t('empty')}</span>`}</div>`
  if (pile && items.length > FOLD_ABOVE)
    return html`<details class="zone pile" open=${wideScreen()}>
      <summary>
        <h4>${title} <span class="count">(${count ?? items.length})</span></h4>
      </summary>
      ${cards}
    </details>`
  return html`<div class="zone">
    <h4>${title}${count !== undefined ? html` <span class="count">(${count})</span>` : null}</h4>
    ${cards}
  </div>`
}

/** A row of labelled figures (health, CP, mana…). @param {{ items: [string, any][] }} p */
export function Stats({ items }) {
  return html`<dl class="stats">
    ${items.map(
      ([k, v]) =>
        html`<div>
          <dt>${k}</dt>
          <dd>${v}</dd>
        </div>`,
    )}
  </dl>`
}

/** One seat's panel: its name, whether it is the viewer, and its contents. */
export function SeatPanel({ seat, ctx, active, children }) {
  const you = ctx.you === seat
  return html`<section class=${`seat${active ? ' to-act' : ''}${you ? ' you' : ''}`} data-seat=${seat}>
    <h3>
      ${ctx.seatName(seat)}${you ? ` (${t('you')})` : ''}${active ? html` <span class="badge">${t('toAct')}</span>` : null}
    </h3>
    ${children}
  </section>`
}

/** A die with its face. @param {{ face: number | string, size?: number, title?: string }} p */
export function Die({ face, size, title }) {
  return html`<span class="die" title=${title ?? (size ? `d${size}` : t('die'))}
    >${size ? html`<small>d${size}</small> ` : null}${face}</span
  >`
}
