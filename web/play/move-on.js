// The "move on for me" preference: when the seat's only choice is to go on, the page sends it by itself.
import { html, useState } from './lib.js'
import { t } from './words.js'

const KEY = 'arbiter.moveOn'

/** Turning the game's own auto-pass on or off is a setting, not a move: it never counts as a choice. */
const SETTING = new Set(['setAutoPass'])

/**
 * The one listed action that moves the game on when every other listed action is only a setting, else null. The
 * engines still ask the seat (whether a seat is asked depends only on what its opponents see); answering at once is the
 * player's choice, and the page says that the speed of the answer may show an opponent that there was nothing else.
 * @param {{ id: string, action: any }[]} actions
 */
export function onlyChoice(actions) {
  const moves = actions.filter(a => !SETTING.has(a.action?.type))
  // conceding is never sent for the seat, even as its only move
  return moves.length === 1 && moves[0].action?.type !== 'concede' ? moves[0] : null
}

function stored() {
  try {
    return localStorage.getItem(KEY) === 'on'
  } catch {
    // storage refused (private mode): off, as by default
    return false
  }
}

/** The preference, remembered in this browser; off until the player turns it on. */
export function useMoveOn() {
  const [on, setOn] = useState(stored)
  const set = value => {
    try {
      localStorage.setItem(KEY, value ? 'on' : 'off')
    } catch {
      // not remembered: this page load only
    }
    setOn(value)
  }
  return [on, set]
}

/** The switch, with what it shows the other players. */
export function MoveOnSwitch({ on, onChange }) {
  return html`<p class="move-on">
    <label
      ><input type="checkbox" name="move-on" checked=${on} onChange=${e => onChange(e.currentTarget.checked)} />
      ${t('moveOn.label')}</label
    >
    ${on ? html`<small>${t('moveOn.tell')}</small>` : null}
  </p>`
}
