// The seat's legal actions as buttons, grouped by kind when there are many; one idempotency key per decision.
import { html, useMemo } from './lib.js'
import { CATALOGUES, t } from './words.js'

/** Above this many choices the buttons are grouped by the action's type. */
const GROUP_ABOVE = 10
/** A group this small starts open; a group the player opened or closed stays so at the next decisions. */
const OPEN_UP_TO = 4

// crypto.randomUUID exists only in secure contexts; a server reached over plain HTTP by name is not one.
export const randomHex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, '0')).join('')

/** A group's name: the kind of action in words, never its slug. */
const kindName = type => t(`kind.${type}` in CATALOGUES.en ? `kind.${type}` : 'kind.other')

/**
 * @param {{ version: number, actions: { id: string, label: string, action: any }[], ready: boolean, busy: boolean,
 *   mine: boolean, confirms(action: { id: string }): boolean, onPick(action: { id: string }, key: string): void,
 *   groupOpen: Map<string, boolean>, onGroup(type: string, open: boolean): void,
 *   helper?: (pick: (action: { id: string }) => void) => any }} p the game's quicker way to some actions, if any
 */
export function ActionList({ version, actions, ready, busy, mine, confirms, onPick, groupOpen, onGroup, helper }) {
  // The same key for every retry of this decision: a repeated submit never applies twice.
  const key = useMemo(() => `web-${version}-${randomHex()}`, [version])
  if (!mine)
    return html`<section class="actions" data-for-version=${version}>
      <p class="note">${t('notYourDecision')}</p>
    </section>`
  if (!ready) return html`<section class="actions"><p class="note">${t('loadingChoices')}</p></section>`
  // data-confirm: the click opens a confirmation first (tests confirm it; people read the dialog).
  const button = a =>
    html`<button
      type="button"
      class="action"
      data-action-id=${a.id}
      data-confirm=${confirms(a) ? 'true' : undefined}
      disabled=${busy}
      onClick=${() => onPick(a, key)}
    >
      ${a.label}
    </button>`
  const groups = new Map()
  for (const a of actions) {
    const type = a.action?.type ?? 'other'
    if (!groups.has(type)) groups.set(type, [])
    groups.get(type).push(a)
  }
  return html`<section class="actions" data-for-version=${version} aria-busy=${busy}>
    <h2>${t('yourChoices')} <span class="count">(${actions.length})</span></h2>
    ${helper ? helper(a => onPick(a, key)) : null}
    ${
      actions.length <= GROUP_ABOVE || groups.size === 1
        ? html`<div class="buttons">${actions.map(button)}</div>`
        : [...groups].map(
            ([type, list]) =>
              html`<details class="group" open=${groupOpen.get(type) ?? list.length <= OPEN_UP_TO}>
                <summary
                  onClick=${e => {
                    // the page keeps the state (the list is redrawn at each decision), not the element
                    e.preventDefault()
                    onGroup(type, !e.currentTarget.parentElement.open)
                  }}
                >
                  ${kindName(type)} <span class="count">(${list.length})</span>
                </summary>
                <div class="buttons">${list.map(button)}</div>
              </details>`,
          )
    }
  </section>`
}
