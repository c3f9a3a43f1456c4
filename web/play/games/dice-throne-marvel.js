// The Marvel Dice Throne board: each hero's health, CP, statuses, upgrades, hand and discard; the dice on the table and
// the attack.
import { html, useState } from '../lib.js'
import { t } from '../words.js'
import { Card, Die, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'

const STEPS = {
  upkeep: 'Upkeep Phase',
  income: 'Income Phase',
  discardEnd: 'end of the Discard Phase',
  main1: 'Main Phase (1)',
  main2: 'Main Phase (2)',
  main1End: 'end of Main Phase (1)',
  main2End: 'end of Main Phase (2)',
  rolling: 'Offensive Roll',
  pre: 'before the attack',
  target: 'choosing a target',
  modify: 'attack modifiers',
  defChoose: 'choosing a defence',
  def: 'Defensive Roll',
  then: '"Then" effects',
  inc: 'incoming damage',
  combo: 'Combo',
  discard: 'discarding down to 6',
  over: 'game over',
}
const ROMAN = ['I', 'II', 'III', 'IV']

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
export function Board({ view, ctx }) {
  const hero = seat => ctx.card(view.players[seat].hero)
  const face = (seat, n) => hero(seat).data?.faces?.[n - 1] ?? ''
  const roll = view.roll
  return html`<div class="board">
    <p class="phase">
      Turn ${view.turn} · ${ctx.seatName(view.active)}:
      ${STEPS[view.step] ?? view.step}${view.mode !== '1v1' ? ` · ${view.mode}` : ''}
    </p>
    ${
      roll
        ? html`<div class="roll">
            <span
              >${ctx.seatName(roll.owner)}'s
              ${roll.kind === 'def' ? 'defensive' : roll.kind === 'tgt' ? 'targeting' : 'offensive'} roll (${roll.left}
              left):</span
            >
            ${roll.dice.map((d, i) => html`<${Die} face=${html`${d} <small>${face(roll.owner, d)}</small>`} title=${`die ${i + 1}${roll.lock === i ? ' (locked)' : ''}`} />`)}
          </div>`
        : null
    }
    ${view.selected ? html`<p class="note">Chosen ability: ${abilityName(hero(view.active), view.selected.ability)}</p>` : null}
    ${
      view.attack
        ? html`<p class="note">
            Attack: ${ctx.seatName(view.attack.by)}'s ${view.attack.name} on ${ctx.seatName(view.attack.to)}:
            ${view.attack.base}${view.attack.addedDamage ? ` + ${view.attack.addedDamage}` : ''}
            ${view.attack.damageType}
            damage${view.attack.preventedDamage ? `, ${view.attack.preventedDamage} prevented` : ''}${view.attack.ultimate ? ' (Ultimate)' : ''}
          </p>`
        : null
    }
    ${view.incoming ? html`<p class="note">Incoming: ${view.incoming.amount} ${view.incoming.damageType} damage to ${ctx.seatName(view.incoming.to)}${view.incoming.preventedDamage ? ` (${view.incoming.preventedDamage} prevented)` : ''}</p>` : null}
    ${view.held ? html`<${Zone} title=${`Played by ${ctx.seatName(view.held.seat)}, waiting for answers`}><${Card} id=${view.held.card} ctx=${ctx} /></${Zone}>` : null}
    ${view.choice ? html`<p class="note">${ctx.seatName(view.choice.seat)} has a choice to make (${view.choice.kind})${view.choice.dice ? `: ${view.choice.dice.join(', ')}` : ''}.</p>` : null}
    ${view.window?.seat != null ? html`<p class="note">${ctx.seatName(view.window.seat)} may answer now.</p>` : null}
    <div class="seats">
      ${view.players.map(p => html`<${Player} p=${p} ctx=${ctx} active=${ctx.toAct.includes(p.seat)} />`)}
    </div>
  </div>`
}

function abilityName(hero, id) {
  const a = hero.data?.abilities?.find(x => x.id === id) ?? hero.data?.defences?.find(x => x.id === id)
  return a?.name ?? id
}

function Player({ p, ctx, active }) {
  const hero = ctx.card(p.hero)
  const statuses = Object.entries(p.statuses).filter(([, n]) => n > 0)
  const levels = Object.entries(p.levels)
  return html`<${SeatPanel} seat=${p.seat} ctx=${ctx} active=${active}>
    <p class="hero"><strong>${hero.name}</strong>${p.defeated ? ' · defeated' : ''}${p.mjolnir !== undefined ? ` · Mjölnir: ${p.mjolnir === 'home' ? 'in hand' : `thrown at ${ctx.seatName(p.mjolnir)}`}` : ''}</p>
    <${Stats} items=${[
      ['Health', p.health],
      ['CP', p.cp],
      ['Hand', p.handCount],
      ['Deck', p.deckCount],
    ]} />
    <p class="flags">${[levels.length ? `Upgraded: ${levels.map(([ab, l]) => `${abilityName(hero, ab)} level ${ROMAN[l - 1] ?? l}`).join(', ')}` : '', p.autoPass ? 'auto-pass on' : ''].filter(Boolean).join(' · ')}</p>
    ${statuses.length ? html`<${Zone} title="Status tokens">${statuses.map(([id, n]) => html`<${Card} id=${id} ctx=${ctx} note=${`× ${n}`} />`)}</${Zone}>` : null}
    ${p.upgrades.length ? html`<${Zone} title="Upgrades">${p.upgrades.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
    <${Zone} title="Hand" count=${p.handCount}>${p.hand ? p.hand.map(c => html`<${Card} id=${c} ctx=${ctx} />`) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title="Discard" count=${p.discard.length}>${p.discard.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
  </${SeatPanel}>`
}

/**
 * A pasted list as a deck: a hero plays its own deck, so the list names the hero. @param {{ card:
 * import('../parts.js').CardInfo }[]} entries
 */
export function deckFromList(entries) {
  return { hero: entries.find(e => e.card.type === 'hero')?.card.id ?? '' }
}

/**
 * Rerolling as people do it: each die the seat may reroll is a toggle, and one button rerolls the selected dice (the
 * listed roll action with exactly those dice). The full list of roll actions stays below, folded.
 * @param {{ view: any, actions: { id: string, label: string, action: any }[], busy: boolean,
 *   onPick(action: { id: string }): void }} p
 */
export function ActionHelper({ view, actions, busy, onPick }) {
  const [selected, setSelected] = useState(/** @type {number[]} */ ([]))
  const rolls = actions.filter(a => a.action?.type === 'roll' && a.action.dice.length > 0)
  const dice = view.roll?.dice ?? []
  if (rolls.length < 2 || !dice.length) return null
  const rerollable = new Set(rolls.flatMap(a => a.action.dice))
  const key = list => [...list].sort((x, y) => x - y).join(',')
  const chosen = rolls.find(a => key(a.action.dice) === key(selected))
  const toggle = i => setSelected(list => (list.includes(i) ? list.filter(x => x !== i) : [...list, i]))
  return html`<div class="reroll" role="group" aria-label=${t('reroll')}>
    ${dice.map((face, i) =>
      rerollable.has(i)
        ? html`<button
            type="button"
            class="die-toggle"
            aria-pressed=${selected.includes(i) ? 'true' : 'false'}
            onClick=${() => toggle(i)}
          >
            ${t('dieN', { n: i + 1 })}: ${face}
          </button>`
        : null,
    )}
    <button type="button" class="primary" disabled=${busy || !chosen} onClick=${() => chosen && onPick(chosen)}>
      ${t('reroll')}${selected.length ? ` (${selected.length})` : ''}
    </button>
  </div>`
}
