// Our own tile drawings as SVG (no font, no image file): suits with a numeral and pips,
// winds, dragons, red fives in red, American flowers and jokers, and the back of a tile.
// tileSvg(family, name) returns the markup of one face; tileName(family, name) its
// accessible name from the catalogue (i18n.js).
"use strict";

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.5, 0.25], [0.5, 0.75]],
  3: [[0.22, 0.2], [0.5, 0.5], [0.78, 0.8]],
  4: [[0.28, 0.27], [0.72, 0.27], [0.28, 0.73], [0.72, 0.73]],
  5: [[0.25, 0.22], [0.75, 0.22], [0.5, 0.5], [0.25, 0.78], [0.75, 0.78]],
  6: [[0.28, 0.2], [0.72, 0.2], [0.28, 0.5], [0.72, 0.5], [0.28, 0.8], [0.72, 0.8]],
  7: [[0.2, 0.14], [0.5, 0.24], [0.8, 0.34], [0.28, 0.6], [0.72, 0.6], [0.28, 0.86], [0.72, 0.86]],
  8: [[0.28, 0.13], [0.72, 0.13], [0.28, 0.38], [0.72, 0.38], [0.28, 0.62], [0.72, 0.62],
      [0.28, 0.87], [0.72, 0.87]],
  9: [[0.2, 0.17], [0.5, 0.17], [0.8, 0.17], [0.2, 0.5], [0.5, 0.5], [0.8, 0.5],
      [0.2, 0.83], [0.5, 0.83], [0.8, 0.83]],
};
const INK = { red: "#c62828", green: "#1b7a3a", blue: "#1a3f8f", dark: "#1d1d1d",
              purple: "#7b1fa2", pink: "#d81b60" };
// The pip area inside the 60 x 80 face.
const AREA = { x: 10, y: 20, w: 40, h: 54 };

// A tile name as {suit, number, red, honour}: suits m/p/s (Riichi: 5mr, 3p) or C/D/B
// (American: 5C); honours by name.
function parseTile(family, name) {
  if (family === "riichi") {
    const m = /^([1-9])([mps])(r?)$/.exec(name);
    if (m) return { suit: m[2], number: +m[1], red: m[3] === "r" };
    return { honour: { E: "E", S: "S", W: "W", N: "N", P: "white", F: "green", C: "red" }[name] };
  }
  const m = /^([1-9])([CDB])$/.exec(name);
  if (m) return { suit: { C: "m", D: "p", B: "s" }[m[2]], number: +m[1], red: false };
  return { honour: { E: "E", S: "S", W: "W", N: "N", "0": "white", G: "green", R: "red",
                     F: "flower", J: "joker" }[name] };
}

function text(x, y, size, colour, content, weight = 700, extra = "") {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${colour}" font-weight="${weight}" ` +
    `text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" ${extra}>` +
    `${content}</text>`;
}

function pips(tile) {
  const n = tile.number;
  const out = [];
  for (const [i, [px, py]] of PIPS[n].entries()) {
    const x = AREA.x + px * AREA.w, y = AREA.y + py * AREA.h;
    let colour = tile.red ? INK.red : INK.blue;
    if (tile.suit === "p") {
      if (!tile.red && (n === 1 || (n >= 5 && i % 2 === 1))) colour = INK.red;
      if (!tile.red && (n === 3 || n === 6) && i < 2) colour = INK.green;
      const r = n === 1 ? 13 : n <= 4 ? 8.5 : n <= 6 ? 7.5 : 6.2;
      out.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-width="2.4"/>`,
               `<circle cx="${x}" cy="${y}" r="${r / 2.6}" fill="${colour}"/>`);
    } else {
      colour = tile.red ? INK.red : (n === 1 || (n >= 5 && i === Math.floor(n / 2))) ? INK.red : INK.green;
      const h = n === 1 ? 40 : n <= 3 ? 20 : n <= 6 ? 14 : 11;
      const w = n === 1 ? 9 : 5.5;
      out.push(`<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w / 2}" ` +
               `fill="${colour}"/>`,
               `<line x1="${x - w / 2}" x2="${x + w / 2}" y1="${y}" y2="${y}" stroke="#fff" stroke-width="1"/>`);
    }
  }
  return out.join("");
}

function face(family, name) {
  const tile = parseTile(family, name);
  if (tile.suit) {
    const numColour = tile.red ? INK.red : INK.dark;
    const suitWord = family === "riichi" ? { m: "MAN", p: "PIN", s: "SOU" }[tile.suit]
                                         : { m: "CRAK", p: "DOT", s: "BAM" }[tile.suit];
    if (tile.suit === "m") {
      return text(30, 44, 34, numColour, String(tile.number), 800) +
        text(30, 70, 13, tile.red ? INK.red : INK.red, suitWord, 800) +
        (tile.red ? `<circle cx="50" cy="12" r="4" fill="${INK.red}"/>` : "");
    }
    return text(9, 15, 12, numColour, String(tile.number), 800) + pips(tile) +
      (tile.red ? `<circle cx="51" cy="11" r="4" fill="${INK.red}"/>` : "");
  }
  switch (tile.honour) {
    case "E": case "S": case "W": case "N":
      return text(30, 52, 38, INK.blue, tile.honour, 800) +
        text(30, 71, 10, INK.blue, { E: "EAST", S: "SOUTH", W: "WEST", N: "NORTH" }[tile.honour], 700);
    case "white":
      return `<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="${INK.blue}" ` +
        `stroke-width="3.5"/><rect x="18" y="20" width="24" height="40" rx="2" fill="none" ` +
        `stroke="${INK.blue}" stroke-width="1.5"/>` + (family === "american" ? text(30, 46, 13, INK.blue, "0", 800) : "");
    case "green":
      return `<path d="M30 12 C16 26 16 40 30 52 C44 40 44 26 30 12 Z" fill="${INK.green}"/>` +
        `<rect x="28" y="44" width="4" height="20" fill="${INK.green}"/>` +
        text(30, 76, 10, INK.green, "GREEN", 800);
    case "red":
      return `<rect x="13" y="14" width="34" height="46" rx="4" fill="${INK.red}"/>` +
        `<rect x="27" y="8" width="6" height="60" fill="${INK.red}"/>` +
        `<rect x="19" y="22" width="22" height="30" rx="2" fill="none" stroke="#fff" stroke-width="2"/>` +
        text(30, 76, 10, INK.red, "RED", 800);
    case "flower":
      return [0, 72, 144, 216, 288].map((a) =>
        `<ellipse cx="30" cy="28" rx="7" ry="12" fill="${INK.pink}" transform="rotate(${a} 30 40)"/>`).join("") +
        `<circle cx="30" cy="40" r="6" fill="#f9a825"/>` + text(30, 74, 10, INK.pink, "FLOWER", 800);
    case "joker":
      return `<path d="M30 10 L36 26 L53 26 L39 36 L44 53 L30 43 L16 53 L21 36 L7 26 L24 26 Z" ` +
        `fill="${INK.purple}"/>` + text(30, 72, 13, INK.purple, "JOKER", 800);
    default:
      return text(30, 50, 24, INK.dark, "?", 800);
  }
}

function tileSvg(family, name) {
  return `<svg viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="58" height="78" rx="7" class="tile-face"/>` + face(family, name) + `</svg>`;
}

function backSvg() {
  return `<svg viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="58" height="78" rx="7" class="tile-back"/>` +
    `<rect x="8" y="8" width="44" height="64" rx="5" fill="none" stroke="rgba(255,255,255,.35)" stroke-width="2"/></svg>`;
}

// The accessible name: "5 pin, red", "East wind", "Joker".
function tileName(family, name) {
  const tile = parseTile(family, name);
  if (tile.suit) {
    const suit = t(family === "riichi" ? "suit_" + tile.suit : "suitA_" + tile.suit);
    return `${tile.number} ${suit}` + (tile.red ? `, ${t("red")}` : "");
  }
  return t("honour_" + (tile.honour || "unknown"));
}
