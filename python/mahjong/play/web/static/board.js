// The table's geometry and the hand's selection, as pure functions (node tests import this
// file): where each seat sits, how a pond, a meld and a row of backs are turned for it, the
// sizes that keep the table whole in the window, and select-then-confirm.
"use strict";

const POND_ROW = 6; // discards per row of a pond
const MIN_ROWS = 3; // pond rows the table leaves room for from the start
// Turn of a seat's side of the table, clockwise, as seen from the bottom.
const TURNS = { bottom: 0, right: 270, top: 180, left: 90 };

// Where the seat `rel` places after you sits, at a table of `count` seats: you at the bottom,
// the next player on the right, the previous one on the left, any other across.
function placeOf(rel, count) {
  if (rel === 0) return "bottom";
  if (rel === 1) return "right";
  if (rel === count - 1) return "left";
  return "top";
}

// Every seat's place, by seat, from the snapshot's seat list (seat 0 is you).
function places(seats) {
  return seats.map((s) => placeOf((s.seat - seats[0].seat + seats.length) % seats.length, seats.length));
}

// A list cut into rows of `size`, oldest first.
function rowsOf(items, size = POND_ROW) {
  const rows = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

// How a tile is turned on screen at `place`: a sideways tile (the declaring discard, a called
// tile) is turned a quarter more, counter-clockwise as its owner sees it.
function turnOf(place, sideways) {
  return (TURNS[place] + (sideways ? 270 : 0)) % 360;
}

// The order a meld's tiles are drawn in (indices into `meld.tiles`) and which of them lies
// sideways: the called tile at the end toward whom it came from (the left end from the
// previous player, the middle from across, the right end from the next), as on a real table.
function meldOrder(meld, owner, count) {
  const order = meld.tiles.map((_, i) => i);
  if (meld.called === null || meld.from_seat === null || meld.from_seat === owner) {
    return { order, sideways: meld.called };
  }
  const [called] = order.splice(meld.called, 1);
  const from = placeOf((meld.from_seat - owner + count) % count, count);
  const at = from === "left" ? 0 : from === "top" ? Math.min(1, order.length) : order.length;
  order.splice(at, 0, called);
  return { order, sideways: at };
}

// The pond rows the table must make room for (at least MIN_ROWS).
function rowsNeeded(seats) {
  return Math.max(MIN_ROWS, ...seats.map((s) => Math.ceil(s.pond.length / POND_ROW)));
}

// The side of the square table in pond tile widths (table.css: --side, --mid).
function squareUnits(rows) {
  return 2 * (1.2 + (4 / 3) * rows) + 6.9;
}

// The pond tile width (px) of a square table in `width` x `height`, with room for `rows` pond
// rows: on each side a pond (rows deep, six tiles and a sideways one long) and a row of backs,
// the centre as long as a pond; at most 3/4 of the tile size chosen, at least 12 px.
function pondWidth(width, height, rows, size) {
  const across = squareUnits(rows);
  return Math.max(12, Math.min(size * 0.75, width / across, height / across));
}

// Tile widths (px) that keep the table whole, and where the messages go (`side`: beside the
// table, `below`: under it), whichever leaves the larger table: `width`/`height` the room for
// the table and the messages, `logWidth` the messages' width beside it, `logHeight` their
// height below it, `handRoom` the width of the hand's row, `rows` the pond rows, `handTiles`
// the tiles of your hand, `meldTiles` those of your melds (a sideways one counts 4/3),
// `size` the tile size chosen in the settings.
function fit({ width, height, logWidth, logHeight, handRoom, rows, handTiles, meldTiles, size }) {
  const beside = pondWidth(width - logWidth, height, rows, size);
  const below = pondWidth(width, height - logHeight, rows, size);
  const spare = 1.1 + 0.35 * Math.max(0, Math.ceil(meldTiles / 3) - 1);
  const wanted = handTiles + 0.5 + 0.8 * meldTiles + spare;
  const hand = Math.max(16, Math.min(size, handRoom / wanted));
  return { log: beside >= below ? "side" : "below", pond: Math.floor(Math.max(beside, below) * 10) / 10,
           hand: Math.floor(hand * 10) / 10 };
}

// The hand as shown: the sorted tiles, then the drawn tile apart.
function handOrder(hand) {
  return hand.drawn ? [...hand.tiles, hand.drawn] : hand.tiles.slice();
}

// Which tiles of the hand as shown are picked (the first copies of each picked name).
function pickedFlags(hand) {
  const picked = hand.picked.slice();
  return handOrder(hand).map((name) => {
    const k = picked.indexOf(name);
    if (k < 0) return false;
    picked.splice(k, 1);
    return true;
  });
}

// Select, then confirm: a click on a tile selects it; a click on the selected tile confirms it.
// Returns the new selection and whether the tile is to be played.
function click(selected, index) {
  return selected === index ? { selected, confirm: true } : { selected: index, confirm: false };
}

// The arrow keys move the selection (from none: Right the first tile, Left the last), staying
// within the hand.
function arrow(selected, key, count) {
  if (count === 0) return -1;
  if (selected < 0 || selected >= count) return key === "ArrowLeft" ? count - 1 : 0;
  const step = key === "ArrowLeft" ? -1 : 1;
  return Math.max(0, Math.min(count - 1, selected + step));
}

// The selection kept across a new state: none once the hand or the turn changed (nothing is
// ever chosen for you), the same tile otherwise.
function keptSelection(before, after, selected) {
  const key = (s) => s ? JSON.stringify([s.deal, s.game, s.to_act, s.mode, handOrder(s.hand),
                                         s.hand.picked]) : "";
  return key(before) === key(after) ? selected : -1;
}

// The choices whose ways take a tile from `seat`'s melds (a joker exchange): [{key, way}].
function waysFrom(choices, seat) {
  const found = [];
  for (const choice of choices) {
    choice.ways.forEach((way, i) => { if (way.target === seat) found.push({ key: choice.key, way: i }); });
  }
  return found;
}

if (typeof module === "object" && module.exports) {
  module.exports = { POND_ROW, MIN_ROWS, TURNS, placeOf, places, rowsOf, turnOf, meldOrder, rowsNeeded, squareUnits, pondWidth, fit,
                     handOrder, pickedFlags, click, arrow, keptSelection, waysFrom };
}
