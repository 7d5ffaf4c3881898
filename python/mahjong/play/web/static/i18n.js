// Words: every text the page shows is a catalogue key with parameters ({key, params}), worded
// here from ONE catalogue. The table's keys and their English come from the server (hello's
// `catalogue`: key -> {template, params: {name: type}}); the page's own words and every Malay
// template come from static/catalogue.json ({"en": {...}, "ms": {...}}). A missing key falls
// back to English, then to the key itself. Pure functions: node tests import this file.
"use strict";

const LANGUAGES = { en: "English", ms: "Bahasa Melayu" };
// The honours by kind from 27 on (their words are `page.tile.NAME`).
const HONOURS = ["east", "south", "west", "north", "white", "green", "red_dragon", "flower", "joker"];

// The catalogue in use: templates per language and the parameter types per key.
const CAT = { templates: { en: {}, ms: {} }, types: {}, lang: "en", names: [] };

// Merges the page's own catalogue ({en, ms}) and the server's English entries ({key: {text,
// params}}).
function loadCatalogue(page, server) {
  for (const [lang, entries] of Object.entries(page || {})) {
    CAT.templates[lang] = { ...(CAT.templates[lang] || {}), ...entries };
  }
  for (const [key, entry] of Object.entries(server || {})) {
    CAT.templates.en[key] = entry.text;
    CAT.types[key] = entry.params || {};
  }
}

// Parameter types of the page's own keys that carry numbers (a message's `types`).
function loadTypes(types) {
  Object.assign(CAT.types, types || {});
}

// A key's words, or `fallback` when the catalogue has none (a preset named by its id).
function known(key, fallback) {
  return key in CAT.templates.en || key in (CAT.templates[CAT.lang] || {}) ? t(key) : fallback;
}

function setLanguage(lang) {
  CAT.lang = LANGUAGES[lang] ? lang : "en";
  return CAT.lang;
}

// The seats' names (seat 0 is worded `seat.you`).
function setNames(names) {
  CAT.names = names.slice();
}

function template(key) {
  const own = CAT.templates[CAT.lang] || {};
  if (key in own) return own[key];
  if (key in CAT.templates.en) return CAT.templates.en[key];
  return key;
}

function grouped(n) {
  const digits = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return (n < 0 ? "-" : "") + digits;
}

function signed(n) {
  return (n > 0 ? "+" : "") + grouped(n);
}

function thousands(n) {
  const text = (Math.abs(n) / 1000).toFixed(1);
  return (n > 0 ? "+" : n < 0 ? "-" : "") + text;
}

// The spoken name of a tile from its face ({kind, red}): "5 pin, red", "East wind".
function tileWords(face, suits) {
  if (!face) return t("page.tile.unknown");
  if (face.kind < 27) {
    const words = `${face.kind % 9 + 1} ${t(suits[Math.floor(face.kind / 9)])}`;
    return face.red ? t("page.tile.red_five", { name: words }) : words;
  }
  return t(`page.tile.${HONOURS[face.kind - 27] || "unknown"}`);
}

// Set by the table: tile name -> face, and the suits' keys.
const FACES = { tiles: {}, suits: ["suit.man", "suit.pin", "suit.sou"] };

function setFaces(faces) {
  FACES.tiles = faces.tiles;
  FACES.suits = faces.suits;
}

function tileName(name) {
  return tileWords(FACES.tiles[name], FACES.suits);
}

function seatName(seat) {
  return seat === 0 ? t("seat.you") : (CAT.names[seat] ?? String(seat));
}

// One parameter's value as text, by its type.
function shown(type, value) {
  switch (type) {
    case "number": return grouped(value);
    case "signed": return signed(value);
    case "thousands": return thousands(value);
    case "count": case "text": case "flag": case undefined: return String(value);
    case "tile": return tileName(value);
    case "tiles": return value.map(tileName).join(", ");
    case "either": return value.map(tileName).join(t("list.or"));
    case "seat": return seatName(value);
    case "whose": return value === 0 ? t("whose.you") : t("whose.seat", { name: seatName(value) });
    case "say": return word(value);
    case "says": return value.map(word).join(t("list.and"));
    default: return word({ key: `${type}.${value}`, params: {} });
  }
}

// Fills a template: {name} and {name|one|other} (the word for 1, the word for any other n).
function fill(text, params, types) {
  return text.replace(/\{([A-Za-z_0-9]+)(?:\|([^|}]*)\|([^}]*))?\}/g, (all, name, one, other) => {
    if (!(name in params)) return all;
    const value = params[name];
    if (one !== undefined) return value === 1 ? one : other;
    return shown(types[name], value);
  });
}

// A catalogue entry worded: t("centre.honba"), t("page.concealed", {n: 3}).
function t(key, params = {}) {
  return fill(template(key), params, CAT.types[key] || {});
}

// A message ({key, params}) worded.
function word(say) {
  if (say === null || say === undefined) return "";
  return t(say.key, say.params || {});
}

// A message shown on its own: its first letter capitalised.
function sentence(say) {
  const text = word(say);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The {placeholder} names of a template, each once (tests compare languages with them).
function placeholders(text) {
  return [...new Set([...String(text).matchAll(/\{([A-Za-z_0-9]+)(?:\|[^}]*)?\}/g)].map((m) => m[1]))].sort();
}

if (typeof module === "object" && module.exports) {
  module.exports = { CAT, FACES, HONOURS, LANGUAGES, loadCatalogue, loadTypes, known, setLanguage, setNames, setFaces, t, word,
                     sentence, fill, grouped, signed, thousands, tileName, tileWords, seatName,
                     placeholders };
}
