// The Cyberpunk TCG board: each seat's Legends, Units with gear, Gigs and Fixer dice, eddies, hand, trash; the attack
// and open prompts.
import { html } from '../lib.js'
import { t } from '../words.js'
import { Card, Die, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'

const PHASES = ['choose', 'mull', 'start', 'main', 'end', 'over']
const STEPS = ['trig', 'react', 'fight', 'defeat', 'steal', 'end']

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
export function Board({ view, ctx }) {
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
      ${view.players.map(p => html`<${Player} p=${p} ctx=${ctx} active=${ctx.toAct.includes(p.seat)} />`)}
    </div>
  </div>`
}

function Player({ p, ctx, active }) {
  const gear = g => g.map(x => html`<${Card} id=${x.card} ctx=${ctx} note=${t('cp.attached')} />`)
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
                <${Card}
                  id=${l.card}
                  ctx=${ctx}
                  note=${l.spent ? t('cp.spent') : t('cp.ready')}
                  dim=${l.spent}
                />${gear(l.gear)}
              </div>`
            : l.known
              ? html`<${Card} id=${l.known} ctx=${ctx} note=${t('cp.lookedFaceDown')} />`
              : html`<${FaceDown} count=${1} label=${t('cp.faceDownLegend')} />`,
      )}
    </${Zone}>
    <${Zone} title=${t('cp.field')} count=${p.field.length}>
      ${p.field.map(u => html`<div class="stack"><${Card} id=${u.card} ctx=${ctx} note=${[t('cp.power', { n: u.power }), u.spent ? t('cp.spent') : '', u.lag ? t('cp.justPlayed') : ''].filter(Boolean).join(' · ')} dim=${u.spent} />${gear(u.gear)}</div>`)}
    </${Zone}>
    <${Zone} title=${t('board.hand')} count=${p.handCount}>${p.hand ? p.hand.map(c => html`<${Card} id=${c} ctx=${ctx} />`) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title=${t('cp.trash')} count=${p.trash.length}>${p.trash.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
    ${p.removed.length ? html`<${Zone} title=${t('cp.removed')}>${p.removed.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
  </${SeatPanel}>`
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
