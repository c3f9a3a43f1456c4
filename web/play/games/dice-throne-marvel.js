// The Marvel Dice Throne board: each hero's health, CP, statuses, ability board, upgrades, hand and discard; the dice
// on the table and the attack.
import { html, useState } from '../lib.js'
import { t } from '../words.js'
import { Card, Die, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'
import { AbilityBoard, roman } from './dice-throne-abilities.js'

const STEPS = [
  'upkeep',
  'income',
  'main1',
  'rolling',
  'rollEnd',
  'pre',
  'target',
  'modify',
  'defStart',
  'defChoose',
  'def',
  'then',
  'inc',
  'combo',
  'main2',
  'discard',
  'over',
  'main1End',
  'main2End',
  'discardEnd',
]
const CHOICES = ['setDie', 'arrange', 'pick', 'botTarget', 'odinReroll', 'mjSteps', 'reroll1']
const DAMAGE_TYPES = ['normal', 'undefendable', 'pure', 'collateral', 'ultimate']
/** A word of the catalogue for one of the view's ids (`prefix.id`), or the id itself when the catalogue has none. */
const word = (prefix, id, known) => (known.includes(id) ? t(`${prefix}.${id}`) : id)
const damage = type => word('dt.damage', type, DAMAGE_TYPES)

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
/** Ending Main Phase 2 ends the turn; the other ends and passes move on within it. */
export const endsTurn = (action, view) => action.type === 'end' && view?.step === 'main2'

export function Board({ view, ctx }) {
  const hero = seat => ctx.card(view.players[seat].hero)
  const face = (seat, n) => hero(seat).data?.faces?.[n - 1] ?? ''
  const roll = view.roll
  const offensive = offensiveRoll(view)
  return html`<div class="board">
    <p class="phase">
      ${t('dt.turnLine', { turn: view.turn, name: ctx.seatName(view.active), step: word('dt.step', view.step, STEPS) })}${view.mode !== '1v1' ? ` · ${word('dt.mode', view.mode, ['2v2', 'free-for-all'])}` : ''}
    </p>
    ${
      roll
        ? html`<div class="roll">
            <span
              >${t(`dt.roll.${roll.kind === 'def' || roll.kind === 'tgt' ? roll.kind : 'off'}`, {
                name: ctx.seatName(roll.owner),
                n: roll.left,
              })}</span
            >
            ${roll.dice.map((d, i) => html`<${Die} face=${html`${d} <small>${face(roll.owner, d)}</small>`} title=${`${t('dieN', { n: i + 1 })}${roll.lock === i ? ` (${t('dt.locked')})` : ''}`} />`)}
          </div>`
        : null
    }
    ${view.selected ? html`<p class="note">${t('dt.chosen', { name: abilityName(hero(view.active), view.selected.ability) })}</p>` : null}
    ${
      view.attack
        ? html`<p class="note">
            ${t('dt.attack', {
              by: ctx.seatName(view.attack.by),
              name: view.attack.name,
              to: ctx.seatName(view.attack.to),
              amount: `${view.attack.base}${view.attack.addedDamage ? ` + ${view.attack.addedDamage}` : ''}`,
              type: damage(view.attack.damageType),
            })}${view.attack.preventedDamage ? `, ${t('dt.prevented', { n: view.attack.preventedDamage })}` : ''}${view.attack.ultimate ? ` (${t('dt.ultimate')})` : ''}
          </p>`
        : null
    }
    ${view.incoming ? html`<p class="note">${t('dt.incoming', { amount: view.incoming.amount, type: damage(view.incoming.damageType), name: ctx.seatName(view.incoming.to) })}${view.incoming.preventedDamage ? ` (${t('dt.prevented', { n: view.incoming.preventedDamage })})` : ''}</p>` : null}
    ${view.held ? html`<${Zone} title=${t('dt.held', { name: ctx.seatName(view.held.seat) })}><${Card} id=${view.held.card} ctx=${ctx} /></${Zone}>` : null}
    ${view.choice ? html`<p class="note">${t(view.choice.dice ? 'dt.choiceDice' : 'dt.choice', { name: ctx.seatName(view.choice.seat), kind: word('dt.choice', view.choice.kind, CHOICES), dice: view.choice.dice?.join(', ') })}</p>` : null}
    ${view.window?.seat != null ? html`<p class="note">${t('dt.mayAnswer', { name: ctx.seatName(view.window.seat) })}</p>` : null}
    <div class="seats">
      ${view.players.map(
        p =>
          html`<${Player}
            p=${p}
            ctx=${ctx}
            active=${ctx.toAct.includes(p.seat)}
            dice=${offensive?.owner === p.seat ? offensive.dice : null}
            selected=${view.active === p.seat ? view.selected : null}
          />`,
      )}
    </div>
  </div>`
}

/** The offensive dice on the table and whose they are (a 2v2 targeting roll keeps them aside), or null. */
function offensiveRoll(view) {
  const roll = view.roll
  if (roll?.kind === 'off') return { owner: roll.owner, dice: roll.dice }
  if (roll?.kind === 'tgt' && view.offensiveDice) return { owner: roll.owner, dice: view.offensiveDice }
  return null
}

function abilityName(hero, id) {
  const a = hero.data?.abilities?.find(x => x.id === id) ?? hero.data?.defences?.find(x => x.id === id)
  return a?.name ?? id
}

/** One hero's panel. `dice`: the offensive dice on the table when they are its own; `selected`: its chosen ability. */
function Player({ p, ctx, active, dice, selected }) {
  const hero = ctx.card(p.hero)
  const statuses = Object.entries(p.statuses).filter(([, n]) => n > 0)
  const levels = Object.entries(p.levels)
  return html`<${SeatPanel} seat=${p.seat} ctx=${ctx} active=${active}>
    <p class="hero"><strong>${hero.name}</strong>${p.defeated ? ` · ${t('dt.defeated')}` : ''}${p.mjolnir !== undefined ? ` · ${t('dt.mjolnir', { where: p.mjolnir === 'home' ? t('dt.mjolnirHome') : t('dt.mjolnirThrown', { name: ctx.seatName(p.mjolnir) }) })}` : ''}</p>
    <${Stats} items=${[
      [t('dt.health'), p.health],
      [t('dt.cp'), p.cp],
      [t('board.hand'), p.handCount],
      [t('board.deck'), p.deckCount],
    ]} />
    <p class="flags">${[levels.length ? t('dt.upgraded', { abilities: levels.map(([ab, l]) => t('dt.level', { ability: abilityName(hero, ab), level: roman(l) })).join(', ') }) : '', p.autoPass ? t('board.autoPass') : ''].filter(Boolean).join(' · ')}</p>
    ${statuses.length ? html`<${Zone} title=${t('dt.statuses')}>${statuses.map(([id, n]) => html`<${Card} id=${id} ctx=${ctx} note=${`× ${n}`} />`)}</${Zone}>` : null}
    <${AbilityBoard} hero=${hero} levels=${p.levels} dice=${dice} selected=${selected} own=${ctx.you === p.seat} />
    ${p.upgrades.length ? html`<${Zone} title=${t('dt.upgrades')}>${p.upgrades.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
    <${Zone} title=${t('board.hand')} count=${p.handCount}>${p.hand ? p.hand.map(c => html`<${Card} id=${c} ctx=${ctx} />`) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title=${t('dt.discard')} count=${p.discard.length} pile>${p.discard.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
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
