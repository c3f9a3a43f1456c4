// Cyberpunk TCG's listed actions by the card they concern, those that differ only in how they are paid as one choice
// whose ways to pay are named from the listed labels. Plain functions of the listed actions and the view.

/** @typedef {{ id: string, label: string, action: any }} Listed a listed action: its id, label and JSON */
/**
 * One choice on a card: a listed action, or several that differ only in `pay` (the Legends-area slots they spend),
 * each way named by what it spends.
 * @typedef {{ key: string, label: string, ways: { listed: Listed, spends: string }[] }} Choice
 */

/** A card in hand (by card id: copies share their actions), in play (by uid), or face down in a Legends-area slot. */
export const handKey = card => `hand:${card}`
export const uidKey = uid => `uid:${uid}`
export const slotKey = (seat, slot) => `slot:${seat}:${slot}`

/** The cards an action concerns, as board keys; none for actions about no card (pass, a prompt's answer…). */
export function cardsOf(action, view) {
  const mine = view.players[view.you]
  switch (action.type) {
    case 'play':
      // a Gear's play is on the Gear in hand and on the host it would equip
      return action.host === undefined ? [handKey(action.card)] : [handKey(action.card), uidKey(action.host)]
    case 'sell':
      return [handKey(action.card)]
    case 'call':
      return [slotKey(view.you, action.slot)]
    case 'legend': {
      const legend = mine?.legends[action.slot]
      return legend?.faceUp ? [uidKey(legend.uid)] : [slotKey(view.you, action.slot)]
    }
    case 'activate':
      // `src` is the card whose ability it is: a Gear for the abilities it gives its host
      return [uidKey(action.src)]
    case 'attack':
      return typeof action.target === 'number' ? [uidKey(action.unit), uidKey(action.target)] : [uidKey(action.unit)]
    case 'block':
      return [uidKey(action.unit)]
    case 'resolve': {
      const source = view.pending.find(p => p.id === action.id)?.source
      return source === null || source === undefined ? [] : [uidKey(source)]
    }
    default:
      return []
  }
}

/**
 * A label cut into its head and its cost: the bracketed group that ends every paid action's label ("Play X (2 €$: the
 * face-down Legend in slot 1 and 1 Eddie)"). The group may hold brackets itself (a looked-at Legend's name).
 * @returns {{ head: string, cost: string | null }}
 */
export function splitCost(label) {
  if (!label.endsWith(')')) return { head: label, cost: null }
  let depth = 0
  for (let i = label.length - 1; i >= 0; i--) {
    if (label[i] === ')') depth++
    else if (label[i] === '(' && --depth === 0)
      return { head: label.slice(0, i).trimEnd(), cost: label.slice(i + 1, -1) }
  }
  return { head: label, cost: null }
}

/** A cost ("2 €$: A and 1 Eddie") as its total ("2 €$") and what it spends ("A and 1 Eddie"). */
function costParts(cost) {
  const colon = cost.indexOf(': ')
  return colon < 0 ? { total: cost, spends: cost } : { total: cost.slice(0, colon), spends: cost.slice(colon + 2) }
}

/** The action without its payment: actions with the same one differ only in how they are paid. */
function unpaid(action) {
  const { pay: _pay, ...rest } = action
  return JSON.stringify(rest)
}

/**
 * The choices on each card the listed actions concern, in the list's order. A choice with one way to pay keeps its
 * listed label; one with several is labelled by its head and total ("Play X (2 €$)"), its ways by what they spend.
 * @param {Listed[]} actions @returns {Map<string, Choice[]>}
 */
export function choicesByCard(actions, view) {
  /** @type {Map<string, Choice>} */
  const choices = new Map()
  /** @type {Map<string, Choice[]>} */
  const byCard = new Map()
  for (const listed of actions) {
    const cards = listed.action ? cardsOf(listed.action, view) : []
    if (!cards.length) continue
    const key = unpaid(listed.action)
    let choice = choices.get(key)
    if (!choice) {
      choice = { key, label: listed.label, ways: [] }
      choices.set(key, choice)
      for (const card of cards) byCard.set(card, [...(byCard.get(card) ?? []), choice])
    }
    const { cost } = splitCost(listed.label)
    choice.ways.push({ listed, spends: cost === null ? listed.label : costParts(cost).spends })
  }
  for (const choice of choices.values()) {
    if (choice.ways.length < 2) continue
    const { head, cost } = splitCost(choice.label)
    if (cost !== null) choice.label = `${head} (${costParts(cost).total})`
  }
  return byCard
}
