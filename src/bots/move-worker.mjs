// The bot worker thread: registers tsx here (workers do not inherit it), then serves MoveTasks and deck lab games.
import { register } from 'tsx/esm/api'

register()
const { runMoveTask } = await import('./move-task.ts')
const { runLabGame } = await import('./lab-game.ts')
export default runMoveTask
export { runLabGame }
