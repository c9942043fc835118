// A hand-written JavaScript Jokerball engine: the comparison a web developer would otherwise make
// (issue 8). The same rules as the package (RULES 1, both rule sets, sides 4 and 6), the same random
// policy (uniform among the legal moves of each phase), typed arrays throughout and no allocation per
// move or per game: the board is a Uint8Array, men are kept in per-side index lists, moves are packed
// integers in a preallocated Int32Array, neighbours come from a precomputed table.
// benches/check.mjs compares it with the package on random positions (also run by js-tests/).

const EMPTY = 0;
const RED = 1;
const BLUE = 2;
const BALL = 3;
// Directions, as in the crate: E, W, NE, NW, SE, SW (axial dq, dr).
const DQ = [1, -1, 1, 0, 0, -1];
const DR = [0, 0, -1, -1, 1, 1];
const E = 0,
  W = 1,
  NE = 2,
  NW = 3,
  SE = 4,
  SW = 5;
// A step off the board: a wall, or out through the top (Blue's goal) or the bottom (Red's goal).
const WALL = -1;
const OFF_TOP = -2;
const OFF_BOTTOM = -3;
// Forward directions by side (0 red, 1 blue) and ball direction by side and die face 1..6 (RULES 1.5-1.6).
const FORWARD = [
  [NW, NE],
  [SE, SW],
];
const BALL_DIR = [
  [SW, W, NW, NE, E, SE],
  [NE, E, SE, SW, W, NW],
];
// A move is packed as from | to << 8 | flags; `to` is OFF_CELL when the piece leaves the board.
const OFF_CELL = 255;
const CAPTURE = 1 << 16;
const BALL_MOVE = 1 << 17;
const TOP = 1 << 18; // a ball move out through the top side (Blue's goal)
const LIST = 6 * 91 + 8;

/** Board tables of one side length (4 or 6): cells in position-string order, neighbours per direction. */
export class Geometry {
  constructor(size) {
    this.size = size;
    const m = size - 1;
    const qs = [];
    const rs = [];
    this.rowStart = [];
    this.rowLen = [];
    for (let r = -m; r <= m; r++) {
      const lo = Math.max(-m, -m - r);
      const hi = Math.min(m, m - r);
      this.rowStart.push(qs.length);
      this.rowLen.push(hi - lo + 1);
      for (let q = lo; q <= hi; q++) {
        qs.push(q);
        rs.push(r);
      }
    }
    this.cells = qs.length;
    this.q = Int8Array.from(qs);
    this.r = Int8Array.from(rs);
    const index = (q, r) => {
      if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > m) return -1;
      const row = r + m;
      return this.rowStart[row] + q - Math.max(-m, -m - r);
    };
    this.centre = index(0, 0);
    this.next = new Int16Array(this.cells * 6);
    for (let c = 0; c < this.cells; c++) {
      for (let d = 0; d < 6; d++) {
        const t = index(qs[c] + DQ[d], rs[c] + DR[d]);
        let v = t;
        if (t < 0) {
          if (rs[c] === -m && (d === NE || d === NW)) v = OFF_TOP;
          else if (rs[c] === m && (d === SE || d === SW)) v = OFF_BOTTOM;
          else v = WALL;
        }
        this.next[c * 6 + d] = v;
      }
    }
  }

  /** The cell's name, e.g. `f6` (RULES 1.2). */
  name(c) {
    return String.fromCharCode(97 + this.size - 1 - this.r[c]) + String(this.q[c] + this.size);
  }
}

const GEOMETRY = { 4: new Geometry(4), 6: new Geometry(6) };

/** xoshiro128++ (32-bit words): a small fast seeded generator for the dice and the choices. */
export class Rng {
  constructor(seed) {
    // SplitMix32-style expansion of the seed into four non-zero words.
    let x = seed >>> 0;
    this.s = new Uint32Array(4);
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      this.s[i] = (z ^ (z >>> 16)) >>> 0;
    }
    if ((this.s[0] | this.s[1] | this.s[2] | this.s[3]) === 0) this.s[0] = 1;
  }

  next() {
    const s = this.s;
    const s0 = s[0],
      s1 = s[1],
      s2 = s[2],
      s3 = s[3];
    const sum = (s0 + s3) >>> 0;
    const out = ((((sum << 7) | (sum >>> 25)) >>> 0) + s0) >>> 0;
    const t = (s1 << 9) >>> 0;
    const n2 = s2 ^ s0;
    const n3 = s3 ^ s1;
    s[1] = s1 ^ n2;
    s[0] = s0 ^ n3;
    s[2] = n2 ^ t;
    s[3] = (n3 << 11) | (n3 >>> 21);
    return out;
  }

  /** A uniform integer below n (n >= 1), without bias (multiply and reject). */
  below(n) {
    const threshold = (4294967296 - n) % n;
    for (;;) {
      const m = this.next() * n;
      if (m % 4294967296 >= threshold) return Math.floor(m / 4294967296);
    }
  }
}

/** A Jokerball position with allocation-free move generation and application. */
export class Engine {
  /** `rules`: '2025' or 'classic'; `size`: 4 or 6. */
  constructor(rules = '2025', size = 6) {
    this.g = GEOMETRY[size];
    this.size = size;
    this.y2025 = rules === '2025';
    this.board = new Uint8Array(this.g.cells);
    this.men = [new Int16Array(this.g.cells), new Int16Array(this.g.cells)];
    this.count = new Int32Array(2);
    this.slot = new Int16Array(this.g.cells);
    this.ball = -1;
    this.turn = 0; // 0 red, 1 blue
    this.winner = -1; // -1 none, 0 red, 1 blue
    this.list = new Int32Array(LIST);
    this.len = 0;
  }

  /** The starting position: `rows` rows of men each, the ball in the centre, `first` (0/1) to move. */
  setup(rows = 2, first = 0) {
    const g = this.g;
    const last = 2 * this.size - 2;
    this.board.fill(EMPTY);
    for (let c = 0; c < g.cells; c++) {
      const row = g.r[c] + this.size - 1;
      if (row < rows) this.board[c] = BLUE;
      else if (row > last - rows) this.board[c] = RED;
    }
    this.board[g.centre] = BALL;
    this.ball = g.centre;
    this.turn = first;
    this.winner = -1;
    this.#index();
  }

  /** Copies another engine's position (same size), without allocating. */
  copyFrom(o) {
    this.board.set(o.board);
    this.men[0].set(o.men[0]);
    this.men[1].set(o.men[1]);
    this.count[0] = o.count[0];
    this.count[1] = o.count[1];
    this.slot.set(o.slot);
    this.ball = o.ball;
    this.turn = o.turn;
    this.winner = o.winner;
  }

  #index() {
    this.count[0] = 0;
    this.count[1] = 0;
    for (let c = 0; c < this.g.cells; c++) {
      const p = this.board[c];
      if (p === RED || p === BLUE) {
        const side = p - 1;
        this.slot[c] = this.count[side];
        this.men[side][this.count[side]++] = c;
      }
    }
  }

  #remove(side, c) {
    const list = this.men[side];
    const i = this.slot[c];
    const lastCell = list[--this.count[side]];
    list[i] = lastCell;
    this.slot[lastCell] = i;
  }

  /** Fills `this.list` with the man moves for distance `k`; returns their number. */
  manMoves(k) {
    const g = this.g;
    const next = g.next;
    const board = this.board;
    const list = this.list;
    const side = this.turn;
    const me = side + 1;
    const f0 = FORWARD[side][0];
    const f1 = FORWARD[side][1];
    const y2025 = this.y2025;
    const men = this.men[side];
    const count = this.count[side];
    let n = 0;
    if (this.winner >= 0) {
      this.len = 0;
      return 0;
    }
    for (let i = 0; i < count; i++) {
      const from = men[i];
      let offDone = false;
      for (let d = 0; d < 6; d++) {
        const fwd = d === f0 || d === f1;
        let cur = from;
        let steps = 0;
        for (;;) {
          if (steps === k) {
            if (fwd) list[n++] = from | (cur << 8);
            break;
          }
          const t = next[cur * 6 + d];
          if (t >= 0) {
            const p = board[t];
            if (p === EMPTY) {
              cur = t;
              steps++;
              continue;
            }
            if (p === BALL || (p === me && y2025)) {
              if (fwd && steps > 0) list[n++] = from | (cur << 8);
            } else {
              list[n++] = from | (t << 8) | CAPTURE;
            }
          } else if (t === WALL) {
            if (fwd && steps > 0) list[n++] = from | (cur << 8);
          } else if (fwd && !offDone) {
            offDone = true;
            list[n++] = from | (OFF_CELL << 8);
          }
          break;
        }
      }
    }
    this.len = n;
    return n;
  }

  /** Fills `this.list` with the ball moves for direction-die face `face`; returns their number. */
  ballMoves(face) {
    if (this.winner >= 0 || this.ball < 0) {
      this.len = 0;
      return 0;
    }
    const next = this.g.next;
    const board = this.board;
    const list = this.list;
    const d = BALL_DIR[this.turn][face - 1];
    const from = this.ball;
    let cur = from;
    let n = 0;
    for (;;) {
      const t = next[cur * 6 + d];
      if (t >= 0) {
        if (board[t] !== EMPTY) break;
        list[n++] = from | (t << 8) | BALL_MOVE;
        cur = t;
      } else {
        if (t !== WALL) list[n++] = from | (OFF_CELL << 8) | BALL_MOVE | (t === OFF_TOP ? TOP : 0);
        break;
      }
    }
    this.len = n;
    return n;
  }

  /** Plays a packed move of the side to move (the turn does not pass; see endTurn). */
  apply(mv) {
    const from = mv & 255;
    const to = (mv >>> 8) & 255;
    const board = this.board;
    board[from] = EMPTY;
    if (mv & BALL_MOVE) {
      if (to === OFF_CELL) {
        // Out through the top (Blue's goal): Red wins; through the bottom (Red's goal): Blue wins.
        this.winner = mv & TOP ? 0 : 1;
        this.ball = -1;
      } else {
        board[to] = BALL;
        this.ball = to;
      }
      return;
    }
    const side = this.turn;
    if (to === OFF_CELL) {
      this.#remove(side, from);
      return;
    }
    if (mv & CAPTURE) this.#remove(board[to] - 1, to);
    board[to] = side + 1;
    const i = this.slot[from];
    this.men[side][i] = to;
    this.slot[to] = i;
  }

  endTurn() {
    if (this.winner < 0) this.turn ^= 1;
  }

  /**
   * Plays one random game from the current position: roll both dice, a uniform man move if any, a uniform
   * ball move if any, until the ball leaves or `maxTurns` turns. Returns the winner (0/1) or -1, and
   * leaves the number of turns in `this.turns`.
   */
  playRandom(rng, maxTurns = 10000) {
    const size = this.size;
    for (let turn = 1; turn <= maxTurns; turn++) {
      const distance = rng.below(size) + 1;
      const face = rng.below(6) + 1;
      let n = this.manMoves(distance);
      if (n > 0) this.apply(this.list[rng.below(n)]);
      n = this.ballMoves(face);
      if (n > 0) this.apply(this.list[rng.below(n)]);
      if (this.winner >= 0) {
        this.turns = turn;
        return this.winner;
      }
      this.endTurn();
    }
    this.turns = maxTurns;
    return -1;
  }

  // --- Notation, only for checking against the package (never in the hot path). ---

  /** Loads a position string (RULES 1.9) of this engine's size. */
  load(text) {
    const [rows, side] = text.split(' ');
    let c = 0;
    this.ball = -1;
    for (const row of rows.split('/')) {
      for (const m of row.matchAll(/[rbo]|\d+/g)) {
        const t = m[0];
        if (t === 'r' || t === 'b' || t === 'o') {
          this.board[c] = t === 'r' ? RED : t === 'b' ? BLUE : BALL;
          if (t === 'o') this.ball = c;
          c++;
        } else {
          for (let i = 0; i < Number(t); i++) this.board[c++] = EMPTY;
        }
      }
    }
    if (c !== this.g.cells) throw new Error(`position ${text} is not a side-${this.size} board`);
    this.turn = side === 'r' ? 0 : 1;
    this.winner = -1;
    this.#index();
  }

  /** The position string (RULES 1.9). */
  position() {
    const g = this.g;
    const rows = [];
    for (let row = 0; row < 2 * this.size - 1; row++) {
      let s = '';
      let run = 0;
      for (let c = g.rowStart[row]; c < g.rowStart[row] + g.rowLen[row]; c++) {
        const p = this.board[c];
        if (p === EMPTY) {
          run++;
          continue;
        }
        if (run) s += run;
        run = 0;
        s += p === RED ? 'r' : p === BLUE ? 'b' : 'o';
      }
      if (run) s += run;
      rows.push(s);
    }
    return `${rows.join('/')} ${this.turn === 0 ? 'r' : 'b'}`;
  }

  /** The notation of a packed move (RULES 1.9). */
  notation(mv) {
    const from = mv & 255;
    const to = (mv >>> 8) & 255;
    const dest = to === OFF_CELL ? 'off' : this.g.name(to);
    if (mv & BALL_MOVE) return `${this.g.name(from)}>${dest}`;
    return `${this.g.name(from)}${mv & CAPTURE ? 'x' : '-'}${dest}`;
  }

  /** The moves in `this.list` in notation, sorted as the package sorts them. */
  notations() {
    const out = [];
    for (let i = 0; i < this.len; i++) out.push(this.notation(this.list[i]));
    return out.sort();
  }
}
