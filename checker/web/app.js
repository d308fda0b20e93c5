// Mentat's page for the table: the board, the move, the ruling as you edit. Plain JavaScript, no build step.
// Everything it shows comes from the API (/api/*): the forms from the JSON Schema, the names from the game, the
// ruling from /api/check (the JSON of `mentat check --json`), the board from the server's drawing.
"use strict";

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 200;
const STORE = "mentat.position";
const STARTED = "mentat.started"; // the token of the file the server was started with, once opened

const state = {
  position: null, // the position being edited (data in the published format)
  game: null, // /api/game for its ruleset
  schema: null, // /api/schema for its ruleset
  seq: 0, // the latest edit: answers to older ones are dropped
  timer: null,
  valid: false, // the last /api/render accepted the position
  record: null, // an uploaded game record: {data, at}
};

// -- the API ----------------------------------------------------------------------------------------------------

async function call(method, path, body, type) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = type || (typeof body === "string" ? "text/yaml" : "application/json");
  }
  const response = await fetch(path, init);
  let json = null;
  try {
    json = await response.json();
  } catch (err) {
    json = { error: { message: `the server answered ${response.status} without JSON` } };
  }
  return { status: response.status, json };
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// -- start --------------------------------------------------------------------------------------------------------

async function start() {
  // the rulebook's links only where it is built (`mentat docs`): otherwise its lines are plain text, and it says so
  const book = await fetch("/book/", { method: "HEAD" });
  state.book = book.status === 200;
  if (!state.book) {
    $("book-link").replaceWith(el("span", { class: "note", title: "run `mentat docs`, then reload: each rule and line links into it", text: "Rulebook: not built here" }));
  }
  const all = (await call("GET", "/api/game")).json;
  for (const r of all.rulesets) $("ruleset").append(el("option", { value: r, text: r }));
  let position = null;
  try {
    position = JSON.parse(localStorage.getItem(STORE) || "null");
  } catch (err) {
    position = null;
  }
  wire();
  // the file `mentat serve FILE` was started with, once per start of the server (a reload then keeps the edits)
  const given = (await call("GET", "/api/start")).json;
  if (given && given.text && localStorage.getItem(STARTED) !== given.token) {
    localStorage.setItem(STARTED, given.token);
    return openText(given.text, given.name);
  }
  if (position && typeof position === "object" && position.ruleset) {
    const shown = await render(position);
    if (shown) return;
  }
  await newGame("gf9", ["atreides", "harkonnen"], false);
}

async function loadGame(ruleset) {
  if (state.game && state.game.ruleset === ruleset) return;
  const [game, schema] = await Promise.all([
    call("GET", `/api/game?ruleset=${encodeURIComponent(ruleset)}`),
    call("GET", `/api/schema?ruleset=${encodeURIComponent(ruleset)}`),
  ]);
  if (game.status !== 200) throw new Error(game.json.error.message);
  state.game = game.json;
  state.schema = schema.json;
  $("ruleset").value = ruleset;
  const b = state.game.board;
  const dice = state.game.family === "dice";
  $("tool-pieces").textContent = dice ? "Troops" : "Forces";
  $("tool-storm").textContent = dice ? "Sandstorm" : "Storm";
  $("tool-tokens-label").hidden = !b.tokens;
  const box = $("new-factions");
  box.replaceChildren(el("legend", { text: "Factions" }));
  for (const f of state.game.names.faction || []) {
    box.append(el("label", {}, el("input", { type: "checkbox", value: f, checked: box.children.length <= 2 }), ` ${f}`));
  }
  fillActions();
}

async function newGame(ruleset, factions, advanced) {
  const q = `ruleset=${encodeURIComponent(ruleset)}&factions=${encodeURIComponent(factions.join(","))}`;
  const got = await call("GET", `/api/new?${q}${advanced ? "&advanced=1" : ""}`);
  if (got.status !== 200) return showError(got.json);
  state.record = null;
  $("record").hidden = true;
  resetLog();
  await render(got.json);
}

function resetLog() {
  state.log = null;
  $("download-record").hidden = true;
}

// -- edits: every change goes through here -------------------------------------------------------------------------

// Work under way (requests in flight, an edit waiting out its pause): the page says so on <body data-state>, so
// tests (and a curious player) can tell an answer is pending.
let working = 0;
function work(delta) {
  working += delta;
  document.body.dataset.state = working > 0 || state.timer ? "busy" : "idle";
}

// An event handler that may take a while, counted as work.
function task(fn) {
  return async (...args) => {
    work(+1);
    try {
      await fn(...args);
    } catch (err) {
      showError({ error: { message: String(err) } });
    } finally {
      work(-1);
    }
  };
}

// An edit from `source` ("form": a field typed in; "form-structure": a key added or removed, the board clicked;
// "yaml"): after a short pause, the server draws it and rules on it.
function changed(source, text) {
  // a file's title, notes and expected verdict speak of the position as the file gave it, not as edited here: they
  // would go out with a download, stale (the YAML shows them and keeps what is typed there)
  if (source !== "yaml" && state.position) for (const k of HIDDEN) delete state.position[k];
  const seq = ++state.seq;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    state.timer = null;
    task(() => refresh(seq, source, text))();
  }, DEBOUNCE_MS);
  work(0);
}

const CHECK = "/api/check?words=1"; // the JSON of `mentat check --json`, with the words `mentat check` prints

// The keys the move's action requires and the move lacks: asked for before the move is judged.
function needs(position) {
  const move = position && position.move;
  if (!move || !move.action) return [];
  const alt = moveAlternatives().find((a) => a.properties.action.enum[0] === move.action);
  return ((alt && alt.required) || []).filter((k) => move[k] === undefined || move[k] === "");
}

async function judge(body) {
  const position = typeof body === "string" ? null : body;
  const lacking = needs(position);
  if (lacking.length) return { status: 0, lacking };
  return call("POST", CHECK, body);
}

async function refresh(seq, source, text) {
  const body = source === "yaml" ? text : state.position;
  const [view, ruling] = await Promise.all([call("POST", "/api/render", body), judge(body)]);
  if (seq !== state.seq) return; // a later edit is on its way
  show(view, ruling, source);
  await judgeAlone(seq);
  await offerPhases(seq, ruling);
}

// With a move, the position itself is judged too: a move's rules do not judge the whole position, and a player
// should not read LEGAL over a position the rules call invalid without being told.
async function judgeAlone(seq) {
  const box = $("alone");
  if (!state.valid || !state.position || !state.position.move) return box.replaceChildren();
  const alone = await call("POST", CHECK, withoutMove(state.position));
  if (seq !== state.seq) return;
  if (alone.status !== 200 || alone.json.verdict !== "invalid-position") return box.replaceChildren();
  const list = el("ul", {});
  for (const f of alone.json.findings.filter((x) => x.effect === "forbids")) list.append(el("li", {}, `✗ ${f.rule}  ${f.message}`));
  box.replaceChildren(el("p", {}, el("b", { text: "The position itself is INVALID-POSITION" }), " (without the move):"), list);
}

// A position from elsewhere (new game, upload, apply, a record): drawn and judged now (``ruling``: already judged,
// a record's step ruled on the move that led to it).
async function render(position, ruling) {
  const seq = ++state.seq;
  const [view, judged] = await Promise.all([call("POST", "/api/render", position), ruling || call("POST", CHECK, position)]);
  if (seq !== state.seq) return false;
  if (view.status !== 200) {
    showError(view.json);
    return false;
  }
  await loadGame(view.json.position.ruleset);
  show(view, judged, "load");
  await judgeAlone(seq);
  await offerPhases(seq, judged);
  return true;
}

function show(view, ruling, source) {
  if (view.status !== 200) {
    state.valid = false;
    showError(view.json, source === "yaml");
    return;
  }
  state.valid = !view.json.move_error;
  $("yaml-error").hidden = true;
  const ruleset = view.json.position.ruleset;
  if (state.game && ruleset !== state.game.ruleset) {
    loadGame(ruleset).then(() => show(view, ruling, "load"));
    return;
  }
  // an edit made here (a form, the board) is already in the forms, whose editors hold the objects they edit: they are
  // rebuilt only for a position from elsewhere (a file, the YAML, a new game), never under a player's typing
  const here = source === "form" || source === "form-structure";
  if (!here) state.position = view.json.position;
  localStorage.setItem(STORE, JSON.stringify(state.position));
  drawBoard(view.json.svg);
  if (source !== "yaml") $("yaml").value = view.json.yaml;
  if (!here) {
    buildPositionForm();
    buildMoveForm();
  }
  if (view.json.move_error && ruling.status !== 0) showMoveError(view.json.move_error);
  else showRuling(ruling);
  showOffer();
  $("compared").replaceChildren();
}

// A move being filled in that does not load yet: what it lacks or mistypes, said as a step to take, not as a failure.
function showMoveError(error) {
  $("alone").replaceChildren();
  $("verdict").className = "verdict needs";
  $("verdict").textContent = "The move is not complete";
  $("ruling").replaceChildren(el("p", { text: `mentat: ${error.message}` }));
}

function showError(json, inYaml) {
  const message = (json && json.error && json.error.message) || "the server could not read this";
  if (inYaml) {
    $("yaml-error").textContent = `mentat: ${message}`;
    $("yaml-error").hidden = false;
  }
  $("alone").replaceChildren();
  $("verdict").className = "verdict error";
  $("verdict").textContent = "INPUT ERROR";
  $("ruling").replaceChildren(el("p", { class: "error", text: `mentat: ${message}` }));
}

// -- the ruling, in the words of `mentat check` ----------------------------------------------------------------

const MARK = { forbids: "✗", permits: "✓", unresolved: "?" };

function bookLink(href, text) {
  return state.book ? el("a", { href, target: "mentat-book", text }) : el("span", { class: "cite", text });
}

function readable(value) {
  if (Array.isArray(value)) return value.length ? value.map(readable).join(value.every((x) => typeof x === "string") ? " → " : ", ") : "nothing";
  if (value && typeof value === "object") {
    const e = Object.entries(value);
    return e.length ? e.map(([k, v]) => `${k} ${readable(v)}`).join(", ") : "none";
  }
  return String(value);
}

function showRuling(ruling) {
  const box = $("ruling");
  if (ruling.status === 0) {
    // the move lacks a key its action requires: asked for, not judged
    $("verdict").className = "verdict needs";
    $("verdict").textContent = `The move needs: ${ruling.lacking.join(", ")}`;
    box.replaceChildren(el("p", { class: "note", text: "Fill these keys of the move (below the board) to see the ruling." }));
    return;
  }
  if (ruling.status !== 200) {
    showError(ruling.json);
    return;
  }
  const v = ruling.json;
  const w = v.words || {};
  const move = state.position && state.position.move;
  const word = w.verdict || (v.verdict === "legal" && !move ? "VALID" : v.verdict.toUpperCase());
  const question = w.question || (move ? move.action : "position");
  const p = state.position || {};
  // the game's rules as the position chooses them (Basic or Advanced), where its format has the choice
  const level = state.schema && state.schema.properties && state.schema.properties.advanced ? (p.advanced ? "Advanced" : "Basic") : "";
  const where = [level, p.turn && `turn ${p.turn}`, p.phase, p.round && `round ${p.round}`, p.step].filter(Boolean).join(", ");
  $("verdict").className = `verdict ${v.verdict}`;
  $("verdict").replaceChildren(`${word}  (${[v.ruleset, question].filter(Boolean).join(", ")})`, where ? el("small", { text: `  ${where}` }) : "");
  const out = [];
  if (v.reason) out.push(el("p", { class: "why", text: `why: ${v.reason}` }));
  const short = v.verdict === "legal"; // as `mentat check`: a legal verdict cites each rule, its quotes one click away
  if (short && w.outcome) out.push(el("p", { class: "outcome" }, el("b", { text: "outcome: " }), w.outcome));
  else {
    const decided = Object.entries(v.outcome || {}).filter(([k]) => k !== "unknown");
    if (decided.length) out.push(el("p", { class: "outcome" }, el("b", { text: "outcome: " }), decided.map(([k, x]) => `${k.replaceAll("_", " ")} ${readable(x)}`).join("; ")));
  }
  const fixing = new Set(w.fixing || []);
  // the rules that fix the outcome first, then the rest, as `mentat check` lists them
  const findings = short ? [...v.findings.filter((f) => fixing.has(f.rule)), ...v.findings.filter((f) => !fixing.has(f.rule))] : v.findings;
  const list = el("ul", { class: "findings" });
  for (const f of findings) {
    const mark = short && fixing.has(f.rule) ? "=" : MARK[f.effect] || "·";
    const item = el("li", { class: `finding ${f.effect}` }, el("span", { class: "mark", text: mark }), " ", bookLink(`/book/rule/${encodeURIComponent(f.rule)}`, f.rule), " ", f.message);
    const quotes = el("ul", { class: "quotes" });
    const cites = [];
    for (const c of f.sources) {
      const span = c.lines[0] === c.lines[1] ? `${c.lines[0]}` : `${c.lines[0]}-${c.lines[1]}`;
      const link = () => bookLink(`/book/line/${c.doc}/${c.lines[0]}`, `${c.doc}:L${span}`);
      quotes.append(el("li", {}, link(), ": ", el("q", { text: c.text })));
      cites.push(link());
    }
    if (short && f.effect === "permits") {
      const summary = el("summary", {});
      cites.forEach((c, i) => summary.append(i ? ", " : "", c));
      item.append(" ", el("details", { class: "cites" }, summary, quotes));
    } else item.append(quotes);
    list.append(item);
  }
  out.push(list);
  if (v.minimal_reason && v.minimal_reason.length) out.push(el("p", { text: `minimal reason: ${v.minimal_reason.join(", ")}` }));
  const unknown = (v.outcome && v.outcome.unknown) || {};
  for (const [k, why] of Object.entries(unknown)) out.push(el("p", { class: "note", text: `note: ${k.replaceAll("_", " ")} unknown: ${why}` }));
  for (const n of v.notes || []) out.push(el("p", { class: "note", text: `note: ${n}` }));
  if (!move) out.unshift(el("p", { class: "hint-move", text: "To ask about a move, pick its Action under the board (The move)." }));
  box.replaceChildren(...out);
}

// -- the board ---------------------------------------------------------------------------------------------------

function spot(node) {
  return node && node.getAttribute ? [node.getAttribute("data-place"), node.getAttribute("data-sector")] : null;
}

function drawBoard(svg) {
  const board = $("board");
  const focused = board.contains(document.activeElement) ? spot(document.activeElement) : null;
  board.innerHTML = svg; // the server's drawing: every name in it escaped
  for (const node of board.querySelectorAll("[data-place], [data-sector]")) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const name = node.getAttribute("data-place");
    const sector = node.getAttribute("data-sector");
    node.setAttribute("aria-label", [name, sector && `sector ${sector}`].filter(Boolean).join(", "));
    // the place that had the focus before the board was redrawn has it again (the keyboard goes on from there)
    if (focused && focused[0] === name && focused[1] === sector) node.focus();
  }
}

// The full name of the place under the pointer or the focus (the board's labels are short).
function caption(event) {
  const target = event.target.closest && event.target.closest("[data-place], [data-sector]");
  const s = spot(target);
  $("board-caption").textContent = s ? [s[0], s[1] && `sector ${s[1]}`].filter(Boolean).join(", ") : "";
}

function tool() {
  return document.querySelector("input[name=tool]:checked").value;
}

function onBoard(event) {
  const target = event.target.closest("[data-place], [data-sector]");
  if (!target || !state.position) return;
  const place = target.getAttribute("data-place");
  const sector = target.getAttribute("data-sector");
  const b = state.game.board;
  // a sector's number on the storm track means nothing but the storm: it sets it whatever the tool
  if (tool() === "storm" || (!place && sector && b.storm_by === "sector")) {
    if (b.storm_by === "sector" && sector) state.position[b.storm] = Number(sector);
    else if (b.storm_by === "place" && place) state.position[b.storm] = place;
    else return;
    buildPositionForm();
    changed("form-structure");
    return;
  }
  if (!place) return;
  const sectors = new Set([...$("board").querySelectorAll("[data-place]")].filter((n) => n.getAttribute("data-place") === place).map((n) => n.getAttribute("data-sector")));
  const at = b.sector && sector && sectors.size > 1 ? Number(sector) : null; // a sector only where the place has several
  openPlaceEditor(place, at, tool() === "tokens" ? "tokens" : "pieces");
}

// The move's keys naming a place of the board, which a click on it (or the place last set) fills.
const PLACE_KEYS = ["to", "territory", "region"];

function sameSpot(item, placeKey, place, sectorKey, sector) {
  return item[placeKey] === place && (!sectorKey || (item[sectorKey] ?? null) === sector);
}

function openPlaceEditor(place, sector, what) {
  const b = state.game.board;
  const form = $("place-editor");
  const fields = $("place-fields");
  fields.replaceChildren();
  $("place-title").textContent = place + (sector ? `, sector ${sector}` : "");
  if (what === "tokens") {
    const here = (state.position[b.tokens] || []).find((t) => sameSpot(t, b.place, place, b.sector, sector));
    fields.append(el("label", {}, "spice ", el("input", { type: "number", min: 0, name: "amount", value: here ? here[b.token_amount] : 0 })));
  } else {
    const factions = Object.keys(state.position.factions || {});
    if (b.reserves) {
      fields.append(el("label", { class: "row" }, el("input", { type: "checkbox", name: "from-reserves", checked: true }), " take them from the faction's reserves (and return them there)"));
    }
    for (const f of factions) {
      const here = (state.position[b.pieces] || []).find((g) => g.faction === f && sameSpot(g, b.place, place, b.sector, sector));
      const row = el("div", { class: "row" }, el("span", { class: "who", text: f }));
      for (const c of b.counts) {
        row.append(el("label", {}, ` ${c} `, el("input", { type: "number", min: 0, max: 99, name: `${f}.${c}`, value: here ? here[c] || 0 : 0, "aria-label": `${f} ${c} in ${place}` })));
      }
      fields.append(row);
    }
  }
  form.dataset.place = place;
  form.dataset.sector = sector ?? "";
  form.dataset.what = what;
  form.hidden = false;
  // the move's territory (or destination) from the board: one click rather than the name typed
  const move = state.position.move;
  for (const k of PLACE_KEYS) {
    if (move && move[k] === undefined && moveKeys().includes(k)) {
      // names the place in the move and sets the counts as they stand (as "Set" does), closing the editor
      const use = el("button", { type: "button", class: "use-place", text: `set, and make ${place} the move's ${k}`, onclick: () => { move[k] = place; buildMoveForm(); form.requestSubmit(); } });
      fields.append(use);
      break;
    }
  }
  // a number typed replaces the one shown (the caret before a 10 made a typed 5 read 510)
  for (const input of fields.querySelectorAll("input[type=number]")) {
    for (const on of ["focus", "click"]) input.addEventListener(on, () => input.select());
  }
  $("place-error").hidden = true;
  const first = fields.querySelector("input[type=number]") || fields.querySelector("input");
  if (first) first.focus();
}

// What the editor's counts would take from reserves that do not hold them ("" when they do).
function reservesShort(form, place, sector) {
  const b = state.game.board;
  const pos = state.position;
  const out = [];
  for (const f of Object.keys(pos.factions || {})) {
    const here = (pos[b.pieces] || []).find((g) => g.faction === f && sameSpot(g, b.place, place, b.sector, sector));
    for (const c of b.counts) {
      const key = b.reserves[c];
      const held = key && (pos.factions[f] || {})[key];
      const more = Number(form.querySelector(`input[name="${CSS.escape(`${f}.${c}`)}"]`).value || 0) - (here ? here[c] || 0 : 0);
      if (typeof held === "number" && more > held) out.push(`${f} has ${held} in ${key}, not the ${more} more this ${c} asks`);
    }
  }
  return out.length ? `${out.join("; ")}: set fewer, or untick "take them from the faction's reserves".` : "";
}

function setPlace(event) {
  event.preventDefault();
  const b = state.game.board;
  const form = $("place-editor");
  const place = form.dataset.place;
  const sector = form.dataset.sector ? Number(form.dataset.sector) : null;
  const pos = state.position;
  if (form.dataset.what === "tokens") {
    const amount = Number(form.querySelector("input[name=amount]").value || 0);
    const rest = (pos[b.tokens] || []).filter((t) => !sameSpot(t, b.place, place, b.sector, sector));
    if (amount > 0) rest.push({ [b.place]: place, ...(sector ? { [b.sector]: sector } : {}), [b.token_amount]: amount });
    pos[b.tokens] = rest;
  } else {
    const fromReserves = b.reserves && form.querySelector("input[name=from-reserves]").checked;
    // forces taken from the reserves come out of what they hold: more is refused here, not silently made up (a
    // correction would then return to the reserves forces they never gave)
    const short = fromReserves ? reservesShort(form, place, sector) : "";
    $("place-error").textContent = short;
    $("place-error").hidden = !short;
    if (short) return;
    for (const f of Object.keys(pos.factions || {})) {
      const counts = {};
      for (const c of b.counts) counts[c] = Number(form.querySelector(`input[name="${CSS.escape(`${f}.${c}`)}"]`).value || 0);
      const groups = pos[b.pieces] || [];
      const i = groups.findIndex((g) => g.faction === f && sameSpot(g, b.place, place, b.sector, sector));
      if (fromReserves) {
        const state_ = pos.factions[f] || {};
        for (const c of b.counts) {
          const key = b.reserves[c];
          const more = counts[c] - (i >= 0 ? groups[i][c] || 0 : 0);
          if (key && more !== 0 && typeof state_[key] === "number") state_[key] -= more;
        }
      }
      const any = Object.values(counts).some((n) => n > 0);
      if (i >= 0 && !any) groups.splice(i, 1);
      else if (i >= 0) Object.assign(groups[i], counts);
      else if (any) {
        const g = { faction: f, [b.place]: place };
        if (sector) g[b.sector] = sector;
        for (const [c, n] of Object.entries(counts)) if (n > 0 || c === b.counts[0]) g[c] = n;
        groups.push(g);
      }
      pos[b.pieces] = groups;
    }
  }
  form.hidden = true;
  if (form.dataset.what !== "tokens") state.lastPlace = place;
  buildPositionForm();
  if (state.position.move) buildMoveForm(); // its place keys offer this place
  changed("form-structure");
}

// -- forms from the JSON Schema ------------------------------------------------------------------------------------

// A schema node without its null alternative: {node, nullable}.
function plain(s) {
  if (s && s.anyOf) {
    const alts = s.anyOf.filter((a) => a.type !== "null");
    const nullable = alts.length < s.anyOf.length;
    if (alts.length === 1) {
      const inner = plain(alts[0]);
      return { node: { ...inner.node, description: s.description || inner.node.description }, nullable: nullable || inner.nullable };
    }
    return { node: { anyOf: alts, description: s.description }, nullable };
  }
  return { node: s || {}, nullable: false };
}

let listCount = 0;
let factionContext = null; // while a faction's entry of a map is built (a battle plan): its faction

// The names offered for a key: the family's (a faction's own under "key/faction" while its plan is built), and for a
// key offered the factions, the factions of this position.
function offered(key) {
  const all = state.game ? state.game.names : {};
  const names = (factionContext && all[`${key}/${factionContext}`]) || all[key];
  return names && isFactions(names) ? playing() || names : names;
}

function playing() {
  const factions = Object.keys((state.position && state.position.factions) || {});
  return factions.length ? factions : null;
}

// Whether a key's names are the game's factions (each key's list is an array of its own in the JSON).
function isFactions(names) {
  const all = (state.game && state.game.names.faction) || [];
  return names.length === all.length && names.every((n, i) => n === all[i]);
}

function datalist(key) {
  const names = offered(key);
  if (!names || !names.length) return null;
  const id = `names-${key}-${++listCount}`;
  const list = el("datalist", { id });
  for (const n of names) list.append(el("option", { value: n }));
  return list;
}

// One of a few names, a click each (a value not among them, from a file, is kept and shown).
function picker(key, names, value, set, title) {
  const box = el("span", { class: "picks", role: "radiogroup", "aria-label": key, title });
  const group = `pick-${key}-${++listCount}`;
  for (const n of value && !names.includes(value) ? [...names, value] : names) {
    const input = el("input", { type: "radio", name: group, value: n, checked: n === value, "aria-label": `${key} ${n}` });
    input.addEventListener("change", () => set(n));
    box.append(el("label", {}, input, ` ${n}`));
  }
  return box;
}

// The key whose names a map's keys take: "FACTION -> plan" names factions.
function mapKeyNames(s, key) {
  const m = /^([A-Za-z]+)\s*->/.exec(s.description || "");
  if (m) return m[1].toLowerCase();
  return key;
}

let showEvery = false; // while the move's form is built: every key of an object shown, set or not

// An editor for one value; `set(v)` stores it (undefined: remove the key), `rebuild()` redraws the form.
function editor(schema, value, key, set, rebuild) {
  const { node } = plain(schema);
  const title = node.description || "";
  if (node.enum) {
    const sel = el("select", { title, "aria-label": key });
    sel.append(el("option", { value: "", text: "—" }));
    for (const e of node.enum) sel.append(el("option", { value: JSON.stringify(e), text: String(e), selected: JSON.stringify(e) === JSON.stringify(value) }));
    sel.addEventListener("change", () => set(sel.value === "" ? undefined : JSON.parse(sel.value)));
    return sel;
  }
  if (node.type === "boolean") {
    const sel = el("select", { title, "aria-label": key });
    for (const [v, t] of [["", "—"], ["true", "yes"], ["false", "no"]]) sel.append(el("option", { value: v, text: t, selected: String(value ?? "") === v }));
    sel.addEventListener("change", () => set(sel.value === "" ? undefined : sel.value === "true"));
    return sel;
  }
  if (node.type === "integer" || node.type === "number") {
    const input = el("input", { type: "number", title, "aria-label": key, value: value ?? "", min: node.minimum, max: node.maximum });
    input.addEventListener("input", () => set(input.value === "" ? undefined : Number(input.value)));
    return input;
  }
  if (node.type === "string" && showEvery) {
    // in the move's form, a key naming one of the position's factions (the aggressor, the faction moving) is picked
    // from them in one click
    const all = state.game ? state.game.names : {};
    const own = (factionContext && all[`${key}/${factionContext}`]) || all[key];
    if (own && isFactions(own) && playing()) return picker(key, playing(), value, set, title);
    // a name of the faction's own few (a plan's leader: its five) is picked in one click; another (a captured
    // leader) is typed beside them
    const mine = factionContext && all[`${key}/${factionContext}`];
    if (mine && mine.length <= 8) {
      const other = el("input", { type: "text", class: "other", title, placeholder: "other", "aria-label": `${key}: another`, value: value && !mine.includes(value) ? value : "" });
      const box = picker(key, mine, value && mine.includes(value) ? value : undefined, (v) => { other.value = ""; set(v); }, title);
      other.addEventListener("input", () => {
        for (const r of box.querySelectorAll("input")) r.checked = false;
        set(other.value === "" ? undefined : other.value);
      });
      const list = datalist(key);
      if (list) other.setAttribute("list", list.id);
      box.append(other);
      if (list) box.append(list);
      return box;
    }
  }
  const few = node.type === "string" && showEvery && offered(key);
  if (few && few.length <= 16) {
    // a name among a few (a plan's weapon or defense): picked from the list, not typed
    const sel = el("select", { title, "aria-label": key });
    sel.append(el("option", { value: "", text: "—" }));
    for (const n of value && !few.includes(value) ? [...few, value] : few) sel.append(el("option", { value: n, text: n, selected: n === value }));
    sel.addEventListener("change", () => set(sel.value === "" ? undefined : sel.value));
    return sel;
  }
  if (node.type === "string") {
    const list = datalist(key);
    const input = el("input", { type: "text", title, "aria-label": key, value: value ?? "", list: list && list.id });
    input.addEventListener("input", () => set(input.value === "" ? undefined : input.value));
    return list ? el("span", {}, input, list) : input;
  }
  if (node.type === "array") {
    const items = plain(node.items).node;
    const arr = Array.isArray(value) ? value : [];
    const box = el("div", { class: "list", title });
    arr.forEach((item, i) => {
      const row = el("div", { class: "item" });
      row.append(editor(node.items || {}, item, key, (v) => { arr[i] = v; set(arr); }, rebuild));
      row.append(el("button", { type: "button", class: "remove", title: "remove", "aria-label": `remove ${key} ${i + 1}`, text: "✕", onclick: () => { arr.splice(i, 1); set(arr); rebuild(); } }));
      box.append(row);
    });
    box.append(el("button", { type: "button", class: "add", text: `+ ${key}`, onclick: () => { arr.push(items.type === "object" ? {} : items.type === "integer" ? 0 : ""); set(arr); rebuild(); } }));
    return box;
  }
  if (node.type === "object" && node.properties) return objectEditor(node, value && typeof value === "object" ? value : {}, set, rebuild);
  if (node.type === "object" && node.additionalProperties) return mapEditor(node, value && typeof value === "object" ? value : {}, key, set, rebuild);
  // several shapes (a count or names): written as YAML would, JSON for lists and maps
  const input = el("input", { type: "text", title: `${title} (a number, a name, or JSON)`, "aria-label": key, value: value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value) });
  input.addEventListener("input", () => {
    const t = input.value.trim();
    if (t === "") return set(undefined);
    try {
      set(JSON.parse(t));
    } catch (err) {
      set(t);
    }
  });
  return input;
}

const HIDDEN = new Set(["expect", "title", "notes"]);

// A key another ruleset of the game reads ("dreamrules: ..." in its description), under the position's ruleset.
function othersKey(s) {
  const m = /^([a-z0-9]+):/.exec((s && s.description) || "");
  const ruleset = state.position && state.position.ruleset;
  return Boolean(m && ruleset && m[1] !== ruleset && state.game && state.game.same_game.includes(m[1]));
}

function objectEditor(schema, obj, set, rebuild, skip) {
  const box = el("div", { class: "object" });
  const props = schema.properties || {};
  const required = new Set(schema.required || []);
  const folded = el("details", { class: "others" });
  const more = el("details", { class: "others" }); // in the move's form: the unset keys that hold a whole object
  for (const [k, s] of Object.entries(props)) {
    if ((skip && skip.has(k)) || (!(k in obj) && !showEvery)) continue;
    if (!(k in obj) && othersKey(s)) {
      folded.append(field(k, s, obj, required, set, rebuild));
      continue;
    }
    const basic = state.position && state.position.advanced === false && /^Advanced[:,]/.test(s.description || "");
    // in a faction's entry (its battle plan), a key another faction's power reads ("Atreides: ...") is folded
    const owner = /^([A-Z][A-Za-z -]+):/.exec(s.description || "");
    const slug = owner ? owner[1].toLowerCase().replaceAll(" ", "-") : "";
    const factionNames = (state.game && state.game.names.faction) || [];
    const anothers = Boolean(factionContext && factionNames.includes(slug) && slug !== factionContext);
    const rare = showEvery && rarelySet().has(k); // a part of a move a question rarely needs (a traitor, a Cheap Hero)
    if (!(k in obj) && !required.has(k) && ((plain(s).node.type === "object" && plain(s).node.properties) || basic || anothers || rare)) {
      more.append(field(k, s, obj, required, set, rebuild));
      continue;
    }
    box.append(field(k, s, obj, required, set, rebuild));
  }
  if (more.children.length) box.append(more), more.prepend(el("summary", { text: `more: ${[...more.querySelectorAll(":scope > .field > label")].map((l) => l.firstChild.textContent).join(", ")}` }));
  if (folded.children.length) box.append(folded), folded.prepend(el("summary", { text: `keys of other rulesets (${folded.children.length})` }));
  return finishObject(box, props, obj, skip, set, rebuild);
}

function rarelySet() {
  return new Set((state.game && state.game.board.rarely_set) || []);
}

function field(k, s, obj, required, set, rebuild) {
  const label = el("label", { text: k + (required.has(k) ? " *" : ""), title: s.description || "" });
  // in the move's form every key is shown, set or not: what each means is said under it
  if (showEvery && s.description) label.append(el("small", { class: "hint", text: s.description }));
  const row = el("div", { class: "field" + (required.has(k) ? " required" : "") }, label);
  row.append(editor(s, obj[k], k, (v) => { if (v === undefined) delete obj[k]; else obj[k] = v; set(obj); }, rebuild));
  const last = state.lastPlace;
  if (showEvery && PLACE_KEYS.includes(k) && obj[k] === undefined && last && (offered(k) || []).includes(last)) {
    row.append(el("button", { type: "button", class: "use-place", text: `${last} (last set on the board)`, "aria-label": `${k}: ${last}`, onclick: () => { obj[k] = last; set(obj); rebuild(); } }));
  }
  if (!required.has(k) && k in obj) row.append(el("button", { type: "button", class: "remove", title: `remove ${k}`, "aria-label": `remove ${k}`, text: "✕", onclick: () => { delete obj[k]; set(obj); rebuild(); } }));
  return row;
}

function finishObject(box, props, obj, skip, set, rebuild) {
  const missing = showEvery ? [] : Object.keys(props).filter((k) => !(k in obj) && !(skip && skip.has(k)) && !HIDDEN.has(k));
  missing.sort((a, b) => Number(othersKey(props[a])) - Number(othersKey(props[b]))); // this ruleset's keys first
  if (missing.length) {
    const add = el("select", { class: "add-key", "aria-label": "add a key" }, el("option", { value: "", text: "+ add a key…" }));
    for (const k of missing) add.append(el("option", { value: k, text: k + (othersKey(props[k]) ? " (another ruleset's)" : ""), title: props[k].description || "" }));
    add.addEventListener("change", () => {
      const k = add.value;
      const { node } = plain(props[k]);
      obj[k] = node.enum ? node.enum[0] : node.type === "integer" || node.type === "number" ? node.minimum || 0 : node.type === "boolean" ? true : node.type === "array" ? [] : node.type === "object" ? {} : "";
      set(obj);
      rebuild();
    });
    box.append(add);
  }
  return box;
}

function mapEditor(schema, obj, key, set, rebuild) {
  const box = el("div", { class: "map" });
  const names = mapKeyNames(schema, key);
  const byFaction = names === "faction" || names === "factions";
  for (const k of Object.keys(obj)) {
    const part = el("fieldset", {}, el("legend", {}, k, " ", el("button", { type: "button", class: "remove", "aria-label": `remove ${k}`, text: "✕", onclick: () => { delete obj[k]; set(obj); rebuild(); } })));
    const outer = factionContext;
    if (byFaction) factionContext = k;
    part.append(editor(schema.additionalProperties, obj[k], k, (v) => { if (v === undefined) delete obj[k]; else obj[k] = v; set(obj); }, rebuild));
    factionContext = outer;
    box.append(part);
  }
  const add = (k) => {
    if (!k || k in obj) return;
    const { node } = plain(schema.additionalProperties);
    obj[k] = node.type === "object" ? {} : node.type === "integer" ? 0 : node.type === "array" ? [] : "";
    set(obj);
    rebuild();
  };
  const row = el("div", { class: "adds" });
  if (byFaction && state.position && key !== "factions") {
    // the position's own factions, one button each (a battle's two sides, a faction's entry), and several at once
    const missing = Object.keys(state.position.factions || {}).filter((f) => !(f in obj));
    for (const f of missing) {
      row.append(el("button", { type: "button", class: "add", text: `+ ${f}`, "aria-label": `add ${f} to ${key}`, onclick: () => add(f) }));
    }
    const several = (factions) => () => {
      const { node } = plain(schema.additionalProperties);
      for (const f of factions) obj[f] = node.type === "object" ? {} : node.type === "integer" ? 0 : "";
      set(obj);
      rebuild();
    };
    // in a move fought in a place (a battle): the factions with pieces there; every faction would be too many
    const b = state.game.board;
    const move = state.position.move;
    const placed = showEvery && move && moveKeys().includes(b.place);
    const there = placed && move[b.place] ? [...new Set((state.position[b.pieces] || []).filter((g) => g[b.place] === move[b.place]).map((g) => g.faction))] : [];
    if (there.length >= 2 && there.every((f) => missing.includes(f)) && Object.keys(obj).length === 0) {
      row.append(el("button", { type: "button", class: "add", text: `+ ${there.join(" and ")} (in ${move[b.place]})`, "aria-label": `add the factions in ${move[b.place]} to ${key}`, onclick: several(there) }));
    } else if (!placed && missing.length >= 2 && Object.keys(obj).length === 0) {
      row.append(el("button", { type: "button", class: "add", text: `+ ${missing.join(" and ")}`, "aria-label": `add every faction to ${key}`, onclick: several(missing) }));
    }
  }
  const list = datalist(byFaction ? "faction" : names);
  const input = el("input", { type: "text", placeholder: `+ add ${names}`, "aria-label": `add to ${key}`, list: list && list.id });
  input.addEventListener("change", () => {
    const k = input.value.trim();
    input.value = "";
    add(k);
  });
  row.append(input);
  if (list) row.append(list);
  box.append(row);
  return box;
}

function buildPositionForm() {
  const pos = state.position;
  const skip = new Set(["move", "ruleset"]);
  const edited = () => {
    if (!$("move-phase").contains(document.activeElement)) buildPhase(); // the turn and phase beside the move too
    changed("form");
  };
  const form = objectEditor(state.schema, pos, edited, () => { buildPositionForm(); buildPhase(); changed("form-structure"); }, skip);
  $("position-form").replaceChildren(form);
}

// The keys the current move's action takes.
function moveKeys() {
  const move = state.position && state.position.move;
  const alt = move && moveAlternatives().find((a) => a.properties.action.enum[0] === move.action);
  return alt ? Object.keys(alt.properties) : [];
}

function moveAlternatives() {
  const move = state.schema && state.schema.properties && state.schema.properties.move;
  return ((move && move.anyOf) || []).filter((a) => a.properties && a.properties.action);
}

function fillActions() {
  const sel = $("action");
  sel.replaceChildren(el("option", { value: "", text: "— none: judge the position —" }));
  for (const alt of moveAlternatives()) {
    const name = alt.properties.action.enum[0];
    sel.append(el("option", { value: name, text: name, title: alt.properties.action.description || "" }));
  }
}

function buildMoveForm() {
  const move = state.position.move;
  $("action").value = move ? move.action : "";
  buildPhase();
  const box = $("move-form");
  if (!move) return box.replaceChildren();
  const alt = moveAlternatives().find((a) => a.properties.action.enum[0] === move.action);
  if (!alt) return box.replaceChildren(el("p", { text: `no form for the action ${move.action}` }));
  // every key of the action shown (a move has few, and a player should see what it may say), required ones marked,
  // those only other rulesets read folded away
  showEvery = true;
  const form = objectEditor(alt, move, () => changed("form"), () => { buildMoveForm(); changed("form-structure"); }, new Set(["action"]));
  showEvery = false;
  box.replaceChildren(form);
}

// The turn and phase (the Dice Game: round and step) beside the move: a move's legality often turns on them.
function buildPhase() {
  const box = $("move-phase");
  const pos = state.position;
  const props = (state.schema && state.schema.properties) || {};
  const keys = ["turn", "phase", "round", "step"].filter((k) => k in props);
  box.replaceChildren();
  for (const k of keys) {
    box.append(el("label", {}, `${k} `, editor(props[k], pos[k], k, (v) => { if (v === undefined) delete pos[k]; else pos[k] = v; buildPhase(); buildPositionForm(); changed("form-structure"); }, () => {})));
  }
  // the move's action is made in a phase (step) of its own: where the position is elsewhere, one click sets it, here
  // and over the ruling (where a player looks when the verdict turns on it)
  const offer = movePhase(pos);
  if (offer) box.append(phaseButton(offer, "set-phase"));
  showOffer();
}

// Over the ruling: the move's phase where the position is in another (offerPhases may add to it).
function showOffer() {
  const offer = movePhase(state.position);
  $("offer").replaceChildren(...(offer ? [phaseButton(offer, "set-phase big")] : []));
}

// The phase key (the Dice Game: step), the phases the schema allows, and the phase each action is played in.
function phases() {
  const b = (state.game && state.game.board) || {};
  const props = (state.schema && state.schema.properties) || {};
  const key = b.phase_key;
  const allowed = key && props[key] ? plain(props[key]).node.enum || [] : [];
  return { key, allowed, of: b.phase_of || {} };
}

// The move's phase where the position is in another: {key, wanted, action, now}; null otherwise.
function movePhase(pos) {
  const { key, allowed, of } = phases();
  const action = pos && pos.move && pos.move.action;
  const wanted = action && of[action];
  if (!wanted || pos[key] === wanted || !allowed.includes(wanted)) return null;
  return { key, wanted, action, now: pos[key] };
}

function phaseButton(offer, cls) {
  const now = offer.now ? ` (the position is in the ${offer.now} ${offer.key})` : "";
  return el("button", { type: "button", class: cls, text: `${offer.action} is played in the ${offer.wanted} ${offer.key}${now}: set it`, onclick: () => setPosition({ [offer.key]: offer.wanted }) });
}

// Keys of the position set from an offer (a phase, a move): the forms redrawn, the position judged again.
function setPosition(keys) {
  Object.assign(state.position, keys);
  buildMoveForm();
  buildPositionForm();
  changed("form-structure");
}

// A position without a move that the rules call invalid in its phase, but valid with only the phase changed (a new
// game's turn 1 Storm phase is judged as the starting set-up: forces placed for a battle break it): each move whose
// phase makes it valid offered in one click, its phase and action set together. The verdict shown stays the
// position's as it stands; each offer is checked by the server first, so none says what `check` would not.
async function offerPhases(seq, ruling) {
  const pos = state.position;
  if (!pos || pos.move || !state.valid || !ruling || ruling.status !== 200 || ruling.json.verdict !== "invalid-position") return;
  const { key, allowed, of } = phases();
  const tried = [...new Set(Object.values(of))].filter((p) => allowed.includes(p) && p !== pos[key]);
  if (!key || !tried.length) return;
  const answers = await Promise.all(tried.map((p) => call("POST", CHECK, { ...pos, [key]: p })));
  if (seq !== state.seq) return;
  const valid = tried.filter((p, i) => answers[i].status === 200 && answers[i].json.verdict === "legal");
  const moves = Object.entries(of).filter(([, p]) => valid.includes(p));
  if (!moves.length) return;
  const buttons = moves.map(([action, p]) => el("button", { type: "button", class: "set-phase", title: `the ${p} ${key}, and the action ${action}`, "data-action": action, text: action === p ? action : `${action} (${p})`, onclick: () => setPosition({ [key]: p, move: { action } }) }));
  $("offer").replaceChildren(
    el("p", {}, el("b", { text: `Valid in another ${key}` }), `: with only its ${key} changed (${pos[key] === undefined ? "it gives none" : `now ${pos[key]}`}), the rules find this position valid in each move's ${key} below. Setting up one? A click sets its ${key} and action:`),
    el("div", { class: "adds" }, ...buttons),
  );
}

function setAction() {
  const action = $("action").value;
  if (!action) delete state.position.move;
  else {
    const old = state.position.move || {};
    const move = { action };
    if (old.faction) move.faction = old.faction;
    state.position.move = move;
  }
  buildMoveForm();
  changed("form-structure");
}

// -- apply, compare, files, a record ---------------------------------------------------------------------------

// Keys sorted: two positions compare equal whatever order their keys were written in.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function withoutMove(position) {
  const { move, ...rest } = position;
  return rest;
}

async function applyMove() {
  if (!state.position || !state.position.move) return;
  const before = withoutMove(state.position);
  const move = state.position.move;
  const got = await call("POST", "/api/apply", state.position);
  if (got.status !== 200) return showError(got.json);
  if (!got.json.applied) {
    showRuling({ status: 200, json: got.json });
    $("ruling").prepend(el("p", { class: "why", text: "not applied: the move is not legal (or its outcome is open)" }));
    return;
  }
  // the moves played here, as a game record: carried on while each move starts where the last one left the game,
  // begun anew from the position before this move when the position was edited in between
  const log = state.log;
  if (!log || canonical(before) !== log.last) state.log = { start: before, moves: [] };
  state.log.moves.push(move);
  state.log.last = canonical(got.json.position);
  $("download-record").hidden = false;
  $("download-record").textContent = `Download record (${state.log.moves.length} move${state.log.moves.length > 1 ? "s" : ""})`;
  await render(got.json.position);
  for (const n of got.json.notes || []) $("ruling").append(el("p", { class: "note", text: `applied: ${n}` }));
}

// The moves applied on the page as a game record in JSON Lines (the record format's long form: a header with the
// start, then a move a line), which `mentat replay` reads.
function downloadRecord() {
  const log = state.log;
  if (!log) return;
  const header = { record: 1, title: `played on Mentat's page, ${new Date().toISOString().slice(0, 10)}`, start: log.start };
  const text = [header, ...log.moves].map((x) => JSON.stringify(x)).join("\n") + "\n";
  save(new Blob([text], { type: "application/jsonl" }), "record.jsonl");
}

async function compareRulesets() {
  const got = await call("POST", "/api/compare", state.position);
  if (got.status !== 200) return showError(got.json);
  const table = el("table", { class: "compare" }, el("tr", {}, el("th", { text: "ruleset" }), el("th", { text: "verdict" }), el("th", { text: "outcome" }), el("th", { text: "deciding rules" })));
  for (const row of got.json) {
    const outcome = Object.entries(row.outcome || {}).filter(([k]) => k !== "unknown").map(([k, v]) => `${k} ${readable(v)}`).join(", ");
    table.append(el("tr", { class: row.verdict || "cannot" }, el("td", { text: row.ruleset }), el("td", { text: row.verdict ? row.verdict.toUpperCase() : "cannot express" }), el("td", { text: row.verdict ? [outcome, row.reason && `why: ${row.reason}`].filter(Boolean).join("; ") : row.cannot_express }), el("td", { text: (row.deciding || []).join(", ") })));
  }
  $("compared").replaceChildren(el("h3", { text: "Under each ruleset" }), table);
  $("compared").scrollIntoView({ block: "nearest" });
}

function save(blob, name) {
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

function download() {
  save(new Blob([$("yaml").value], { type: "text/yaml" }), "position.yaml");
}

async function upload() {
  const file = $("upload").files[0];
  if (!file) return;
  const text = await file.text();
  $("upload").value = "";
  await openText(text, file.name);
}

// A position file or a game record (YAML, or JSON Lines), opened as an upload is.
async function openText(text, name) {
  let record = null;
  if (name.endsWith(".jsonl")) {
    const rows = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
    record = { ...rows[0], moves: rows.slice(1) };
  } else if (/^moves\s*:/m.test(text) && /^start\s*:/m.test(text)) {
    record = text;
  }
  resetLog();
  if (record) return openRecord(record, name);
  state.record = null;
  $("record").hidden = true;
  const shown = await render(text);
  if (!shown) $("yaml").value = text;
}

async function openRecord(record, name) {
  state.record = { data: record, at: 0, name, moves: [] };
  $("record").hidden = false;
  await stepRecord(0);
}

async function stepRecord(to) {
  const r = state.record;
  const q = to === null ? "" : `&to=${to}`;
  const got = await call("POST", `/api/replay?moves=1${q}`, r.data); // moves=1: the record's moves as read
  if (got.status !== 200) return showError(got.json);
  const j = got.json;
  r.total = j.moves;
  r.at = j.stopped ? j.move_number - 1 : j.applied;
  $("record-title").textContent = `Game record: ${r.name}`;
  $("record-status").textContent = j.stopped
    ? `stopped at move ${j.move_number} of ${j.moves}: ${j.ruling.verdict.toUpperCase()}`
    : `${j.applied} of ${j.moves} moves applied`;
  listMoves(r, j);
  // stopped: the ruling on the move it stopped at; else the ruling on the move just played (its outcome: who won,
  // what was lost), over the position it left; at the start, the start judged
  const played = j.stopped ? j.ruling : r.at > 0 ? j.last_ruling : null;
  await render(j.position, played && { status: 200, json: played });
  if (!j.stopped && played) {
    $("verdict").textContent = `Move ${r.at}: ${$("verdict").textContent}`;
    $("ruling").prepend(el("p", { class: "note", text: `move ${r.at}: ${summary(r.moves[r.at - 1])} (the board shows the position after it)` }));
  }
}

// A move in a line: its action, then its keys.
function summary(move) {
  if (!move) return "";
  const { action, ...rest } = move;
  const keys = Object.entries(rest).map(([k, v]) => `${k} ${readable(v)}`);
  return [action, ...keys].join(", ");
}

function listMoves(r, j) {
  const list = $("record-moves");
  list.replaceChildren();
  r.moves = j.record_moves || r.moves || [];
  r.moves.forEach((m, i) => {
    const n = i + 1;
    const cls = n <= r.at ? "done" : j.stopped && n === j.move_number ? "stopped" : "";
    const item = el("li", { class: cls }, el("button", { type: "button", class: "step", text: summary(m), title: `replay to move ${n}`, onclick: task(() => stepRecord(n)) }));
    if (n === r.at) item.setAttribute("aria-current", "step");
    list.append(item);
  });
}

// -- wiring -----------------------------------------------------------------------------------------------------

function wire() {
  $("board").addEventListener("click", onBoard);
  $("board").addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-place], [data-sector]")) {
      e.preventDefault();
      onBoard(e);
    }
  });
  $("place-editor").addEventListener("submit", setPlace);
  $("place-cancel").addEventListener("click", () => { $("place-editor").hidden = true; });
  $("yaml").addEventListener("input", () => changed("yaml", $("yaml").value));
  $("action").addEventListener("change", setAction);
  $("apply").addEventListener("click", task(applyMove));
  $("compare").addEventListener("click", task(compareRulesets));
  $("download").addEventListener("click", download);
  $("download-record").addEventListener("click", downloadRecord);
  $("upload").addEventListener("change", task(upload));
  $("ruleset").addEventListener("change", task(async () => {
    const r = $("ruleset").value;
    const same = state.game && state.game.same_game.includes(r);
    if (same && state.position) {
      // another ruleset of the same game: the position carried over as it stands (the server says what it lacks)
      state.position.ruleset = r;
      await render(state.position);
    } else {
      await loadGame(r);
      await newGame(r, (state.game.names.faction || []).slice(0, 2), false);
    }
  }));
  $("new-start").addEventListener("click", task(async () => {
    const factions = [...$("new-factions").querySelectorAll("input:checked")].map((i) => i.value);
    $("newgame").open = false;
    await newGame($("ruleset").value, factions, $("new-advanced").checked);
  }));
  $("record-next").addEventListener("click", task(() => stepRecord(Math.min(state.record.at + 1, state.record.total))));
  $("record-prev").addEventListener("click", task(() => stepRecord(Math.max(state.record.at - 1, 0))));
  $("record-end").addEventListener("click", task(() => stepRecord(null)));
  for (const kind of ["mouseover", "focusin"]) $("board").addEventListener(kind, caption);
}

document.addEventListener("DOMContentLoaded", task(start));
