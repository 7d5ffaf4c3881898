// Words from one catalogue (static/i18n.js, static/catalogue.json) and the tile drawings
// (static/tiles.js), under node --test.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const STATIC = path.join(__dirname, "../../../python/mahjong/play/web/static");
const i18n = require(path.join(STATIC, "i18n.js"));
const page = JSON.parse(fs.readFileSync(path.join(STATIC, "catalogue.json"), "utf8"));
// tiles.js words its captions from the catalogue, as in the page.
global.t = i18n.t;
global.HONOURS = i18n.HONOURS;
const tiles = require(path.join(STATIC, "tiles.js"));

const SERVER = {
  "event.discard": { text: "{seat} {seat|discards|discard} {tile}", params: { seat: "seat", tile: "tile" } },
  "pay.hand": { text: "hand of {seat}: {n} {n|point|points}", params: { seat: "seat", n: "number" } },
  "result.points": { text: "{n}", params: { n: "signed" } },
  "result.thousands": { text: "{n}", params: { n: "thousands" } },
  "dead.why": { text: "dead: {why}", params: { why: "dead" } },
  "dead.cannot_complete": { text: "no hand of the card is possible", params: {} },
  "note.both": { text: "{items}", params: { items: "says" } },
  "list.and": { text: ", ", params: {} },
  "seat.you": { text: "you", params: {} },
  "suit.man": { text: "man", params: {} }, "suit.pin": { text: "pin", params: {} },
  "suit.sou": { text: "sou", params: {} },
};
i18n.loadCatalogue(page, SERVER);
i18n.setNames(["You", "Kiri", "Sora", "Mina"]);
i18n.setFaces({ tiles: { "5mr": { kind: 4, red: true, label: "0m" }, E: { kind: 27, red: false, label: "E" },
                         J: { kind: 35, red: false, label: "J" } },
                suits: ["suit.man", "suit.pin", "suit.sou"] });

test("a message is worded by its parameters' types", () => {
  i18n.setLanguage("en");
  assert.equal(i18n.word({ key: "event.discard", params: { seat: 1, tile: "5mr" } }), "Kiri discards red 5 man");
  assert.equal(i18n.sentence({ key: "event.discard", params: { seat: 0, tile: "E" } }), "You discard East wind");
  assert.equal(i18n.word({ key: "pay.hand", params: { seat: 2, n: 12000 } }), "hand of Sora: 12,000 points");
  assert.equal(i18n.word({ key: "pay.hand", params: { seat: 2, n: 1 } }), "hand of Sora: 1 point");
  assert.equal(i18n.word({ key: "result.points", params: { n: -1500 } }), "-1,500");
  assert.equal(i18n.word({ key: "result.points", params: { n: 300 } }), "+300");
  assert.equal(i18n.word({ key: "result.thousands", params: { n: 41500 } }), "+41.5");
  assert.equal(i18n.word({ key: "result.thousands", params: { n: 0 } }), "0.0");
  assert.equal(i18n.word({ key: "dead.why", params: { why: "cannot_complete" } }), "dead: no hand of the card is possible");
  const three = ["seat.you", "seat.you", "seat.you"].map((key) => ({ key, params: {} }));
  assert.equal(i18n.word({ key: "note.both", params: { items: three } }), "you, you, you");
});

test("Malay from the page's catalogue, English where a key has no Malay, the key as a last resort", () => {
  i18n.setLanguage("ms");
  assert.equal(i18n.t("mark.dealer"), "pengedar");
  assert.equal(i18n.t("page.centre.deposits"), "Deposit riichi"); // the centre's label, the seed's term
  assert.equal(i18n.t("page.save_log"), "Simpan log");
  assert.equal(i18n.t("no.such.key"), "no.such.key");
  assert.equal(i18n.known("page.preset.nothing", "nothing"), "nothing");
  assert.equal(i18n.tileName("E"), "Angin Timur");
  i18n.setLanguage("xx");
  assert.equal(i18n.CAT.lang, "en");
});

test("the page's catalogue has every key in English and Malay, with the same placeholders", () => {
  for (const [key, text] of Object.entries(page.en)) {
    assert.ok(key in page.ms, `no Malay for ${key}`);
    assert.deepEqual(i18n.placeholders(page.ms[key]), i18n.placeholders(text), key);
  }
});

test("tiles are drawn in the page's language: no English caption", () => {
  i18n.setLanguage("ms");
  assert.match(tiles.faceSvg({ kind: 27, red: false }), />T</);
  i18n.setLanguage("en");
  assert.match(tiles.faceSvg({ kind: 27, red: false }), />E</);
  for (let kind = 0; kind < 36; kind++) {
    const svg = tiles.faceSvg({ kind, red: false });
    const words = [...svg.matchAll(/>([^<]+)</g)].map((m) => m[1]);
    for (const w of words) assert.ok(/^([0-9]|[ESWN]|JOKER)$/.test(w), `kind ${kind}: ${w}`);
  }
  assert.match(tiles.faceSvg(undefined), />\?</);
});
