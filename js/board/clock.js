// <steere-game>'s clocks and claim in a remote game (its `online` property): both players' time left at the
// server's now as clockLeft says it (no clock arithmetic here), the running one redrawn four times a second
// and when the page comes back into view; the low-time warning; Claim the win, and why it is offered.
import { clockLeft } from './engine.js';
import { attr, tell } from './common.js';

/** `ms` as m:ss, rounded up: 0:00 only when nothing is left. */
const mss = (ms) => {
  const s = Math.ceil(ms / 1000);
  return `${(s / 60) | 0}:${String(s % 60).padStart(2, '0')}`;
};

/** The server's timestamp now, as the online view estimates it. */
const serverNow = (on) => Date.now() + (on.serverOffsetMs || 0);

/** The colour seat '0' or '1' holds in element `el`'s game (after a Zola swap, '0' holds Blue). */
export const seatColour = (el, seat) => ((seat === '0') !== !!el._obj.swapped ? 'red' : 'blue');

/** Draws element `el`'s clocks, claim line and button from its online view (`el._on`). */
export function drawClocks(el) {
  clearTimeout(el._tick);
  const on = el._on;
  const c = on?.clock;
  const live = on && !on.over;
  const now = on && serverNow(on);
  el._q('.clocks').hidden = !c;
  if (c) {
    const left = clockLeft(c, now);
    for (const p of ['red', 'blue']) {
      const { reserveMs, delayMs } = left[p];
      const clock = el._q(`[data-clock=${p}]`);
      const run = live && c.running === p;
      // the warning: 10 s or less before the flag falls; said once each time the running player comes to it
      const low = reserveMs + delayMs <= 1e4;
      clock.textContent = mss(reserveMs);
      el._q(`[data-delay=${p}]`).textContent = delayMs ? tell(el._l, ['delay', { time: mss(delayMs) }]) : '';
      attr(clock, 'data-low', low);
      attr(clock.parentNode, 'data-running', run);
      el._low ??= {};
      const said = el._low[p];
      if (run && low && !said) el._note([['lowTime', { player: [p] }]]);
      el._low[p] = low && (run || said);
    }
  }
  // the claim: exactly when the server would take it (canClaim, or claimAt reached since), and no move on its way
  const other = on?.seat === '0' ? '1' : '0';
  const claim = !!live && on.seat != null && el._person() && (on.canClaim || (on.claimAt != null && now >= on.claimAt));
  el._q('[data-action=claimWin]').hidden = !claim;
  const why = el._q('.claim');
  why.hidden = !claim;
  if (claim)
    why.textContent = tell(el._l, [
      'away',
      { player: [seatColour(el, other)], s: ((now - (on.away?.[other] ?? now)) / 1000) | 0 },
    ]);
  if (live && (c?.running || on.claimAt != null)) el._tick = setTimeout(() => el._clock(), 250);
}
