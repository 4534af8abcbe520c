// roundtable studio: live updates, gallery filters, tools and the replay
// viewer. Plain browser JavaScript, no build step.
'use strict';

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

// --- Live updates: the server pushes an "update" after every save. ---
function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

async function refreshLive() {
  for (const el of $$('[data-live]')) {
    const res = await fetch(el.dataset.live, { cache: 'no-store' });
    if (res.ok) {
      el.innerHTML = await res.text();
      el.classList.remove('flash'); void el.offsetWidth; el.classList.add('flash');
    }
  }
}

async function refreshPictures(u) {
  const changed = new Set(u.changed);
  for (const img of $$('img[data-pic]')) {
    if (changed.has(img.dataset.pic)) img.src = '/svg/' + img.dataset.pic + '.svg?v=' + u.version;
  }
  for (const el of $$('[data-inline-pic]')) {
    if (!changed.has(el.dataset.inlinePic)) continue;
    const res = await fetch('/svg/' + el.dataset.inlinePic + '.svg', { cache: 'no-store' });
    if (res.ok) { el.innerHTML = await res.text(); overlay(lastTiles); }
  }
}

function showStatus(u) {
  const st = $('#status');
  st.textContent = plural(u.errors, 'error') + ', ' + plural(u.warnings, 'warning');
  st.className = u.errors ? 'bad' : (u.warnings ? 'warn' : 'good');
  st.dataset.errors = u.errors; st.dataset.warnings = u.warnings;
  const probs = $('#problems');
  probs.innerHTML = '';
  for (const p of u.problems) {
    const el = document.createElement('p'); el.className = 'problem'; el.textContent = p; probs.appendChild(el);
  }
}

function listen() {
  const es = new EventSource('/events');
  // A page left closes its stream at once: the browser keeps at most six
  // connections to the studio, and streams of pages gone held them until
  // the studio's next keep-alive, stalling the next page's requests.
  window.addEventListener('pagehide', () => es.close());
  es.addEventListener('hello', () => { document.body.dataset.stream = 'open'; });
  es.addEventListener('update', async (ev) => {
    const u = JSON.parse(ev.data);
    showStatus(u);
    await refreshPictures(u);
    await refreshLive();
    document.body.dataset.version = u.version; // tests wait for this
  });
}

// --- Gallery filters. ---
function setupGallery() {
  const search = $('#search');
  if (!search || !$('#gallery')) return;
  const tiles = $$('#gallery .tile');
  const sel = { game: $('#f-game'), kind: $('#f-kind'), pack: $('#f-pack') };
  const problems = $('#f-problems');
  const apply = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let n = 0;
    for (const t of tiles) {
      let ok = words.every((w) => t.dataset.search.includes(w));
      for (const k of ['game', 'kind', 'pack']) ok = ok && (!sel[k].value || t.dataset[k] === sel[k].value);
      ok = ok && (!problems.checked || t.dataset.problems === '1');
      t.classList.toggle('hidden', !ok);
      if (ok) n++;
    }
    $('#shown').textContent = n + ' of ' + tiles.length;
  };
  search.addEventListener('input', apply);
  for (const s of Object.values(sel)) s.addEventListener('change', apply);
  problems.addEventListener('change', apply);
  apply();
}

// --- Tools: forecast and reach. ---
let lastTiles = [];

function overlay(tiles) {
  const svg = $('#map svg');
  if (!svg) return;
  for (const old of $$('.reach-mark', svg)) old.remove();
  for (const t of tiles) {
    const g = svg.querySelector('[data-tile="' + CSS.escape(t) + '"]');
    const r = g && g.querySelector('rect');
    if (!r) continue;
    const mark = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    for (const a of ['x', 'y', 'width', 'height']) mark.setAttribute(a, r.getAttribute(a) || '0');
    mark.setAttribute('fill', '#ffd400'); mark.setAttribute('fill-opacity', '0.55');
    mark.setAttribute('class', 'reach-mark'); mark.setAttribute('data-reach', t);
    g.appendChild(mark);
  }
}

// answer is a POST's JSON, or its text as the error: the guards answer a
// refused request (403, 413, 503) in plain text.
async function answer(res) {
  const text = await res.text();
  try { return JSON.parse(text); } catch (e) { return { error: text.trim() || res.statusText }; }
}

function setupTools() {
  for (const form of $$('form.tool')) {
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)) });
      const ans = await answer(res);
      const out = $('.answer', form);
      out.innerHTML = '';
      const add = (text, cls) => { const p = document.createElement('p'); p.textContent = text; if (cls) p.className = cls; out.appendChild(p); };
      if (ans.error) { add(ans.error, 'error'); lastTiles = []; overlay([]); return; }
      for (const line of ans.Text) add(line);
      lastTiles = ans.Tiles || [];
      overlay(lastTiles);
    });
  }
}

// --- Replay viewer. ---
function setupReplay() {
  const form = $('#replay-form');
  if (!form) return;
  const gm = $('#gamemode');
  const fillMode = () => {
    const opt = gm.selectedOptions[0];
    const pols = opt.dataset.policies.split(',').filter(Boolean);
    for (const id of ['policy1', 'policy2']) {
      const s = $('#' + id);
      s.innerHTML = '<option value="">default</option>' + pols.map((p) => '<option>' + p + '</option>').join('');
    }
    const flags = $('#flags');
    flags.innerHTML = '';
    for (const f of opt.dataset.flags.split(';').filter(Boolean)) {
      const [name, def, usage] = f.split('=');
      const l = document.createElement('label');
      l.textContent = '--' + name;
      const i = document.createElement('input');
      i.name = 'flag-' + name; i.placeholder = def || ''; i.title = usage || '';
      l.appendChild(i); flags.appendChild(l);
    }
  };
  gm.addEventListener('change', fillMode);
  fillMode();
  let steps = [], at = 0, loads = 0;
  const show = (i) => {
    at = Math.max(0, Math.min(steps.length - 1, i));
    const st = steps[at];
    const board = $('#board');
    if (st.svg) board.innerHTML = st.svg; else board.innerHTML = '<pre></pre>', board.firstChild.textContent = st.position;
    $('#action').textContent = at === 0 ? 'Start' : (st.seat ? st.seat + ': ' : '') + st.action;
    const ev = $('#events'); ev.innerHTML = '';
    for (const e of st.events) { const li = document.createElement('li'); li.textContent = e; ev.appendChild(li); }
    $('#slider').value = at;
    $('#stepno').textContent = 'action ' + at + ' of ' + (steps.length - 1);
    const rv = $('#replay');
    rv.dataset.step = at;
    rv.dataset.final = at === steps.length - 1 ? 'true' : 'false';
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const fd = new FormData(form);
    const [game, mode] = gm.value.split(' ');
    fd.set('game', game); fd.set('mode', mode);
    if (!$('#log').files.length) fd.delete('log');
    $('#replay-error').hidden = true;
    const res = await fetch('/api/replay', { method: 'POST', body: fd });
    const data = await answer(res);
    if (data.error) { const e = $('#replay-error'); e.textContent = data.error; e.hidden = false; $('#replay').hidden = true; $('#replay').dataset.loads = ++loads; return; }
    steps = data.steps;
    $('#slider').max = steps.length - 1;
    $('#result').textContent = data.game + ' ' + data.mode + ', seed ' + data.seed + ': ' + data.result;
    $('#replay').hidden = false;
    show(0);
    $('#replay').dataset.loads = ++loads; // replays shown so far (tests wait on it)
  });
  $('#first').onclick = () => show(0);
  $('#back').onclick = () => show(at - 1);
  $('#forward').onclick = () => show(at + 1);
  $('#last').onclick = () => show(steps.length - 1);
  $('#slider').oninput = (e) => show(Number(e.target.value));
  document.addEventListener('keydown', (e) => {
    if (!steps.length || e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
    if (e.key === 'ArrowRight') show(at + 1);
    if (e.key === 'ArrowLeft') show(at - 1);
    if (e.key === 'Home') show(0);
    if (e.key === 'End') show(steps.length - 1);
  });
}

document.addEventListener('DOMContentLoaded', () => {
  setupGallery();
  setupTools();
  setupReplay();
  listen();
});
