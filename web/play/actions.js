// The seat's legal actions as buttons, grouped by kind when there are many; one idempotency key per decision.
import { html, useMemo } from './lib.js'

/** Above this many choices the buttons are grouped by the action's type. */
const GROUP_ABOVE = 10
/** A group this small starts open. */
const OPEN_UP_TO = 4

const KIND_NAMES = {
  play: 'Play a card',
  roll: 'Roll and reroll',
  sell: 'Sell',
  call: 'Call a Legend',
  attack: 'Attack',
  choose: 'Choose',
  pass: 'Pass',
  end: 'End',
  select: 'Choose an ability',
  spend: 'Spend status tokens',
  place: 'Place cards',
  activate: 'Activate',
  recycle: 'Recycle',
  ability: 'Avatar ability',
  use: 'Use equipment',
  setAutoPass: 'Auto-pass',
  mulligan: 'Mulligan',
  goFirst: 'Who goes first',
}

// crypto.randomUUID exists only in secure contexts; a server reached over plain HTTP by name is not one.
const randomHex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, '0')).join('')

const kindName = t =>
  KIND_NAMES[t] ??
  String(t)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, c => c.toUpperCase())

/**
 * @param {{ version: number, actions: { id: string, label: string, action: any }[], ready: boolean, busy: boolean,
 * mine: boolean,
 *           onPick(action: { id: string }, key: string): void }} p
 */
export function ActionList({ version, actions, ready, busy, mine, onPick }) {
  // The same key for every retry of this decision: a repeated submit never applies twice.
  const key = useMemo(() => `web-${version}-${randomHex()}`, [version])
  if (!mine)
    return html`<section class="actions" data-for-version=${version}>
      <p class="note">Not your decision now.</p>
    </section>`
  if (!ready) return html`<section class="actions"><p class="note">Loading your choices…</p></section>`
  const button = a =>
    html`<button type="button" class="action" data-action-id=${a.id} disabled=${busy} onClick=${() => onPick(a, key)}>
      ${a.label}
    </button>`
  const groups = new Map()
  for (const a of actions) {
    const t = a.action?.type ?? 'other'
    if (!groups.has(t)) groups.set(t, [])
    groups.get(t).push(a)
  }
  return html`<section class="actions" data-for-version=${version} aria-busy=${busy}>
    <h2>Your choices <span class="count">(${actions.length})</span></h2>
    ${
      actions.length <= GROUP_ABOVE || groups.size === 1
        ? html`<div class="buttons">${actions.map(button)}</div>`
        : [...groups].map(
            ([t, list]) =>
              html`<details class="group" open=${list.length <= OPEN_UP_TO}>
                <summary>${kindName(t)} <span class="count">(${list.length})</span></summary>
                <div class="buttons">${list.map(button)}</div>
              </details>`,
          )
    }
  </section>`
}
