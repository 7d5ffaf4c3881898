// Our own tile drawings as SVG (no font, no image file), drawn from a tile's face ({kind, red}:
// kinds 0-8 characters, 9-17 circles, 18-26 bamboo, 27-30 winds, 31-33 white, green and red
// dragons, 34 flower, 35 joker): the characters' numeral over a red 万, circles and bamboo
// pips with a corner numeral, the wind's initial in the page's language, the dragons as
// pictures (a frame, a leaf, 中), a flower, a joker; and the back of a tile.
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

function svgText(x, y, size, colour, content, weight = 700) {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${colour}" font-weight="${weight}" ` +
    `text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">${content}</text>`;
}

function pips(suit, n, red) {
  const out = [];
  for (const [i, [px, py]] of PIPS[n].entries()) {
    const x = AREA.x + px * AREA.w, y = AREA.y + py * AREA.h;
    if (suit === 1) {
      let colour = red ? INK.red : INK.blue;
      if (!red && (n === 1 || (n >= 5 && i % 2 === 1))) colour = INK.red;
      if (!red && (n === 3 || n === 6) && i < 2) colour = INK.green;
      const r = n === 1 ? 13 : n <= 4 ? 8.5 : n <= 6 ? 7.5 : 6.2;
      out.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-width="2.4"/>`,
               `<circle cx="${x}" cy="${y}" r="${r / 2.6}" fill="${colour}"/>`);
    } else {
      const colour = red || n === 1 || (n >= 5 && i === Math.floor(n / 2)) ? INK.red : INK.green;
      const h = n === 1 ? 40 : n <= 3 ? 20 : n <= 6 ? 14 : 11;
      const w = n === 1 ? 9 : 5.5;
      out.push(`<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w / 2}" ` +
               `fill="${colour}"/>`,
               `<line x1="${x - w / 2}" x2="${x + w / 2}" y1="${y}" y2="${y}" stroke="#fff" stroke-width="1"/>`);
    }
  }
  return out.join("");
}

// 万 in three strokes, under the characters' numeral.
const WAN = `<path d="M14 52 H46 M26 52 C26 62 22 70 14 76 M27 61 H43 C43 68 41 74 36 76" fill="none" ` +
  `stroke="${INK.red}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`;

function suited(kind, red) {
  const suit = Math.floor(kind / 9), n = kind % 9 + 1;
  const ink = red ? INK.red : INK.dark;
  const dot = red ? `<circle cx="51" cy="11" r="4" fill="${INK.red}"/>` : "";
  if (suit === 0) return svgText(30, 44, 34, ink, String(n), 800) + WAN + dot;
  return svgText(9, 15, 12, ink, String(n), 800) + pips(suit, n, red) + dot;
}

function honour(kind) {
  const name = HONOURS[kind - 27];
  switch (name) {
    case "east": case "south": case "west": case "north":
      return svgText(30, 56, 42, INK.blue, t(`page.tile.letter.${name}`), 800) +
        `<path d="M20 68 H40" stroke="${INK.blue}" stroke-width="3" stroke-linecap="round"/>`;
    case "white":
      return `<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="${INK.blue}" ` +
        `stroke-width="3.5"/><rect x="18" y="20" width="24" height="40" rx="2" fill="none" ` +
        `stroke="${INK.blue}" stroke-width="1.5"/>`;
    case "green":
      return `<path d="M30 10 C14 26 14 44 30 58 C46 44 46 26 30 10 Z" fill="${INK.green}"/>` +
        `<path d="M30 18 V56 M30 30 L22 24 M30 40 L38 34" stroke="#fff" stroke-width="2" fill="none"/>` +
        `<rect x="28" y="54" width="4" height="16" fill="${INK.green}"/>`;
    case "red_dragon":
      return `<rect x="13" y="22" width="34" height="30" rx="3" fill="none" stroke="${INK.red}" stroke-width="5"/>` +
        `<rect x="27" y="8" width="6" height="64" rx="2" fill="${INK.red}"/>`;
    case "flower":
      return [0, 72, 144, 216, 288].map((a) =>
        `<ellipse cx="30" cy="28" rx="7" ry="12" fill="${INK.pink}" transform="rotate(${a} 30 40)"/>`).join("") +
        `<circle cx="30" cy="40" r="6" fill="#f9a825"/>`;
    case "joker":
      return `<path d="M30 8 L36 24 L53 24 L39 34 L44 51 L30 41 L16 51 L21 34 L7 24 L24 24 Z" ` +
        `fill="${INK.purple}"/>` + svgText(30, 70, 12, INK.purple, t("page.tile.caption.joker"), 800);
    default:
      return svgText(30, 50, 24, INK.dark, "?", 800);
  }
}

// The markup of one face (an unknown face is a question mark).
function faceSvg(face) {
  const inner = !face ? svgText(30, 50, 24, INK.dark, "?", 800) :
    face.kind < 27 ? suited(face.kind, face.red) : honour(face.kind);
  return `<svg viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="58" height="78" rx="7" class="tile-face"/>${inner}</svg>`;
}

function backSvg() {
  return `<svg viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="58" height="78" rx="7" class="tile-back"/>` +
    `<rect x="8" y="8" width="44" height="64" rx="5" fill="none" stroke="rgba(255,255,255,.35)" stroke-width="2"/></svg>`;
}

if (typeof module === "object" && module.exports) {
  module.exports = { faceSvg, backSvg };
}
