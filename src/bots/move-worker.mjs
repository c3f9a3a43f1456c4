// The bot-move worker thread: registers tsx here (workers do not inherit it), then serves MoveTasks.
import { register } from 'tsx/esm/api'

register()
const { runMoveTask } = await import('./move-task.ts')
export default runMoveTask
