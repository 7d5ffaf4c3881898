// The web table: draws the snapshot the server sends (the table as seat 0 sees it, the same
// for every kind of game) and sends what the player does. No rule is decided and no game is
// named here: which tiles may be played, the buttons, the reasons and the results all come
// from the server, which checks every message; every word is a catalogue key (i18n.js).
"use strict";

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = "mahjong-web-settings";
const TAB_KEY = "mahjong-web-tab";
const DEFAULTS = { size: 44, theme: "light", delay: null, rules: null, card: null,
                   contrast: 50, grain: 50, temperature: 50 };
const PLAY = "play"; // the tile mode in which a confirmed tile is simply played

let settings = loadSettings();
let socket = null;
let hello = null;      // the server's hello: presets, cards, catalogue
let state = null;      // the last snapshot
let selected = -1;     // index of the selected tile in the hand as shown (-1: none)
let pendingKey = null; // a button with several ways, waiting for 1-9
let replay = null;     // {frames, index} while a deal is replayed
let showTable = false; // the table instead of the result of a finished deal

function loadSettings() {
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
  } catch (e) {
    kept = {};
  }
  const lang = new URLSearchParams(location.search).get("lang") || localStorage.getItem("lang");
  return { ...DEFAULTS, ...kept, lang: lang || kept.lang || "en" };
}

function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  localStorage.setItem("lang", settings.lang);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;",
                                                 '"': "&quot;", "'": "&#39;" }[c]));
}

// -- tiles -------------------------------------------------------------------------------

// One tile: `turn` its rotation on screen (0, 90, 180, 270), `back` face down.
function tileHtml(name, opts = {}) {
  const classes = ["tile", `t${opts.turn || 0}`];
  if (opts.cls) classes.push(opts.cls);
  if (opts.back) {
    return `<span class="${classes.join(" ")} back" aria-hidden="true">${backSvg()}</span>`;
  }
  const face = FACES.tiles[name];
  if (face && face.kind === 35) classes.push("wild");
  const label = tileName(name) + (opts.note ? `, ${opts.note}` : "");
  const attrs = `class="${classes.join(" ")}" data-tile="${esc(name)}" aria-label="${esc(label)}"` +
    (opts.attrs || "");
  if (opts.button) return `<button type="button" ${attrs}>${faceSvg(face)}</button>`;
  return `<span role="img" ${attrs}>${faceSvg(face)}</span>`;
}

function tilesHtml(tiles, opts = {}) {
  return tiles.map((name) => tileHtml(name, opts)).join("");
}

function backsHtml(count, place) {
  const one = tileHtml("", { back: true, turn: turnOf(place, false) });
  return `<span class="backs" role="img" data-concealed="${count}" ` +
    `aria-label="${esc(t("page.concealed", { n: count }))}">${one.repeat(count)}</span>`;
}

// -- the table ---------------------------------------------------------------------------

function plate(side) {
  const marks = side.marks.map((m) => `<span class="badge mark" data-mark="${esc(m.key)}">${esc(word(m))}</span>`);
  if (side.dealer) marks.unshift(`<span class="badge dealer">${esc(t("mark.dealer"))}</span>`);
  if (side.turn) marks.push(`<span class="badge turn">${esc(t("seat.turn"))}</span>`);
  const who = side.seat === 0 ? "" : ` <span class="ai">${esc(t("page.ai"))}</span>`;
  return `<div class="plate"><span class="wind" title="${esc(t(`wind.${side.wind}`))}">` +
    `${esc(t(`page.wind_letter.${side.wind}`))}</span> <b class="name">${esc(seatName(side.seat))}</b>${who} ` +
    `<span class="score">${esc(word(side.score_text))}</span> ${marks.join(" ")}</div>`;
}

function meldHtml(side, meld, place, exchange) {
  const { order, sideways } = meldOrder(meld, side.seat, state.seats.length);
  const last = order.length - 1;
  const tiles = order.map((i, at) => {
    const name = meld.tiles[i];
    const turned = at === sideways;
    const down = meld.concealed && (at === 0 || at === last);
    const takes = exchange && meld.jokers.includes(i);
    return tileHtml(name, {
      turn: turnOf(place, turned), back: down,
      note: turned && meld.from_seat !== null ? t("seat.from", { seat: meld.from_seat }) : "",
      cls: takes ? "exchangeable" : "",
      attrs: takes ? ` data-owner="${side.seat}" tabindex="0"` : "",
    });
  }).join("");
  return `<span class="meld${meld.flash ? " flash" : ""}" data-meld="${esc(meld.kind)}">${tiles}</span>`;
}

function meldsHtml(side, place) {
  const exchange = state && !replay && state.to_act && waysFrom(state.choices, side.seat).length > 0;
  return side.melds.map((m) => meldHtml(side, m, place, exchange)).join("") +
    (side.kita || []).map((name) => tileHtml(name, { turn: turnOf(place, false), cls: "kita" })).join("");
}

function pondHtml(side, place) {
  return rowsOf(side.pond).map((row) => `<div class="row">` + row.map((d) => tileHtml(d.tile, {
    turn: turnOf(place, d.sideways), cls: [d.called ? "dim" : "", d.offered ? "offered" : ""].join(" ").trim(),
    note: d.sideways ? t("page.declared") : d.called ? t("page.called") : "",
  })).join("") + `</div>`).join("");
}

function seatHtml(side, place) {
  const front = place === "bottom" ? "" :
    `<div class="edge">${backsHtml(side.concealed, place)}</div>`;
  const melds = place === "bottom" ? "" :
    `<div class="melds" data-place="${place}" aria-label="${esc(t("page.melds_of", { name: seatName(side.seat) }))}">` +
    `${meldsHtml(side, place)}</div>`;
  return `<div class="corner">${plate(side)}${melds}</div>` +
    `<div class="front">${front}<div class="pond" data-pond="${side.seat}" data-place="${place}" ` +
    `aria-label="${esc(t("page.discards_of", { name: seatName(side.seat) }))}">${pondHtml(side, place)}</div></div>`;
}

function drawBoard(view) {
  const board = $("board");
  const where = places(view.seats);
  board.dataset.seats = String(view.seats.length);
  for (const el of board.querySelectorAll(".seat")) {
    if (+el.dataset.seat >= view.seats.length) el.remove();
  }
  view.seats.forEach((side, i) => {
    let el = board.querySelector(`.seat[data-seat="${side.seat}"]`);
    if (!el) {
      el = document.createElement("section");
      el.className = "seat";
      el.dataset.seat = String(side.seat);
      board.appendChild(el);
    }
    el.dataset.place = where[i];
    el.classList.toggle("turn", side.turn);
    el.setAttribute("aria-label", seatName(side.seat));
    el.innerHTML = seatHtml(side, where[i]);
  });
  drawCentre(view);
}

// A label of the centre: the page's longer words where it has room for them ("Tiles left"),
// else the table's (`centre.NAME`).
function centreWord(name) {
  return known(`page.centre.${name}`, t(`centre.${name}`));
}

function drawCentre(view) {
  const c = view.centre;
  const fields = c.fields.map((f) => `<dt>${esc(centreWord(f.name))}</dt>` +
    `<dd data-field="${esc(f.name)}">${esc(grouped(f.value))}</dd>`).join("");
  const indicators = c.indicators.length ?
    `<div class="indicators"><span>${esc(centreWord("dora"))}</span> ${tilesHtml(c.indicators)}</div>` : "";
  $("centre").innerHTML = `<div class="round">${esc(sentence(c.title))}</div><dl>${fields}</dl>` +
    indicators + (c.step ? `<div class="step">${esc(sentence(c.step))}</div>` : "");
}

function drawHand(view, live) {
  const hand = view.hand;
  const order = handOrder(hand);
  const playable = live ? new Set(hand.playable) : new Set();
  const flags = pickedFlags(hand);
  $("hand").innerHTML = order.map((name, i) => {
    const isPicked = flags[i];
    const isDrawn = hand.drawn && i === order.length - 1;
    const cls = [playable.has(name) || isPicked ? "playable" : "", isPicked ? "picked" : "",
                 i === selected ? "selected" : "", isDrawn ? "drawn" : ""].filter(Boolean).join(" ");
    const note = [isPicked ? t("page.picked") : "", isDrawn ? t("page.drawn") : ""].filter(Boolean).join(", ");
    return tileHtml(name, { button: true, cls, note, attrs: ` data-index="${i}"` +
      (isPicked ? ` data-picked="1"` : "") + ` aria-pressed="${i === selected}"` });
  }).join("");
  $("hand").setAttribute("aria-label", t("page.hand"));
  $("you-melds").innerHTML = meldsHtml(view.seats[0], "bottom");
}

// Tenpai, the waits with how many of each are not in sight, and furiten with why.
function drawWaits(view) {
  const hand = view.hand;
  const parts = [];
  if (hand.tenpai === true) parts.push(`<span class="badge tenpai">${esc(capital(t("hand.tenpai")))}</span>`);
  if (hand.waits.length) {
    parts.push(`<span class="waits-label">${esc(capital(t("hand.waits")))}:</span>` + hand.waits.map((w) =>
      `<span class="wait" data-wait="${esc(w.tile)}" role="img" aria-label="${esc(t("hand.live", { tile: w.tile, n: w.live }))}">` +
      `${tileHtml(w.tile)}<span class="live" aria-hidden="true">×${w.live}</span></span>`).join(""));
  }
  if (hand.furiten) {
    parts.push(`<span class="badge furiten" data-furiten="${esc(hand.furiten.key)}">${esc(sentence(hand.furiten))}</span>`);
  }
  $("waits").innerHTML = parts.join(" ");
}

// A button's word beside the tiles it pictures: the choice's name when that needs no
// parameter ("Chi" beside 3m 4m 5m), else its whole words.
function buttonWord(choice, words) {
  const key = `choice.${choice.kind}`;
  return key in CAT.types && Object.keys(CAT.types[key]).length === 0 ? t(key) : words;
}

function drawActions(view) {
  const parts = [];
  const live = view.to_act && !replay;
  if (live && view.hand.verb) {
    const ready = selected >= 0 && view.hand.playable.includes(handOrder(view.hand)[selected]);
    parts.push(`<button type="button" class="act primary" data-act="tile"${ready ? "" : " disabled"}>` +
      `<kbd>Enter</kbd> ${esc(sentence(view.hand.verb))}</button>`);
  }
  if (live && view.mode !== PLAY) {
    parts.push(`<button type="button" class="act" data-act="cancel"><kbd>Esc</kbd> ${esc(t("page.cancel"))}</button>`);
  }
  for (const choice of live ? view.choices : []) {
    const several = choice.ways.length > 1;
    const ways = several ? choice.ways : [choice.ways[0] || null];
    ways.forEach((way, i) => {
      const pics = way && way.tiles.length ? `<span class="way-tiles">${tilesHtml(way.tiles)}</span>` : "";
      const warning = way && way.warning ? `<span class="warning">${esc(sentence(way.warning))}</span>` : "";
      const key = several ? `${choice.key}${i + 1}` : choice.key;
      const words = sentence(several ? way.label : choice.label);
      const shown = pics ? buttonWord(choice, words) : words;
      const spoken = way && way.warning ? `${words}: ${sentence(way.warning)}` : words;
      parts.push(`<button type="button" class="act ${esc(choice.style)}${several && pendingKey === choice.key ? " pending" : ""}" ` +
        `data-key="${esc(choice.key)}"${way ? ` data-way="${i}"` : ""} aria-label="${esc(spoken)}" title="${esc(words)}">` +
        `<kbd>${esc(key)}</kbd> <span class="way-word">${esc(shown)}</span>${pics}${warning}</button>`);
    });
  }
  $("actions").innerHTML = parts.join("");
  const why = live ? view.reasons : [];
  $("why").innerHTML = why.map((w) => `<li>${esc(sentence(w))}</li>`).join("");
  $("why").setAttribute("aria-label", t("page.why_not"));
}

function drawMessages(view) {
  $("messages").innerHTML = view.messages.slice(-30).map((m) => `<li>${esc(sentence(m))}</li>`).join("");
}

function drawPrompt(view) {
  $("prompt").textContent = replay ? "" : sentence(view.prompt);
}

// The sizes that keep the table whole (board.js: fit), from the room the window leaves.
function fitTable() {
  if (!state) return;
  const view = shownView();
  const table = $("table");
  const logWidth = Math.min(340, Math.max(200, table.clientWidth * 0.26));
  const meldTiles = view.seats[0].melds.reduce((n, m) => n + m.tiles.length + (m.called === null ? 0 : 1 / 3), 0);
  const rows = rowsNeeded(view.seats);
  const sizes = fit({ width: table.clientWidth - 16, height: table.clientHeight - 12, logWidth,
                      logHeight: 72, handRoom: $("dock").clientWidth - 24, rows,
                      handTiles: handOrder(view.hand).length, meldTiles, size: settings.size });
  table.dataset.log = sizes.log;
  $("log").style.width = sizes.log === "side" ? `${logWidth}px` : "";
  const root = document.documentElement.style;
  root.setProperty("--pw", `${sizes.pond}px`);
  root.setProperty("--hw", `${sizes.hand}px`);
  root.setProperty("--rows", String(rows));
}

// What is drawn: the last state, or a step of the replay (the table alone, over it).
function shownView() {
  if (!replay) return state;
  const frame = replay.frames[replay.index];
  return { ...state, ...frame, to_act: false, choices: [], reasons: [],
           messages: frame.message ? [frame.message] : [] };
}

// The table fitted to the window, the newest message in view.
function relayout() {
  fitTable();
  $("messages").scrollTop = $("messages").scrollHeight;
}

function render() {
  if (!state) return;
  const framed = replay ? replay.frames[replay.index] : null;
  const view = shownView();
  setFaces(view.faces);
  setNames(view.seats.map((s) => s.name));
  document.body.dataset.replay = framed ? "1" : "0";
  drawBoard(view);
  drawHand(view, !framed && view.to_act);
  drawWaits(view);
  drawActions(view);
  drawMessages(view);
  drawPrompt(view);
  drawResult(state);
  $("replay-bar").hidden = !replay;
  if (replay) {
    $("replay-step").textContent = t("page.replay_step", { i: replay.index + 1, n: replay.frames.length });
    $("replay-message").textContent = framed.message ? sentence(framed.message) : "";
  }
  relayout();
}

// -- the result --------------------------------------------------------------------------

function groupHtml(group, winning) {
  const tiles = group.tiles.map((name, i) => {
    const stands = group.stands_for[i];
    return tileHtml(name, { note: stands ? t("page.stands_for", { tile: tileName(stands) }) : "",
                            cls: name === winning ? "winning" : "" }) +
      (stands ? `<span class="stands" aria-hidden="true">=${tileHtml(stands)}</span>` : "");
  }).join("");
  return `<span class="group${group.open ? " open" : ""}">${tiles}</span>`;
}

function scoredHtml(lines, cls) {
  if (!lines.length) return "";
  return `<table class="${cls}">` + lines.map((s) =>
    `<tr><td>${esc(sentence(s.name))}</td><td class="num">${esc(word(s.value))}</td></tr>`).join("") + `</table>`;
}

function winHtml(win) {
  const hand = win.groups.map((g) => groupHtml(g, null)).join("") +
    (win.tile ? `<span class="group win-tile">${tileHtml(win.tile, { cls: "winning", note: t("page.winning_tile") })}</span>` : "");
  const fu = win.fu.length ? `<h4>${esc(t("page.fu"))}</h4>${scoredHtml(win.fu, "fu")}` : "";
  const indicators = win.indicators.map((row) =>
    `<div class="indicators"><span>${esc(sentence(row.label))}</span> ${tilesHtml(row.tiles)}</div>`).join("");
  return `<article class="win" data-win="${win.seat}"><h3>${esc(sentence(win.how))}</h3>` +
    `<div class="win-hand">${hand}</div>` +
    `<div class="scoring"><div><h4>${esc(t("page.value"))}</h4>${scoredHtml(win.value, "value")}</div>` +
    (fu ? `<div>${fu}</div>` : "") + `</div>` +
    `<p class="total">${win.total.map((s) => `<b>${esc(word(s))}</b>`).join(" · ")}</p>` +
    win.notes.map((n) => `<p class="note">${esc(sentence(n))}</p>`).join("") + indicators + `</article>`;
}

function paymentsHtml(payments, seats) {
  const pot = [...payments.rows.map((r) => r.amounts), payments.total].some((a) => a[seats.length] !== 0);
  const columns = seats.length + (pot ? 1 : 0);
  const cell = (n) => `<td class="num ${n > 0 ? "plus" : n < 0 ? "minus" : ""}">${n ? esc(signed(n)) : "0"}</td>`;
  const head = seats.map((s) => `<th>${esc(seatName(s.seat))}</th>`).join("") +
    (pot ? `<th>${esc(t("page.on_table"))}</th>` : "");
  const rows = payments.rows.map((r) => `<tr><th scope="row">${esc(sentence(r.label))}</th>` +
    r.amounts.slice(0, columns).map(cell).join("") + `</tr>`).join("");
  return `<div class="wide"><table class="payments" data-payments="1"><tr><th></th>${head}</tr>${rows}` +
    `<tr class="sum"><th scope="row">${esc(t("page.total"))}</th>${payments.total.slice(0, columns).map(cell).join("")}</tr></table></div>`;
}

function standingsHtml(standings) {
  const names = [...new Set(standings.rows.flatMap((r) => r.parts.map((p) => p.name)))];
  const head = `<tr><th>${esc(t("page.rank"))}</th><th></th><th>${esc(t("page.score"))}</th>` +
    names.map((n) => `<th>${esc(t(`part.${n}`))}</th>`).join("") + `<th>${esc(t("page.result"))}</th></tr>`;
  const rows = standings.rows.map((r) => {
    const parts = names.map((n) => {
      const part = r.parts.find((p) => p.name === n);
      return `<td class="num">${part ? esc(signed(part.amount)) : ""}</td>`;
    }).join("");
    return `<tr><td>${r.rank}</td><td>${esc(seatName(r.seat))}</td><td class="num">${esc(grouped(r.score))}</td>` +
      `${parts}<td class="num"><b>${esc(word(r.result_text))}</b></td></tr>`;
  }).join("");
  return `<h3>${esc(t("page.standings"))}</h3><div class="wide"><table class="standings" data-standings="1">${head}${rows}</table></div>` +
    `<p class="note">${esc(sentence(standings.note))}</p>`;
}

function drawResult(view) {
  const box = $("result");
  if (!view.deal_over || showTable || !view.result) {
    box.hidden = true;
    return;
  }
  const r = view.result;
  let hands = r.wins.map(winHtml).join("");
  if (r.draw) hands += `<h3 class="draw">${esc(sentence(r.draw))}</h3>`;
  r.shown.forEach((group, s) => {
    if (group) hands += `<div class="win-hand shown"><b>${esc(seatName(s))}</b> ${groupHtml(group, null)}</div>`;
  });
  r.dead.forEach((why, s) => {
    if (why) hands += `<p class="dead">${esc(seatName(s))}: ${esc(word(why))}</p>`;
  });
  let sums = `<h4>${esc(t("page.payments"))}</h4>${paymentsHtml(r.payments, view.seats)}` +
    `<p class="scores">${esc(t("page.scores"))}: ${view.seats.map((s) =>
      `${esc(seatName(s.seat))} ${esc(grouped(r.scores[s.seat]))}`).join(" · ")}</p>`;
  const ended = (view.standings && view.standings.ended) || r.ended;
  if (ended) sums += `<p class="ended"><b>${esc(sentence(ended))}</b></p>`;
  if (view.standings) sums += standingsHtml(view.standings);
  const html = `<div class="hands">${hands}</div><div class="sums">${sums}</div>`;
  $("result-body").innerHTML = html;
  const wasHidden = box.hidden;
  box.hidden = false;
  $("result-title").textContent = sentence(r.title);
  $("next-button").innerHTML = `<kbd>n</kbd> ` + esc(view.game_over ? t("page.new_game") :
    capital(t("page.next_unit", { unit: t(view.units[0]) })));
  if (wasHidden) box.focus();
}

// -- doing things ------------------------------------------------------------------------

function confirmTile(index) {
  if (!state || !state.to_act || replay) return;
  const name = handOrder(state.hand)[index];
  if (name === undefined) return;
  send({ type: "tile", tile: name, picked: pickedFlags(state.hand)[index] });
}

function clickTile(index) {
  if (!state || !state.to_act || replay) return;
  const next = click(selected, index);
  selected = next.selected;
  if (next.confirm) {
    confirmTile(index);
  } else {
    render();
    focusSelected();
  }
}

function focusSelected() {
  const el = document.querySelector(`#hand [data-index="${selected}"]`);
  if (el) el.focus();
}

function choose(key, way) {
  if (!state || !state.to_act) return;
  const choice = state.choices.find((c) => c.key === key);
  if (!choice) return;
  pendingKey = null;
  if (choice.mode) {
    send({ type: "choose", key });
  } else if (way !== undefined && way !== null) {
    send({ type: "choose", key, way });
  } else if (choice.ways.length === 1) {
    send({ type: "choose", key, way: 0 });
  } else {
    pendingKey = key; // 1-9 picks the way
    render();
    const first = document.querySelector(`#actions [data-key="${key}"][data-way="0"]`);
    if (first) first.focus();
  }
}

function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A page over the table, opened at its top.
function showPage(title, html) {
  $("page-title").textContent = title;
  $("page-body").innerHTML = html;
  if (!$("page").open) $("page").showModal();
  $("page-body").scrollTop = 0;
  $("page").scrollTop = 0;
  $("page-title").focus();
}

// The card: its legend, then each section's hands spelled in tiles, each group in its suit
// slot's colour.
function cardHtml(card) {
  const legend = `<ul class="legend">${card.legend.map((l) => `<li>${esc(sentence(l))}</li>`).join("")}</ul>`;
  return legend + card.sections.map((s) => `<h3>${esc(s.name)}</h3><table class="card">` +
    s.hands.map((h) => `<tr><td class="num">${h.number}</td><td class="groups">` +
      h.groups.map((g) => `<span class="group slot-${esc(g.slot || "none")}">${tilesHtml(g.tiles)}</span>`).join("") +
      `</td><td class="num">${esc(t("value.points", { n: h.value }))}</td><td>${esc(word(h.xc))}</td>` +
      `<td class="away">${h.away === null ? "" : esc(t("page.away", { n: h.away }))}</td>` +
      `<td class="note">${esc(h.note || "")}</td></tr>`).join("") + `</table>`).join("");
}

function rulesHtml(page) {
  return page.sections.map((s) => `<h3>${esc(sentence(s.title))}</h3><ul>` +
    s.items.map((i) => `<li>${esc(sentence(i))}</li>`).join("") + `</ul>`).join("");
}

function onState(message) {
  const before = state;
  state = message;
  const body = document.body.dataset;
  body.seq = String(+(body.seq || 0) + 1);
  body.toAct = message.to_act ? "1" : "0";
  body.dealOver = message.deal_over ? "1" : "0";
  body.gameOver = message.game_over ? "1" : "0";
  if (!before || before.deal !== message.deal || before.game !== message.game) {
    showTable = false;
    replay = null;
  }
  if (!message.to_act) pendingKey = null;
  selected = keptSelection(before, message, selected);
  render();
  if (message.to_act && !replay && document.activeElement &&
      (document.activeElement.closest("#hand") || document.activeElement.closest("#actions"))) {
    if (selected >= 0) focusSelected();
    else $("hand").focus();
  }
}

function onMessage(message) {
  switch (message.type) {
    case "hello":
      hello = message;
      if (message.tab) sessionStorage.setItem(TAB_KEY, message.tab);
      loadCatalogue({}, message.catalogue);
      setupMenu();
      if (settings.delay !== null && settings.delay !== message.delay) send({ type: "speed", delay: settings.delay });
      break;
    case "state":
      onState(message);
      break;
    case "error":
      document.body.dataset.errors = String(+(document.body.dataset.errors || 0) + 1);
      toast(`${t("page.error")}: ${message.text}`);
      if (message.code === "full") $("prompt").textContent = message.text;
      break;
    case "log":
      download(message.name, message.text);
      toast(t("page.log_saved", { name: message.name }));
      break;
    case "replay":
      replay = { frames: message.frames, index: 0 };
      render();
      $("replay-next").focus();
      break;
    case "advice":
      showPage(t("page.advice"), `<ul class="advice">${message.lines.map((l) => `<li>${esc(sentence(l))}</li>`).join("")}</ul>`);
      break;
    case "card":
      if (message.card) showPage(message.card.name, cardHtml(message.card));
      break;
    case "rules":
      loadTypes(message.types);
      showPage(`${sentence(message.title)} · ${t("page.rules_of", { preset: presetName(message.preset) })}`,
               rulesHtml(message));
      break;
    default:
      break;
  }
}

// This tab's token: a reload of the tab finds its game again (the server keeps it a while).
function tabToken() {
  let token = sessionStorage.getItem(TAB_KEY);
  if (!token || !/^[0-9a-f]{32}$/.test(token)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem(TAB_KEY, token);
  }
  return token;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws?tab=${tabToken()}`);
  socket.onmessage = (event) => onMessage(JSON.parse(event.data));
  socket.onclose = () => {
    document.body.dataset.closed = "1";
    $("prompt").textContent = t("page.connection_lost");
  };
}

// -- settings and the menu ---------------------------------------------------------------

// The look of the page: theme, tile size, and the header's sliders (50 changes nothing).
function applyLook() {
  const root = document.documentElement.style;
  document.body.dataset.theme = settings.theme;
  root.setProperty("--tile-w", `${settings.size}px`);
  root.setProperty("--contrast", String(0.5 + settings.contrast / 100));
  root.setProperty("--grain", String(settings.grain / 100 * 0.5));
  const warm = (settings.temperature - 50) / 50;
  root.setProperty("--tint", warm >= 0 ? `rgba(255, 150, 40, ${(warm * 0.22).toFixed(3)})`
                                       : `rgba(60, 140, 255, ${(-warm * 0.22).toFixed(3)})`);
  for (const name of ["contrast", "grain", "temperature"]) {
    $(`set-${name}`).value = settings[name];
    $(`out-${name}`).textContent = `${settings[name]}%`;
  }
}

function applySettings() {
  settings.lang = setLanguage(settings.lang);
  document.documentElement.lang = settings.lang;
  applyLook();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  $("set-lang").value = settings.lang;
  for (const option of $("set-rules").options) option.textContent = presetName(option.value);
  const title = hello ? t(`page.title.${hello.family}`) : "";
  $("title").textContent = title;
  document.title = title;
  const keys = [...KEYS, ...(state && state.pages.includes("card") ? [["c", "keys.card"]] : [])];
  $("keys-help").innerHTML = keys.map(([key, what]) => `<dt>${esc(key)}</dt><dd>${esc(t(what))}</dd>`).join("");
  render();
}

// The page's keys (a choice's key is on its button).
const KEYS = [
  ["← →", "page.key.select"], ["Enter", "page.key.confirm"], ["1-9", "page.key.way"],
  ["Esc", "page.key.back"], ["n", "page.key.next"], ["s", "page.key.save"],
  ["h", "page.key.advice"], ["v", "page.key.view"], ["?", "page.key.menu"],
];

function presetName(preset) {
  return known(`page.preset.${preset}`, preset);
}

function setupMenu() {
  const rules = $("set-rules");
  rules.innerHTML = hello.presets.map((p) => `<option value="${esc(p)}"></option>`).join("");
  rules.value = settings.rules && hello.presets.includes(settings.rules) ? settings.rules : hello.rules;
  $("card-label").hidden = !hello.cards.length;
  $("menu-card").hidden = !hello.cards.length;
  $("set-card").innerHTML = hello.cards.map((c) => `<option>${esc(c)}</option>`).join("");
  if (hello.cards.length) $("set-card").value = settings.card && hello.cards.includes(settings.card) ? settings.card : hello.card;
  $("set-speed").value = String(settings.delay !== null ? settings.delay : hello.delay);
  if (!$("set-speed").value) {
    $("set-speed").insertAdjacentHTML("beforeend", `<option value="${hello.delay}">${hello.delay} s</option>`);
    $("set-speed").value = String(hello.delay);
  }
  applySettings();
}

function initMenu() {
  $("set-lang").innerHTML = Object.entries(LANGUAGES).map(([code, name]) => `<option value="${code}">${esc(name)}</option>`).join("");
  $("set-size").value = settings.size;
  $("set-theme").value = settings.theme;
  const changed = () => {
    settings.size = +$("set-size").value;
    settings.theme = $("set-theme").value;
    settings.lang = $("set-lang").value;
    settings.rules = $("set-rules").value || null;
    settings.card = $("set-card").value || null;
    for (const name of ["contrast", "grain", "temperature"]) settings[name] = +$(`set-${name}`).value;
    saveSettings();
    applySettings();
  };
  for (const id of ["set-size", "set-theme", "set-lang", "set-rules", "set-card",
                    "set-contrast", "set-grain", "set-temperature"]) {
    $(id).addEventListener("change", changed);
    $(id).addEventListener("input", changed);
  }
  $("set-speed").addEventListener("change", () => {
    settings.delay = +$("set-speed").value;
    saveSettings();
    send({ type: "speed", delay: settings.delay });
  });
  $("menu-button").addEventListener("click", () => $("menu").showModal());
  $("menu-close").addEventListener("click", () => $("menu").close());
  $("page-close").addEventListener("click", () => $("page").close());
  $("new-game").addEventListener("click", () => {
    const seedText = $("set-seed").value.trim();
    const message = { type: "new", rules: $("set-rules").value };
    if (hello && hello.cards.length) message.card = $("set-card").value;
    if (/^[0-9]+$/.test(seedText)) message.seed = Number(seedText);
    send(message);
    $("menu").close();
  });
  $("menu-save").addEventListener("click", () => send({ type: "log" }));
  $("menu-advice").addEventListener("click", () => { $("menu").close(); send({ type: "advice" }); });
  $("menu-card").addEventListener("click", () => { $("menu").close(); send({ type: "card" }); });
  $("menu-rules").addEventListener("click", () => { $("menu").close(); send({ type: "rules" }); });
  $("rules-button").addEventListener("click", () => send({ type: "rules" }));
  $("next-button").addEventListener("click", () => send({ type: "next" }));
  $("save-button").addEventListener("click", () => send({ type: "log" }));
  $("replay-button").addEventListener("click", () => send({ type: "replay" }));
  $("view-button").addEventListener("click", toggleView);
  $("replay-prev").addEventListener("click", () => stepReplay(-1));
  $("replay-next").addEventListener("click", () => stepReplay(1));
  $("replay-end").addEventListener("click", () => { replay = null; render(); });
}

function exchangeJoker(owner) {
  const ways = waysFrom(state.choices, owner);
  if (ways.length === 1) choose(ways[0].key, ways[0].way);
  else if (ways.length > 1) choose(ways[0].key, null); // 1-9 picks which tile to give
}

function toggleView() {
  if (!state || !state.deal_over) return;
  showTable = !showTable;
  $("view-button").textContent = showTable ? t("page.show_result") : t("page.show_table");
  let back = $("back-to-result");
  if (showTable && !back) {
    $("prompt").insertAdjacentHTML("afterend", `<button type="button" id="back-to-result"></button>`);
    back = $("back-to-result");
    back.textContent = t("page.show_result");
    back.addEventListener("click", toggleView);
  } else if (!showTable && back) {
    back.remove();
  }
  render();
}

function stepReplay(step) {
  if (!replay) return;
  replay.index = Math.max(0, Math.min(replay.frames.length - 1, replay.index + step));
  render();
}

// -- clicks and keys ---------------------------------------------------------------------

document.addEventListener("click", (event) => {
  const tile = event.target.closest("#hand [data-index]");
  if (tile) {
    clickTile(+tile.dataset.index);
    return;
  }
  const joker = event.target.closest(".meld .tile.exchangeable");
  if (joker) {
    exchangeJoker(+joker.dataset.owner);
    return;
  }
  const act = event.target.closest("#actions button");
  if (!act) return;
  if (act.dataset.act === "tile") confirmTile(selected);
  else if (act.dataset.act === "cancel") send({ type: "mode", mode: PLAY });
  else if (act.dataset.key) choose(act.dataset.key, act.dataset.way !== undefined ? +act.dataset.way : null);
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if ($("menu").open || $("page").open) return; // the dialog's own keys (Esc closes it)
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
  const key = event.key;
  const onButton = target && target.tagName === "BUTTON" && !target.closest("#hand");
  if (replay) {
    if (key === "ArrowLeft") stepReplay(-1);
    else if (key === "ArrowRight") stepReplay(1);
    else if (key === "Escape") { replay = null; render(); }
    else return;
    event.preventDefault();
    return;
  }
  if (key === "ArrowLeft" || key === "ArrowRight") {
    if (!state || !state.to_act) return;
    selected = arrow(selected, key, handOrder(state.hand).length);
    render();
    focusSelected();
    event.preventDefault();
    return;
  }
  if (key === "Enter") {
    if (onButton) return; // the focused button's own click
    if (target && target.classList && target.classList.contains("exchangeable")) {
      exchangeJoker(+target.dataset.owner);
    } else if (state && state.to_act && selected >= 0) {
      confirmTile(selected);
    }
    event.preventDefault();
    return;
  }
  if (key === "Escape") {
    pendingKey = null;
    selected = -1;
    if (state && state.to_act && state.mode !== PLAY) send({ type: "mode", mode: PLAY });
    render();
    return;
  }
  if (!state) return;
  if (/^[1-9]$/.test(key) && pendingKey) {
    const choice = state.choices.find((c) => c.key === pendingKey);
    if (choice && +key <= choice.ways.length) choose(pendingKey, +key - 1);
    event.preventDefault();
    return;
  }
  const lower = key === " " ? "x" : key;
  if (state.to_act && state.choices.some((c) => c.key === lower)) {
    choose(lower, null);
    event.preventDefault();
    return;
  }
  if (key === "n" && state.deal_over) send({ type: "next" });
  else if (key === "s") send({ type: "log" });
  else if (key === "h") send({ type: "advice" });
  else if (key === "c" && state.pages.includes("card")) send({ type: "card" });
  else if (key === "v") toggleView();
  else if (key === "?") $("menu").showModal();
  else return;
  event.preventDefault();
});

// A warning before leaving the page while a game is on (a reload of the tab resumes it).
window.addEventListener("beforeunload", (event) => {
  if (state && !state.game_over && document.body.dataset.closed !== "1") {
    event.preventDefault();
    event.returnValue = "";
  }
});

window.addEventListener("resize", relayout);

async function start() {
  try {
    const answer = await fetch("/static/catalogue.json");
    loadCatalogue(await answer.json(), {});
  } catch (e) {
    // the page still works, in its keys
  }
  initMenu();
  applySettings();
  connect();
}

start();
