// Pieces every game's board uses: cards by printed name and text, face-down cards, zones, counters.
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

/**
 * A named zone of cards; shows "empty" when it has none. @param {{ title: string, children?: any, count?: number }} p
 */
export function Zone({ title, children, count }) {
  const items = [children].flat(4).filter(c => c !== null && c !== undefined && c !== false)
  return html`<div class="zone">
    <h4>${title}${count !== undefined ? html` <span class="count">(${count})</span>` : null}</h4>
    <div class="cards">${items.length ? items : html`<span class="empty">${t('empty')}</span>`}</div>
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
