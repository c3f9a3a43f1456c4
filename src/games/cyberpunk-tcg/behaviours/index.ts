// Behaviour of every card, by card id: the tables of each product, in the effect vocabulary (effects.ts).
import type { CardBehaviour } from '../effects.ts'
import { HEIST } from './heist.ts'
import { EMBRACING_POWER } from './embracing-power.ts'
import { NIGHT_CITY_UNITS } from './night-city-units.ts'
import { NIGHT_CITY_LEGENDS } from './night-city-legends.ts'
import { NIGHT_CITY_GEAR_PROGRAMS } from './night-city-gear-programs.ts'

/** Behaviour of every card, by card id. validateDeck refuses any card that has none (CARD_NOT_IMPLEMENTED). */
export const BEHAVIOUR: Record<string, CardBehaviour> = { ...HEIST, ...EMBRACING_POWER, ...NIGHT_CITY_UNITS, ...NIGHT_CITY_LEGENDS, ...NIGHT_CITY_GEAR_PROGRAMS }
