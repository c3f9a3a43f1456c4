// Every card of every set, by card id: the set modules, each holding its cards' facts, behaviour and own code together.
import type { CardEntry } from '../cards.ts'
import { heistCards } from './heist.ts'
import { embracingPowerCards } from './embracing-power.ts'
import { nightCityUnits } from './night-city-units.ts'
import { nightCityLegends } from './night-city-legends.ts'
import { nightCityGearPrograms } from './night-city-gear-programs.ts'

/**
 * Every card, by card id; cards.ts builds the catalogue from it once. Functions, not constants: a set module's own code
 * imports the engine, which imports the catalogue, so the catalogue may be built before a set module has finished
 * loading.
 */
export function cardSets(): Record<string, CardEntry> {
  return {
    ...heistCards(),
    ...embracingPowerCards(),
    ...nightCityUnits(),
    ...nightCityLegends(),
    ...nightCityGearPrograms(),
  }
}
