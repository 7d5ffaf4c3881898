// The table's geometry and select-then-confirm (static/board.js), under node --test.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const board = require(path.join(__dirname, "../../../python/mahjong/play/web/static/board.js"));

test("seats sit around the table from the seat list: next on the right, previous on the left", () => {
  assert.deepEqual([0, 1, 2, 3].map((r) => board.placeOf(r, 4)), ["bottom", "right", "top", "left"]);
  assert.deepEqual([0, 1, 2].map((r) => board.placeOf(r, 3)), ["bottom", "right", "left"]);
  const seats = [0, 1, 2].map((seat) => ({ seat, pond: [] }));
  assert.deepEqual(board.places(seats), ["bottom", "right", "left"]);
});

test("a pond is read in rows of six, oldest first", () => {
  const rows = board.rowsOf([...Array(14).keys()]);
  assert.deepEqual(rows.map((r) => r.length), [6, 6, 2]);
  assert.equal(rows[1][0], 6);
  assert.equal(board.rowsNeeded([{ pond: Array(19) }, { pond: [] }]), 4);
  assert.equal(board.rowsNeeded([{ pond: Array(5) }]), board.MIN_ROWS);
});

test("tiles face their owner; a sideways one turns a quarter more", () => {
  assert.equal(board.turnOf("bottom", false), 0);
  assert.equal(board.turnOf("top", false), 180);
  assert.equal(board.turnOf("right", false), 270);
  assert.equal(board.turnOf("left", false), 90);
  for (const place of ["bottom", "right", "top", "left"]) {
    const turn = board.turnOf(place, true) - board.turnOf(place, false);
    assert.equal((turn + 360) % 360, 270, place);
  }
});

test("the table fits the room it has, the messages beside it when that leaves a larger table", () => {
  const common = { logWidth: 300, logHeight: 72, rows: 3, handTiles: 14, meldTiles: 0, size: 44 };
  const wide = board.fit({ ...common, width: 1264, height: 600, handRoom: 1256 });
  assert.equal(wide.log, "side");
  assert.ok(wide.pond * board.squareUnits(3) <= 600, "the square fits the height");
  const tall = board.fit({ ...common, width: 374, height: 560, handRoom: 366 });
  assert.equal(tall.log, "below");
  assert.ok(tall.pond * board.squareUnits(3) <= 374, "the square fits the width");
  assert.ok(tall.hand * 14.5 <= 366, "the hand fits its row");
  const big = board.fit({ ...common, width: 3000, height: 3000, handRoom: 3000 });
  assert.equal(big.hand, 44, "never larger than chosen");
  assert.equal(big.pond, 33);
  const melds = board.fit({ ...common, width: 1264, height: 600, handRoom: 400, handTiles: 5, meldTiles: 9 + 1 });
  assert.ok(melds.hand * (5 + 0.8 * 10) <= 400);
});

test("nothing is selected for you; one click selects, a second confirms", () => {
  assert.deepEqual(board.click(-1, 3), { selected: 3, confirm: false });
  assert.deepEqual(board.click(3, 3), { selected: 3, confirm: true });
  assert.deepEqual(board.click(3, 5), { selected: 5, confirm: false });
  const hand = { tiles: ["1m", "2m"], drawn: "3m", picked: [] };
  const before = { deal: 1, game: 1, to_act: true, mode: "play", hand };
  assert.equal(board.keptSelection(null, before, 2), -1);
  assert.equal(board.keptSelection(before, { ...before }, 2), 2, "the same hand keeps it");
  const drew = { ...before, hand: { ...hand, drawn: "4m" } };
  assert.equal(board.keptSelection(before, drew, 2), -1, "a new tile: nothing selected");
  assert.equal(board.keptSelection(before, { ...before, to_act: false }, 2), -1);
});

test("the arrows move the selection within the hand", () => {
  assert.equal(board.arrow(-1, "ArrowRight", 14), 0);
  assert.equal(board.arrow(-1, "ArrowLeft", 14), 13);
  assert.equal(board.arrow(0, "ArrowLeft", 14), 0);
  assert.equal(board.arrow(13, "ArrowRight", 14), 13);
  assert.equal(board.arrow(5, "ArrowRight", 14), 6);
  assert.equal(board.arrow(-1, "ArrowRight", 0), -1);
});

test("the hand as shown: the drawn tile last; picked copies flagged once each", () => {
  const hand = { tiles: ["1m", "1m", "2p"], drawn: "1m", picked: ["1m"] };
  assert.deepEqual(board.handOrder(hand), ["1m", "1m", "2p", "1m"]);
  assert.deepEqual(board.pickedFlags(hand), [true, false, false, false]);
});

test("a joker exchange is found by the seat whose meld it takes from", () => {
  const choices = [{ key: "j", ways: [{ target: 2 }, { target: 3 }, { target: 2 }] },
                   { key: "x", ways: [{ target: null }] }];
  assert.deepEqual(board.waysFrom(choices, 2), [{ key: "j", way: 0 }, { key: "j", way: 2 }]);
  assert.deepEqual(board.waysFrom(choices, 1), []);
});

test("a called tile lies toward whom it came from", () => {
  const meld = { tiles: ["3m", "4m", "5m"], called: 0, from_seat: 3 };
  assert.deepEqual(board.meldOrder(meld, 0, 4), { order: [0, 1, 2], sideways: 0 }, "from the left");
  assert.deepEqual(board.meldOrder({ ...meld, from_seat: 1 }, 0, 4), { order: [1, 2, 0], sideways: 2 });
  assert.deepEqual(board.meldOrder({ ...meld, from_seat: 2 }, 0, 4), { order: [1, 0, 2], sideways: 1 });
  assert.deepEqual(board.meldOrder({ ...meld, from_seat: 0 }, 1, 4), { order: [0, 1, 2], sideways: 0 },
                   "seat 0 sits on seat 1's left");
  assert.deepEqual(board.meldOrder({ ...meld, from_seat: 1 }, 0, 3), { order: [1, 2, 0], sideways: 2 });
  assert.deepEqual(board.meldOrder({ ...meld, from_seat: 2 }, 0, 3), { order: [0, 1, 2], sideways: 0 });
  const own = { tiles: ["E", "E", "E", "E"], called: null, from_seat: null };
  assert.deepEqual(board.meldOrder(own, 0, 4), { order: [0, 1, 2, 3], sideways: null });
});
