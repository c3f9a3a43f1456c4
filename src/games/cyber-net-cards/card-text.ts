/**
 * A card's text in English, generated from its data (homebrew cards, the vocabulary's examples): what the data does, in
 * the words of the labels.
 */
import type { Card, Mods, Op } from './data.ts'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`)
const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)

/** One operation as a clause: "deal 2 damage", "the opponent has -1 DEF this round". */
export function describeOp(op: Op): string {
  switch (op.op) {
    case 'damage':
      return `deal ${op.n} damage`
    case 'heal':
      return `gain ${op.n} life`
    case 'atk':
    case 'def': {
      const stat = op.op === 'atk' ? 'ATK' : 'DEF'
      return op.who === 'opp'
        ? `the opponent has ${signed(op.n)} ${stat} this round`
        : `${signed(op.n)} ${stat} this round`
    }
    case 'draw':
      return `draw ${plural(op.n, 'card')}`
    case 'mana': {
      const verb = op.n >= 0 ? 'gain' : 'lose'
      return op.who === 'opp' ? `the opponent ${verb}s ${Math.abs(op.n)} mana` : `${verb} ${Math.abs(op.n)} mana`
    }
    case 'coal':
      return `${op.n} coal on this card if it is equipped, else on your equipped card with the least`
    case 'moveCoal':
      return `move up to ${op.n} coal from your equipped card with the most to your other one with the least`
    case 'negate':
      return 'negate the card or power directly below in the chain'
    case 'rollback':
      return "negate the opponent's card that resolved last this round; its lasting effects end"
    case 'purge':
      return "negate one of the opponent's equipped cards (chosen as you activate this); it goes to the Void"
  }
}

/** An effect list as one sentence ("Deal 2 damage; draw 1 card."); "No effect." for none. */
export function describeOps(ops: readonly Op[]): string {
  return ops.length === 0 ? 'No effect.' : `${capital(ops.map(describeOp).join('; '))}.`
}

function describeMods(m: Mods): string[] {
  const out: string[] = []
  if (m.atk) out.push(`${signed(m.atk)} ATK`)
  if (m.def) out.push(`${signed(m.def)} DEF`)
  if (m.income) out.push(`${signed(m.income)} mana each round`)
  if (m.hand) out.push(`${signed(m.hand)} hand size`)
  return out
}

const KIND_NAME: Record<Card['kind'], string> = {
  offensive: 'Offensive',
  defensive: 'Defensive',
  ability: 'Ability',
  equipment: 'Equipment',
  infection: 'Infection',
}

/** The whole card in words: kind and costs, its effect, Turbo, Burn and what it does while it stays. */
export function describeCard(c: Omit<Card, 'text'>): string {
  const parts = [`${KIND_NAME[c.kind]}, ${c.cost} mana${c.coalCost > 0 ? ` and ${c.coalCost} coal` : ''}.`]
  if (c.steampunkOnly) parts.push('Steampunk only.')
  if (c.effect.length > 0 || !c.lasting) parts.push(describeOps(c.effect))
  if (c.turbo) parts.push(`Turbo ${c.turbo.x}: ${describeOps(c.turbo.effect)}`)
  if (c.burn) parts.push(`Burn ${c.burn.x}: ${describeOps(c.burn.effect)}`)
  const l = c.lasting
  if (l) {
    const on = c.kind === 'infection' ? "the opponent's avatar" : 'your avatar'
    parts.push(
      `Stays on ${on} ${plural(l.duration, 'round')}${l.steamExtra ? ' (one more on a Steampunk avatar)' : ''}.`,
    )
    const mods = l.mods ? describeMods(l.mods) : []
    if (mods.length > 0) parts.push(`While it stays: ${mods.join(', ')}.`)
    const perCoal = l.perCoal ? describeMods(l.perCoal) : []
    if (perCoal.length > 0) parts.push(`Per coal on it: ${perCoal.join(', ')}.`)
    if (l.roundStart) parts.push(`At the start of each round: ${describeOps(l.roundStart)}`)
    if (l.coalGain) {
      const kind = l.coalGain.on === 'roundStart' ? '' : KIND_NAME[l.coalGain.on]
      const when =
        kind === ''
          ? 'at the start of each round'
          : `when you activate ${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind} card`
      parts.push(`Gains ${l.coalGain.n} coal ${when}.`)
    }
    if (l.usesCoal) parts.push('Uses coal.')
    if (l.keepsCoal) parts.push('Coal of your other equipped cards moves here when they leave or are negated.')
    if (l.use) {
      const cost = [l.use.cost > 0 ? `${l.use.cost} mana` : '', l.use.coal > 0 ? `${l.use.coal} coal from it` : '']
        .filter(x => x !== '')
        .join(', ')
      parts.push(`Use${cost ? ` (${cost})` : ''}: ${describeOps(l.use.effect)}`)
    }
  }
  return parts.join(' ')
}
