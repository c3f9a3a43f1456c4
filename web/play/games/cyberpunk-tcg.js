// The Cyberpunk TCG board: each seat's Legends, Units with their Gear under them, Gigs and Fixer dice, eddies, hand,
// trash; the attack and open prompts. A card the seat may act on is a toggle: pressed, the action panel lists its
// choices (cyberpunk-panel.js).
import { html } from '../lib.js'
import { t } from '../words.js'
import { Card, Die, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'
import { handKey, slotKey, uidKey } from './cyberpunk-choices.js'
import { share, useShared } from './cyberpunk-selection.js'

export { CardChoices as ActionHelper } from './cyberpunk-panel.js'

const PHASES = ['choose', 'mull', 'start', 'main', 'end', 'over']
const STEPS = ['trig', 'react', 'fight', 'defeat', 'steal', 'end']

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
/** Passing ends the Main Phase and the turn. */
export const endsTurn = action => action.type === 'pass'

export function Board({ view, ctx }) {
  const shared = useShared()
  const unitName = uid => {
    for (const p of view.players) {
      const u = p.field.find(f => f.uid === uid)
      if (u) return ctx.card(u.card).name
    }
    return t('cp.cardN', { n: uid })
  }
  return html`<div class="board">
    <p class="phase">
      ${t('cp.turnLine', {
        turn: view.turn,
        phase: PHASES.includes(view.phase) ? t(`cp.phase.${view.phase}`) : view.phase,
        name: ctx.seatName(view.activeSeat),
      })}${view.overtime ? ` · ${t('cp.overtime')}` : ''}
    </p>
    ${
      view.attack
        ? html`<p class="note">
            ${t('cp.attack', {
              name: ctx.seatName(view.attack.seat),
              attacker: unitName(view.attack.attacker),
              target: view.attack.target === 'gigs' ? t('cp.theGigs') : unitName(view.attack.target),
              step: STEPS.includes(view.attack.step) ? t(`cp.step.${view.attack.step}`) : view.attack.step,
            })}
          </p>`
        : null
    }
    ${
      view.prompt
        ? html`<div class="prompt">
            <p>${t('cp.decides', { name: ctx.seatName(view.prompt.seat), question: view.prompt.label })}</p>
            ${view.prompt.seen?.length ? html`<${Zone} title=${t('cp.lookedAt')}>${view.prompt.seen.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
          </div>`
        : null
    }
    ${view.pending.length ? html`<p class="note">${t('cp.waiting', { cards: view.pending.map(p => `${ctx.card(p.card).name} (${ctx.seatName(p.seat)})`).join(', ') })}</p>` : null}
    ${view.limbo.length ? html`<${Zone} title=${t('cp.beingPlayed')}>${view.limbo.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
    <div class="seats">
      ${view.players.map(p => html`<${Player} p=${p} ctx=${ctx} shared=${shared} active=${ctx.toAct.includes(p.seat)} />`)}
    </div>
  </div>`
}

function Player({ p, ctx, shared, active }) {
  const card = (at, id, note, dim) =>
    html`<${BoardCard} at=${at} id=${id} ctx=${ctx} note=${note} dim=${dim} shared=${shared} />`
  // each Gear stands beside its host, in the host's stack
  const gear = g => g.map(x => card(uidKey(x.uid), x.card, t('cp.attached')))
  return html`<${SeatPanel} seat=${p.seat} ctx=${ctx} active=${active}>
    <${Stats} items=${[
      [t('cp.streetCred'), p.streetCred ?? '—'],
      [t('cp.eddies'), t('cp.eddiesValue', { ready: p.eddies.ready, total: p.eddies.total })],
      [t('board.hand'), p.handCount],
      [t('board.deck'), p.deckCount],
    ]} />
    <p class="dice">${withDice('cp.gigs', p.gigs.length ? p.gigs.map(g => html`<${Die} face=${g.value} size=${g.size} />`) : t('cp.none'))}
      · ${withDice('cp.fixer', p.fixer.length ? p.fixer.map(d => html`<${Die} face=${`d${d.size}`} title=${t('cp.notRolled')} />`) : t('empty'))}</p>
    <p class="flags">${[p.soldThisTurn ? t('cp.soldThisTurn') : '', p.calledThisTurn ? t('cp.calledThisTurn') : '', p.autoPass ? t('board.autoPass') : ''].filter(Boolean).join(' · ')}</p>
    <${Zone} title=${t('cp.legends')}>
      ${p.legends.map(l =>
        l === null
          ? null
          : l.faceUp
            ? html`<div class="stack">
                ${card(uidKey(l.uid), l.card, l.spent ? t('cp.spent') : t('cp.ready'), l.spent)}${gear(l.gear)}
              </div>`
            : l.known
              ? card(slotKey(p.seat, l.slot), l.known, t('cp.lookedFaceDown'))
              : html`<${FaceDownLegend} at=${slotKey(p.seat, l.slot)} slot=${l.slot} shared=${shared} />`,
      )}
    </${Zone}>
    <${Zone} title=${t('cp.field')} count=${p.field.length}>
      ${p.field.map(u => html`<div class="stack">${card(uidKey(u.uid), u.card, [t('cp.power', { n: u.power }), u.spent ? t('cp.spent') : '', u.lag ? t('cp.justPlayed') : ''].filter(Boolean).join(' · '), u.spent)}${gear(u.gear)}</div>`)}
    </${Zone}>
    <${Zone} title=${t('board.hand')} count=${p.handCount}>${p.hand ? p.hand.map(c => card(handKey(c), c)) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title=${t('cp.trash')} count=${p.trash.length} pile>${p.trash.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
    ${p.removed.length ? html`<${Zone} title=${t('cp.removed')} count=${p.removed.length} pile>${p.removed.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
  </${SeatPanel}>`
}

/** A card's note, with how many choices the seat has on it when it has some. */
const withChoices = (note, n) => [note, n ? t('cp.cardChoices', { n }) : ''].filter(Boolean).join(' · ')

/** A face-up card; one the seat may act on is a toggle for the action panel. */
function BoardCard({ at, id, ctx, note, dim, shared }) {
  return html`<${Pickable} at=${at} name=${ctx.card(id).name} shared=${shared}>
    <${Card} id=${id} ctx=${ctx} note=${withChoices(note, shared.counts.get(at))} dim=${dim} />
  </${Pickable}>`
}

/** A face-down Legend nobody has looked at: the seat may still Call it. */
function FaceDownLegend({ at, slot, shared }) {
  return html`<${Pickable} at=${at} name=${t('cp.faceDownLegendN', { n: slot + 1 })} shared=${shared}>
    <${FaceDown} count=${1} label=${withChoices(t('cp.faceDownLegend'), shared.counts.get(at))} />
  </${Pickable}>`
}

/**
 * A card the seat may act on (it has choices now) as a toggle button: pressed, the action panel lists its choices.
 * Any other card is shown as it is. @param {{ at: string, name: string, shared: import('./cyberpunk-selection.js')
 * .Shared, children: any }} p
 */
function Pickable({ at, name, shared, children }) {
  if (!shared.counts.has(at)) return children
  const pressed = shared.selected?.key === at
  const toggle = () => share({ selected: pressed ? null : { key: at, name } })
  return html`<div
    class="pick"
    role="button"
    tabindex="0"
    aria-pressed=${pressed ? 'true' : 'false'}
    data-pick=${at}
    onClick=${toggle}
    onKeyDown=${e => {
      if (e.key !== 'Enter' && e.key !== ' ') return
      e.preventDefault()
      toggle()
    }}
  >
    ${children}
  </div>`
}

/** The sentence `key` with its `{dice}` place filled with markup (the dice), which `t` cannot put in a string. */
function withDice(key, dice) {
  const [before, after = ''] = t(key, { dice: '\u0000' }).split('\u0000')
  return html`${before}${dice}${after}`
}

/**
 * A pasted list as a deck: its three Legends, then the main deck. @param {{ card: import('../parts.js').CardInfo,
 * count: number }[]} entries
 */
export function deckFromList(entries) {
  const legends = entries.filter(e => e.card.type === 'Legend').flatMap(e => Array(e.count).fill(e.card.id))
  return {
    legends,
    main: entries.filter(e => e.card.type !== 'Legend').map(e => ({ card: e.card.id, count: e.count })),
  }
}
