// The web table: draws what the server sends (the table as seat 0 sees it) and sends what
// the player does. No rule is decided here: which tiles may be played, the buttons, the
// reasons and the results all come from the server, which checks every message.
"use strict";

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = "mahjong-web-settings";
const DEFAULTS = { size: 44, theme: "light", contrast: false, delay: null, lang: "en",
                   rules: null, card: null };

let settings = loadSettings();
let socket = null;
let hello = null;    // the server's hello: family, presets, cards
let state = null;    // the last state
let selected = -1;   // index of the selected tile in the hand as shown
let pendingKey = null; // a button with several ways, waiting for 1-9
let replay = null;   // {frames, index} while a deal is replayed
let showTable = false; // the table instead of the result of a finished deal

function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") };
  } catch (e) {
    return { ...DEFAULTS };
  }
}

function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;",
                                                 '"': "&quot;", "'": "&#39;" }[c]));
}

function family() {
  return hello ? hello.family : "riichi";
}

// -- tiles -------------------------------------------------------------------------------

function tileHtml(name, opts = {}) {
  const classes = ["tile"];
  if (opts.side) classes.push("side");
  if (opts.dim) classes.push("dim");
  if (opts.cls) classes.push(opts.cls);
  if (name === "J" && family() === "american") classes.push("joker");
  const label = tileName(family(), name) + (opts.note ? `, ${opts.note}` : "");
  const attrs = `class="${classes.join(" ")}" data-tile="${esc(name)}" aria-label="${esc(label)}"` +
    (opts.attrs || "");
  if (opts.button) return `<button type="button" ${attrs}>${tileSvg(family(), name)}</button>`;
  return `<span role="img" ${attrs}>${tileSvg(family(), name)}</span>`;
}

function backsHtml(count) {
  if (!count) return "";
  const one = `<span class="tile back" aria-hidden="true">${backSvg()}</span>`;
  return `<span class="backs" role="img" aria-label="${esc(t("tiles_in_hand", { n: count }))}">` +
    one.repeat(count) + `</span>`;
}

function tilesHtml(tiles, opts = {}) {
  return tiles.map((name) => tileHtml(name, opts)).join("");
}

// -- the table ---------------------------------------------------------------------------

function seatName(seat) {
  return seat === 0 ? t("you") : state.seats[seat].name;
}

function plate(side) {
  const marks = [];
  if (side.dealer && family() === "riichi") marks.push(`<span class="badge">${t("dealer")}</span>`);
  if (side.riichi) marks.push(`<span class="badge stick" title="${t("riichi_mark")}">${t("riichi_mark")}</span>`);
  if (side.dead) marks.push(`<span class="badge dead">${t("dead")}</span>`);
  if (side.turn) marks.push(`<span class="badge turn">◀ ${t("to_play")}</span>`);
  const score = family() === "riichi" ? side.score.toLocaleString("en") :
    (side.score > 0 ? "+" : "") + side.score;
  return `<div class="plate"><span class="wind" title="${t("wind_" + side.wind)}">${side.wind}</span>` +
    `<b class="name">${esc(seatName(side.seat))}</b>` +
    (side.seat === 0 ? "" : ` <span class="ai">${t("ai")}</span>`) +
    ` <span class="score">${score}</span> ${marks.join(" ")}</div>`;
}

function meldHtml(side, meld) {
  // The called tile turned sideways: left for the player on the left, middle across, right.
  const from = meld.from;
  const rel = from === null || from === undefined || from === side.seat ? -1 : (from - side.seat + 4) % 4;
  let tiles = meld.tiles.slice();
  let turned = -1;
  if (meld.called && rel > 0) {
    const i = tiles.indexOf(meld.called);
    if (i >= 0) {
      tiles.splice(i, 1);
      turned = rel === 3 ? 0 : rel === 2 ? 1 : tiles.length;
      tiles.splice(turned, 0, meld.called);
    }
  }
  const exchangeable = name => name === "J" && family() === "american" && exchangeWays(side.seat).length > 0;
  const html = tiles.map((name, i) => tileHtml(name, {
    side: i === turned, note: i === turned ? `called from ${seatName(from)}` : "",
    cls: exchangeable(name) ? "exchangeable" : "",
    attrs: exchangeable(name) ? ` data-owner="${side.seat}" tabindex="0"` : "",
  })).join("");
  return `<span class="meld${meld.flash ? " flash" : ""}" data-meld="${esc(meld.type)}">${html}</span>`;
}

function pondHtml(side) {
  const claim = state && state.claim;
  return side.pond.map((d, i) => {
    const offered = claim && claim[1] === side.seat && i === side.pond.length - 1;
    return tileHtml(d.tile, { side: d.riichi, dim: d.called, cls: offered ? "offered" : "",
                              note: d.riichi ? "riichi" : d.called ? "called" : "" });
  }).join("");
}

function drawSide(side) {
  const el = $(`side-${side.seat}`);
  el.classList.toggle("turn", side.turn);
  el.innerHTML = plate(side) +
    `<div class="pond" data-pond="${side.seat}" aria-label="${esc(t("discards", { name: seatName(side.seat) }))}">${pondHtml(side)}</div>` +
    `<div class="melds" aria-label="${esc(t("melds", { name: seatName(side.seat) }))}">` +
    side.melds.map((m) => meldHtml(side, m)).join("") + `</div>` +
    `<div class="concealed">${backsHtml(side.concealed)}</div>`;
}

function drawCentre(view) {
  const c = view.centre;
  let html;
  if (family() === "riichi") {
    html = `<div class="round">${esc(t("round", { wind: t("wind_" + c.round), kyoku: c.kyoku }))}</div>` +
      `<dl><dt>${t("honba")}</dt><dd>${c.honba}</dd><dt>${t("sticks")}</dt><dd>${c.sticks}</dd>` +
      `<dt>${t("left")}</dt><dd id="tiles-left">${c.tiles_left}</dd></dl>` +
      `<div class="dora" aria-label="${esc(t("dora"))}"><span>${t("dora")}</span> ${tilesHtml(c.dora)}</div>`;
  } else {
    html = `<div class="round">${esc(t("game_of", { n: c.game, of: c.games }))}</div>` +
      `<dl><dt>${t("left")}</dt><dd id="tiles-left">${c.tiles_left}</dd></dl>` +
      (c.step ? `<div class="step">${esc(c.step.replace(/_/g, " "))}</div>` : "");
  }
  $("centre").innerHTML = html;
  $("status").textContent = c.status;
}

function handOrder(view) {
  return view.drawn ? [...view.hand, view.drawn] : view.hand.slice();
}

// Which tiles of the hand as shown are picked (the first copies of each picked name).
function pickedFlags(view) {
  const picked = (view.picked || []).slice();
  return handOrder(view).map((name) => {
    const k = picked.indexOf(name);
    if (k < 0) return false;
    picked.splice(k, 1);
    return true;
  });
}

function drawHand(view, live) {
  const order = handOrder(view);
  const playable = live ? new Set(view.playable[view.mode] || []) : new Set();
  const flags = pickedFlags(view);
  const html = order.map((name, i) => {
    const isPicked = flags[i];
    const cls = [playable.has(name) || isPicked ? "playable" : "", isPicked ? "picked" : "",
                 i === selected ? "selected" : "", view.drawn && i === order.length - 1 ? "drawn" : ""]
      .filter(Boolean).join(" ");
    const note = [isPicked ? "picked" : "", view.drawn && i === order.length - 1 ? t("drawn") : ""]
      .filter(Boolean).join(", ");
    return tileHtml(name, { button: true, cls, note, attrs: ` data-index="${i}"` +
      (isPicked ? ` data-picked="1"` : "") + (i === selected ? ` aria-pressed="true"` : "") });
  }).join("");
  $("hand").innerHTML = html;
  $("hand").setAttribute("aria-label", t("hand"));
  $("you-melds").innerHTML = view.seats[0].melds.map((m) => meldHtml(view.seats[0], m)).join("");
}

function clientPrompt(view) {
  if (view.deal_over) return view.game_over ? t("game_over") : t("deal_over");
  if (!view.to_act) return t("ais_playing");
  if (LANG === "en") return view.prompt;
  const kinds = new Set(view.choices.map((c) => c.kind));
  if (view.mode === "riichi") return t("riichi_prompt");
  if (view.claim) return t("claim_prompt", { name: seatName(view.claim[1]), tile: tileName(family(), view.claim[0]) });
  if (kinds.has("vote")) return t("vote_prompt");
  if (kinds.has("courtesy")) return t("courtesy_prompt");
  if (view.verb === "Pick / put back") return t("charleston_prompt");
  return t("your_turn");
}

function verbWord(verb) {
  return { "Discard": t("discard"), "Riichi discard": t("riichi_discard"),
           "Pick / put back": t("pick") }[verb] || verb;
}

function choiceWord(choice) {
  if (LANG === "en") return choice.label;
  return t("kind_" + (choice.kind || "pass"));
}

function drawActions(view) {
  const parts = [];
  if (view.to_act && view.verb) {
    parts.push(`<button type="button" class="act primary" data-act="tile" title="Enter">` +
      `<kbd>Enter</kbd> ${esc(verbWord(view.verb))}</button>`);
  }
  if (view.to_act && view.mode !== "play") {
    parts.push(`<button type="button" class="act" data-act="cancel"><kbd>Esc</kbd> ${t("cancel")}</button>`);
  }
  for (const choice of view.choices) {
    const several = choice.ways.length > 1;
    if (several) {
      choice.ways.forEach((way, i) => {
        const words = `${choiceWord(choice)}: ${way.tiles.map((n) => tileName(family(), n)).join(", ")}`;
        parts.push(`<button type="button" class="act way ${choice.style}${pendingKey === choice.key ? " pending" : ""}" ` +
          `data-key="${esc(choice.key)}" data-way="${i}" aria-label="${esc(words)}" title="${esc(way.label)}">` +
          `<kbd>${esc(choice.key)}${i + 1}</kbd> <span class="way-word">${esc(LANG === "en" ? way.label.split(" ")[0] : choiceWord(choice))}</span>` +
          `<span class="way-tiles">${tilesHtml(way.tiles)}</span></button>`);
      });
    } else {
      const way = choice.ways[0];
      const pics = way && way.tiles.length ? `<span class="way-tiles">${tilesHtml(way.tiles)}</span>` : "";
      parts.push(`<button type="button" class="act ${choice.style}" data-key="${esc(choice.key)}"` +
        (way ? ` data-way="0"` : "") + ` title="${esc(choice.label)}">` +
        `<kbd>${esc(choice.key)}</kbd> ${esc(choiceWord(choice))}${pics}</button>`);
    }
  }
  $("actions").innerHTML = parts.join("");
  $("why").innerHTML = (view.why || []).map((w) => `<li>${esc(w)}</li>`).join("");
  if (view.why && view.why.length) $("why").setAttribute("aria-label", t("why_not"));
}

function drawMessages(view) {
  $("messages").innerHTML = view.messages.slice(-30).map((m) => `<li>${esc(m)}</li>`).join("");
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

function drawTable(view, live) {
  for (const side of view.seats) {
    if (side.seat !== 0) drawSide(side);
  }
  const you = view.seats[0];
  $("you").classList.toggle("turn", you.turn);
  $("you-top").innerHTML = plate(you) +
    `<div class="pond" data-pond="0" aria-label="${esc(t("discards", { name: t("you") }))}">${pondHtml(you)}</div>`;
  drawCentre(view);
  drawHand(view, live);
}

function render() {
  if (!state) return;
  if (replay) {
    const frame = replay.frames[replay.index];
    const saved = state;
    state = { ...saved, ...frame, picked: [], playable: {}, mode: "play" };
    drawTable(state, false);
    state = saved;
    $("actions").innerHTML = "";
    $("why").innerHTML = "";
    $("prompt").textContent = "";
    $("replay-step").textContent = t("replay_step", { i: replay.index + 1, n: replay.frames.length });
    $("replay-message").textContent = frame.message || "";
    $("replay-bar").hidden = false;
    $("result").hidden = true;
    return;
  }
  $("replay-bar").hidden = true;
  const order = handOrder(state);
  if (selected >= order.length) selected = order.length - 1;
  drawTable(state, state.to_act);
  $("prompt").textContent = clientPrompt(state);
  drawActions(state);
  drawMessages(state);
  drawResult(state);
}

// -- the result --------------------------------------------------------------------------

function deltasHtml(deltas) {
  if (!deltas || !deltas.length) return "";
  return `<table class="deltas"><tr>${deltas.map((_, s) => `<th>${esc(seatName(s))}</th>`).join("")}</tr>` +
    `<tr>${deltas.map((d) => `<td class="${d > 0 ? "plus" : d < 0 ? "minus" : ""}">${d > 0 ? "+" : ""}${d.toLocaleString("en")}</td>`).join("")}</tr></table>`;
}

function riichiWin(w) {
  const how = w.tsumo ? t("tsumo") : t("ron_off", { name: seatName(w.target) });
  const melds = w.melds.map((m) => `<span class="meld">${tilesHtml(m.tiles)}</span>`).join("");
  const yaku = w.yaku.map(([name, han]) => `<li>${esc(name)} <b>${han}</b></li>`).join("") +
    w.yakuman.map(([name, units]) => `<li>${esc(name)} <b>yakuman ×${units}</b></li>`).join("");
  return `<article class="win"><h3>${esc(t("wins_by", { name: seatName(w.winner), how }))}</h3>` +
    `<div class="win-hand">${tilesHtml(w.hand)}<span class="gap"></span>${tileHtml(w.pai, { cls: "winning" })}${melds}</div>` +
    `<h4>${t("yaku")}</h4><ul class="yaku">${yaku}</ul>` +
    `<p class="value">${w.yakuman.length ? "" : esc(t("han_fu", { han: w.han, fu: w.fu })) + " · "}` +
    `${w.limit ? `<b class="limit">${esc(w.limit)}</b> · ` : ""}${esc(t("points", { n: w.points.toLocaleString("en") }))}</p>` +
    `<div class="indicators"><span>${t("dora")}</span> ${tilesHtml(w.dora)}` +
    (w.ura.length ? ` <span>${t("ura")}</span> <span class="ura">${tilesHtml(w.ura)}</span>` : "") + `</div>` +
    `<h4>${t("payments")}</h4>${deltasHtml(w.deltas)}</article>`;
}

function segmentsHtml(segs) {
  return segs.map(([text, style]) => {
    const cls = style.split(/\s+/).filter(Boolean).map((s) => "st-" + s.replace(/[^a-z0-9]/gi, "")).join(" ");
    return cls ? `<span class="${cls}">${esc(text)}</span>` : esc(text);
  }).join("");
}

function americanWin(w) {
  const how = w.how === "self_drawn" ? t("self_drawn") : w.how === "joker_exchange" ? t("after_exchange") :
    t("on_discard", { name: seatName(w.target) });
  const groups = w.groups.map((g) => `<span class="group">` + g.map(([name, joker]) =>
    joker ? tileHtml("J", { note: t("jokers_for", { tile: tileName("american", name) }), cls: "stand-in",
                            attrs: ` data-for="${esc(name)}"` }) + `<small class="for">=${esc(name)}</small>`
          : tileHtml(name)).join("") + `</span>`).join("");
  return `<article class="win"><h3>${esc(t("mahjongg_by", { name: seatName(w.winner) }))} (${esc(how)})</h3>` +
    `<p>${t("card_hand")} <b>${esc(w.hand_id)}</b> (${esc(w.section)}): <span class="pattern">${segmentsHtml(w.pattern)}</span>` +
    ` · ${esc(t("value", { n: w.value }))} · ${esc(w.xc)}</p>` +
    `<div class="win-hand groups">${groups}</div>` +
    (w.jokerless ? `<p>${esc(w.jokerless)}</p>` : "") +
    (w.pay_for_table ? `<p>${esc(t("pays_table", { name: seatName(w.target) }))}</p>` : "") +
    `<h4>${t("payments")}</h4>${deltasHtml(w.deltas)}</article>`;
}

function drawResult(view) {
  const box = $("result");
  if (!view.deal_over || showTable) {
    box.hidden = true;
    return;
  }
  const r = view.result;
  let html = "";
  for (const w of r.wins) html += family() === "riichi" ? riichiWin(w) : americanWin(w);
  for (const d of r.draws) {
    html += `<article class="draw"><h3>${esc(t("draw"))}: ${esc(d.words)}</h3>`;
    if (d.tenpai) {
      html += `<p>${t("tenpai")}: ${d.tenpai.length ? d.tenpai.map((h) => esc(seatName(h.seat))).join(", ") : t("nobody")}</p>`;
      for (const h of d.tenpai) html += `<div class="win-hand"><b>${esc(seatName(h.seat))}</b> ${tilesHtml(h.hand)}</div>`;
    }
    html += `</article>`;
  }
  if (r.dead) {
    r.dead.forEach((reason, s) => { if (reason) html += `<p>${esc(t("was_dead", { name: seatName(s) }))}</p>`; });
  }
  html += `<h4>${t("change")}</h4>${deltasHtml(r.net)}<h4>${t("scores")}</h4>` +
    `<p class="scores">${r.scores.map((v, s) => `${esc(seatName(s))} ${v.toLocaleString("en")}`).join(" · ")}</p>`;
  if (view.standings) {
    html += `<h3>${t("standings")}</h3><table class="standings" data-standings="1"><tr><th>${t("rank")}</th><th></th><th>${t("score")}</th>` +
      (family() === "riichi" ? `<th>${t("result_pts")}</th>` : "") + `</tr>` +
      view.standings.map((s) => `<tr><td>${s.rank}</td><td>${esc(seatName(s.seat))}</td><td>${s.score.toLocaleString("en")}</td>` +
        (family() === "riichi" ? `<td>${(s.points / 1000).toFixed(1)}</td>` : "") + `</tr>`).join("") + `</table>`;
  }
  $("result-body").innerHTML = html;
  const wasHidden = box.hidden;
  box.hidden = false;
  $("result-title").textContent = t("results_of");
  $("next-button").innerHTML = `<kbd>n</kbd> ` + (view.game_over ? t("new_game") :
    family() === "riichi" ? t("next_deal") : t("next_game"));
  if (wasHidden) box.focus();
}

// -- doing things ------------------------------------------------------------------------

function pressTile(index) {
  if (!state || !state.to_act || replay) return;
  const order = handOrder(state);
  const name = order[index];
  if (name === undefined) return;
  const isPicked = pickedFlags(state)[index];
  send({ type: "tile", tile: name, picked: isPicked });
}

function clickTile(index) {
  if (!state || !state.to_act) return;
  if (selected === index) {
    pressTile(index);
  } else {
    selected = index;
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

function showPage(title, html) {
  $("page-title").textContent = title;
  $("page-body").innerHTML = html;
  if (!$("page").open) $("page").showModal();
}

function onMessage(message) {
  switch (message.type) {
    case "hello":
      hello = message;
      setupMenu();
      if (settings.delay !== null && settings.delay !== message.delay) send({ type: "speed", delay: settings.delay });
      break;
    case "state": {
      const before = state;
      state = message;
      document.body.dataset.seq = String(+(document.body.dataset.seq || 0) + 1);
      document.body.dataset.family = message.family;
      document.body.dataset.toAct = message.to_act ? "1" : "0";
      document.body.dataset.dealOver = message.deal_over ? "1" : "0";
      if (!before || before.deal !== message.deal || before.game !== message.game) {
        showTable = false;
        replay = null;
      }
      if (!message.to_act) pendingKey = null;
      const order = handOrder(message);
      const handKey = (v) => v ? `${v.deal}|${v.hand.join()}|${v.drawn}|${v.to_act}` : "";
      if (message.to_act && (handKey(before) !== handKey(message) || selected < 0)) {
        selected = message.drawn ? order.length - 1 : Math.min(Math.max(selected, 0), order.length - 1);
      }
      render();
      if (message.to_act && !replay && document.activeElement && (document.activeElement === document.body ||
          document.activeElement.closest("#hand") || document.activeElement.closest("#actions"))) {
        focusSelected();
      }
      break;
    }
    case "error":
      document.body.dataset.errors = String(+(document.body.dataset.errors || 0) + 1);
      toast(`${t("error")}: ${message.text}`);
      if (message.code === "full") $("prompt").textContent = message.text;
      break;
    case "log":
      download(message.name, message.text);
      toast(t("log_saved", { name: message.name }));
      break;
    case "replay":
      replay = { frames: message.frames, index: 0 };
      render();
      $("replay-next").focus();
      break;
    case "advice":
      showPage(t("advice"), `<pre class="advice">${segmentsHtml(message.text)}</pre>`);
      break;
    case "card":
      showPage(message.name, message.sections.map((s) => `<h3>${esc(s.name)}</h3><table class="card">` +
        s.hands.map((h) => `<tr><td>${esc(h.id)}</td><td class="pattern">${segmentsHtml(h.pattern)}</td>` +
          `<td>${h.value}</td><td>${esc(h.xc)}</td><td class="away">${h.away === undefined || h.away === null ? "" : esc(t("away", { n: h.away }))}</td>` +
          `<td class="note">${esc(h.note || "")}</td></tr>`).join("") + `</table>`).join(""));
      break;
    case "speed":
      break;
    default:
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws`);
  socket.onmessage = (event) => onMessage(JSON.parse(event.data));
  socket.onclose = () => {
    document.body.dataset.closed = "1";
    $("prompt").textContent = t("connection_lost");
  };
}

// -- settings and the menu ---------------------------------------------------------------

function applySettings() {
  LANG = CATALOGUE[settings.lang] ? settings.lang : "en";
  document.documentElement.lang = LANG;
  document.documentElement.style.setProperty("--tile-w", `${settings.size}px`);
  document.body.dataset.theme = settings.theme;
  document.body.dataset.contrast = settings.contrast ? "high" : "normal";
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  $("keys-help").textContent = t("keys_help");
  $("title").textContent = t("title_" + family());
  document.title = t("title_" + family());
  render();
}

function setupMenu() {
  const rules = $("set-rules");
  rules.innerHTML = hello.presets.map((p) => `<option>${esc(p)}</option>`).join("");
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
  $("set-lang").innerHTML = Object.entries(CATALOGUE).map(([code, s]) => `<option value="${code}">${esc(s.language)}</option>`).join("");
  $("set-lang").value = settings.lang;
  $("set-size").value = settings.size;
  $("set-theme").value = settings.theme;
  $("set-contrast").checked = settings.contrast;
  const changed = () => {
    settings.size = +$("set-size").value;
    settings.theme = $("set-theme").value;
    settings.contrast = $("set-contrast").checked;
    settings.lang = $("set-lang").value;
    settings.rules = $("set-rules").value || null;
    settings.card = $("set-card").value || null;
    saveSettings();
    applySettings();
  };
  for (const id of ["set-size", "set-theme", "set-contrast", "set-lang", "set-rules", "set-card"]) {
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
  $("next-button").addEventListener("click", () => send({ type: "next" }));
  $("save-button").addEventListener("click", () => send({ type: "log" }));
  $("replay-button").addEventListener("click", () => send({ type: "replay" }));
  $("view-button").addEventListener("click", toggleView);
  $("replay-prev").addEventListener("click", () => stepReplay(-1));
  $("replay-next").addEventListener("click", () => stepReplay(1));
  $("replay-end").addEventListener("click", () => { replay = null; render(); });
}

// The joker exchange ways that take a joker from `owner`'s exposures.
function exchangeWays(owner) {
  const choice = state && state.to_act && state.choices.find((c) => c.kind === "joker_exchange");
  if (!choice) return [];
  return choice.ways.map((way, i) => ({ way, i })).filter(({ way }) => way.target === owner)
    .map(({ i }) => ({ key: choice.key, i }));
}

function exchangeJoker(owner) {
  const ways = exchangeWays(owner);
  if (ways.length === 1) choose(ways[0].key, ways[0].i);
  else if (ways.length > 1) choose(ways[0].key, null); // 1-9 picks which tile to give
}

function toggleView() {
  if (!state || !state.deal_over) return;
  showTable = !showTable;
  $("view-button").textContent = showTable ? t("show_result") : t("show_table");
  render();
  if (showTable) {
    let back = document.getElementById("back-to-result");
    if (!back) {
      $("prompt").insertAdjacentHTML("afterend", `<button type="button" id="back-to-result">${t("show_result")}</button>`);
      back = $("back-to-result");
      back.addEventListener("click", () => { back.remove(); toggleView(); });
    }
  } else {
    const back = $("back-to-result");
    if (back) back.remove();
  }
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
  if (act.dataset.act === "tile") pressTile(selected);
  else if (act.dataset.act === "cancel") send({ type: "mode", mode: "play" });
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
    const n = handOrder(state).length;
    selected = Math.max(0, Math.min(n - 1, (selected < 0 ? 0 : selected) + (key === "ArrowLeft" ? -1 : 1)));
    render();
    focusSelected();
    event.preventDefault();
    return;
  }
  if (key === "Enter") {
    if (onButton) return; // the focused button's own click
    if (target && target.classList && target.classList.contains("exchangeable")) {
      exchangeJoker(+target.dataset.owner);
      event.preventDefault();
      return;
    }
    if (state && state.to_act && selected >= 0) pressTile(selected);
    event.preventDefault();
    return;
  }
  if (key === "Escape") {
    pendingKey = null;
    if (state && state.mode !== "play") send({ type: "mode", mode: "play" });
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
  else if (key === "c" && family() === "american") send({ type: "card" });
  else if (key === "v") toggleView();
  else if (key === "?") { $("menu").showModal(); }
  else return;
  event.preventDefault();
});

initMenu();
applySettings();
connect();
