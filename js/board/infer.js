// The rules the elements still work out for themselves, each in one function, until the engine says
// them (issue 25, item 4): the board from a position string, the ball's direction, the last move's
// cells, a lone game's result, who made
// each record and the cube actions among a match game's lines, a turn's start and a Zola pass.
import { Zola, Match } from './engine.js';
import { OTHER } from './common.js';

/** The number of rows of a position string. */
const rowsOf = (position) => position.split(' ')[0].split('/').length;

/** 'jokerball' or 'zola', from what board() returns (only Jokerball's has a ball). */
export const kindOfBoard = (board) => ('ball' in board ? 'jokerball' : 'zola');

/** The board's size from its position string: Jokerball's side, or Zola's rows. */
export const boardSize = (kind, position) => (kind === 'jokerball' ? (rowsOf(position) + 1) / 2 : rowsOf(position));

/** Whether a position string that neither game reads looks like Jokerball's (odd row counts). */
export const looksLikeJokerball = (position) => rowsOf(position) % 2 === 1;

/** [kind, size] of the empty board drawn for a missing or bad position string, by its rows. */
export function guessBoard(position) {
  const rows = rowsOf(position ?? '');
  if ([6, 8, 10].includes(rows)) return ['zola', rows];
  return ['jokerball', rows === 7 ? 4 : 6];
}

/**
 * The ball's direction for the dice rolled, as [ball, next]: the ball's cell and the first cell of a
 * legal ball move, found on the view `v` of the element (in phase 'man', on a copy after one of the legal
 * man moves). Null when no ball move shows it.
 */
export function ballStep(v) {
  const from = (moves, ball) => {
    for (const m of moves) {
      const first = m.kind === 'ball' && m.path[0];
      if (first && first !== 'off') return [ball, first];
    }
    return null;
  };
  let way = null;
  let copy = null;
  try {
    if (v.phase === 'ball') way = from(v.obj.legalMovesVerbose(), v.board.ball);
    else if (v.phase === 'man') {
      copy = v.match ? v.obj.game : v.obj.clone();
      for (const m of copy.legalMovesVerbose()) {
        const c = copy.clone();
        try {
          c.play(m.notation);
          if (c.phase === 'ball') way = from(c.legalMovesVerbose(), c.board().ball);
        } finally {
          c.free();
        }
        if (way) break;
      }
    }
  } finally {
    copy?.free();
  }
  return way;
}

/** The cells a record names ('3/4 b1-d1 f6>f8', 'c3xd3'): those between the move signs that isCell(). */
export function lastMoveCells(record, isCell) {
  const out = new Set();
  for (const part of record.split(' ').filter((x) => /[a-z]\d/.test(x))) {
    for (const c of part.split(/[-x>]/)) if (isCell(c)) out.add(c);
  }
  return out;
}


/** The results of a match's games, or a lone game's result (once it is won) as a list of one. */
export function results(obj) {
  if (obj instanceof Match) return obj.results;
  const w = obj.winner;
  return w ? [{ winner: w, points: 1, cube: 1, how: obj instanceof Zola ? 'captured-all' : 'goal' }] : [];
}

/**
 * Who made each record of `hist` (the current game's history of `obj`, whose toJSON() is `state`):
 * records alternate, except that the side to move keeps the move after a swap.
 */
export function movers(obj, state, hist) {
  const m = obj instanceof Match ? obj : null;
  const g = m ? state.current : state;
  const who = new Array(hist.length);
  const over = (m ? m.gamePhase : obj.phase) === 'over';
  if (g.game === 'zola' && !m) {
    let p = g.first;
    hist.forEach((rec, i) => {
      who[i] = p;
      if (rec !== 'swap') p = OTHER[p];
    });
  } else {
    let p = over ? obj.turn : OTHER[obj.turn];
    for (let i = hist.length - 1; i >= 0; i--) {
      who[i] = p;
      p = OTHER[p];
    }
  }
  return who;
}

const COLOURS = { Red: 'red', Blue: 'blue' };
const ACTIONS = { doubles: 'double', takes: 'take', drops: 'drop', resigns: 'resign' };

/**
 * A match game's body lines (its `lines`, RULES 4.2) as { rec } for a record and { player, action } for a
 * cube action or a resignation; the result line is left out.
 */
export function readLines(lines) {
  const out = [];
  for (const line of lines) {
    const [who, verb, more] = line.split(' ');
    const player = COLOURS[who];
    if (!player) out.push({ rec: line });
    else if (more === undefined && ACTIONS[verb]) out.push({ player, action: ACTIONS[verb] });
  }
  return out;
}

/** Who made each record of a match game that `first` began: they alternate (no swap in a match). */
export const alternate = (first, lines) => {
  let p = OTHER[first];
  return lines.filter((l) => l.rec !== undefined).map(() => (p = OTHER[p]));
};

/** Whether a game in `phase` is at the start of a turn (before its dice, or before its move). */
export const atTurnStart = (phase) => phase === 'roll' || phase === 'move';

/** Whether the last record of `hist` is a Zola pass ('-': a side without a legal move passes at once). */
export const passedLast = (hist) => hist[hist.length - 1] === '-';
