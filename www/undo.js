// Taking back in a single game (not in a match): back to the start of the person's last turn, with the
// computer's answer undone too. A state holds the dice generator, so the same dice come again: taking
// back cannot fish for a better roll.
export class TakeBack {
  constructor(game) {
    this.game = game;
    this.points = [];
  }

  /** The person (or, with two people, anyone) is at the start of a turn now. */
  turnStart() {
    const el = this.game;
    const g = el.game;
    if (!g || 'score' in g) return false;
    return g.view().atTurnStart && (el.humanSide === null || g.toAct.player === el.humanSide);
  }

  /** Called after every change: remembers the state at each turn start. */
  note() {
    if (!this.turnStart()) return;
    const s = JSON.stringify(this.game.state);
    if (this.points[this.points.length - 1] !== s) this.points.push(s);
    // a long game keeps its last hundred turn starts (the page's storage stays small)
    if (this.points.length > 100) this.points.splice(0, this.points.length - 100);
  }

  /** The state a take-back would go to, or null. */
  target() {
    const g = this.game.game;
    if (!g || 'score' in g) return null;
    const now = JSON.stringify(this.game.state);
    const n = this.points.length;
    if (n && this.points[n - 1] !== now) return this.points[n - 1];
    return n > 1 ? this.points[n - 2] : null;
  }

  undo() {
    const t = this.target();
    if (!t) return false;
    while (this.points.length && this.points[this.points.length - 1] !== t) this.points.pop();
    this.game.state = JSON.parse(t);
    return true;
  }
}
