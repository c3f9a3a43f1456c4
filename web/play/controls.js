// What a seat may do beside its listed actions: resign, offer or answer a draw or a takeback, offer a rematch, chat;
// and the confirmation dialog that guards resigning and ending early.
import { html, useEffect, useRef, useState } from './lib.js'
import { t } from './words.js'

/**
 * An in-page confirmation (role alertdialog): the question, what it means, and two buttons; Escape cancels.
 * @param {{ title: string, text: string, confirm: string, onConfirm(): void, onCancel(): void }} p
 */
export function ConfirmDialog({ title, text, confirm, onConfirm, onCancel }) {
  const cancel = useRef(/** @type {HTMLButtonElement | null} */ (null))
  // The safe answer has the focus: Enter on an unexpected dialog does not resign.
  useEffect(() => cancel.current?.focus(), [])
  return html`<div class="backdrop" onKeyDown=${e => e.key === 'Escape' && onCancel()}>
    <div
      class="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <h2 id="confirm-title">${title}</h2>
      <p id="confirm-text">${text}</p>
      <div class="buttons">
        <button type="button" ref=${cancel} onClick=${onCancel}>${t('cancel')}</button>
        <button type="button" class="danger" onClick=${onConfirm}>${confirm}</button>
      </div>
    </div>
  </div>`
}

/**
 * The seat's match controls. `run(path, body)` posts to /api/matches/{id}/{path} and shows a refusal; `ask(dialog)`
 * opens a confirmation.
 * @param {{ match: any, draws: boolean, seatName(seat: number): string, run(path: string, body?: any): Promise<any>,
 *   ask(dialog: { title: string, text: string, confirm: string, onConfirm(): void }): void,
 *   rematchToken: string | null, onRematchOffered(token: string): void }} p
 */
export function Controls({ match, draws, seatName, run, ask, rematchToken, onRematchOffered }) {
  const me = match.seat
  const lines = []
  const buttons = []
  if (match.status === 'ACTIVE') {
    buttons.push(
      html`<button
        type="button"
        class="danger"
        onClick=${() =>
          ask({
            title: t('resignTitle'),
            text: t('resignText'),
            confirm: t('resign'),
            onConfirm: () => run('resign', {}),
          })}
      >
        ${t('resign')}
      </button>`,
    )
    const offer = match.drawOffer
    if (offer && offer.seat === me) lines.push(t('drawOfferedByYou'))
    else if (offer) {
      lines.push(t('drawOfferedBy', { name: seatName(offer.seat) }))
      if (!offer.accepted.includes(me))
        buttons.push(
          html`<button type="button" onClick=${() => run('draw/answer', { accept: true })}>${t('acceptDraw')}</button>`,
          html`<button type="button" onClick=${() => run('draw/answer', { accept: false })}>${t('decline')}</button>`,
        )
    } else if (draws)
      buttons.push(html`<button type="button" onClick=${() => run('draw', {})}>${t('offerDraw')}</button>`)
    const takeback = match.takeback
    if (takeback && takeback.seat === me) {
      lines.push(t('takebackByYou', { n: takeback.toVersion }))
      buttons.push(
        html`<button type="button" onClick=${() => run('takeback/answer', { accept: false })}>
          ${t('withdraw')}
        </button>`,
      )
    } else if (takeback) {
      lines.push(t('takebackBy', { name: seatName(takeback.seat), n: takeback.toVersion }))
      if (!takeback.accepted.includes(me))
        buttons.push(
          html`<button type="button" onClick=${() => run('takeback/answer', { accept: true })}>
            ${t('acceptTakeback')}
          </button>`,
          html`<button type="button" onClick=${() => run('takeback/answer', { accept: false })}>
            ${t('decline')}
          </button>`,
        )
    } else if (match.version > 0)
      buttons.push(
        html`<button type="button" onClick=${() => run('takeback', { toVersion: match.version - 1 })}>
          ${t('askTakeback')}
        </button>`,
      )
  } else if (match.status === 'FINISHED') {
    if (match.rematch && rematchToken)
      buttons.push(
        html`<a
          class="button"
          href=${`/play/${encodeURIComponent(match.rematch)}#seat=${encodeURIComponent(rematchToken)}`}
          >${t('openRematch')}</a
        >`,
      )
    else if (rematchToken) lines.push(t('rematchOffered'))
    else
      buttons.push(
        html`<button type="button" onClick=${() => run('rematch', {}).then(r => r && onRematchOffered(r.seat.token))}>
          ${t('offerRematch')}
        </button>`,
      )
  }
  if (!lines.length && !buttons.length) return null
  return html`<section class="controls" aria-label=${t('controls')}>
    ${lines.map(l => html`<p class="note" role="status">${l}</p>`)}
    <div class="buttons">${buttons}</div>
  </section>`
}

/**
 * The players' chat: the room's messages, oldest first, and a line to write one (seats only).
 * @param {{ messages: any[], seatName(seat: number): string, canWrite: boolean,
 *   send(text: string): Promise<boolean> }} p
 */
export function Chat({ messages, seatName, canWrite, send }) {
  const [text, setText] = useState('')
  const submit = async e => {
    e.preventDefault()
    if (text.trim() && (await send(text.trim()))) setText('')
  }
  return html`<section class="chat">
    <h2>${t('chat')}</h2>
    ${
      messages.length
        ? html`<ul>
            ${messages.map(
              m =>
                html`<li>
                  <time datetime=${m.at}>${clockTime(m.at)}</time>
                  <strong>${m.seat === null ? '' : seatName(m.seat)}</strong>
                  ${m.text}
                </li>`,
            )}
          </ul>`
        : html`<p class="empty">${t('chatEmpty')}</p>`
    }
    ${
      canWrite
        ? html`<form class="chat-form" onSubmit=${submit}>
            <input
              name="chat"
              maxlength="500"
              aria-label=${t('chatMessage')}
              value=${text}
              onInput=${e => setText(e.currentTarget.value)}
            />
            <button type="submit">${t('chatSend')}</button>
          </form>`
        : null
    }
  </section>`
}

/** A time of day in the page's language, hours and minutes. */
export function clockTime(iso) {
  return new Date(iso).toLocaleTimeString(document.documentElement.lang, { hour: '2-digit', minute: '2-digit' })
}
