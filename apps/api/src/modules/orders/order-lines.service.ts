/**
 * The orders module's door to line statuses for other modules (decision 025: a module calls another
 * module's service, never its repository). moveLine runs inside the caller's transaction.
 */
export {
  findGoingOnLinesOfSite,
  type LineActorRole,
  type LineMove,
  moveLine,
} from './order-lines.repository.ts';
