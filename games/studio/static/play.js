// roundtable studio: the play page (/play). A person plays a game against
// the engine, or with other people at one screen, by pointing at the board
// and pressing buttons. The server holds the game (docs/studio.md, "Play";
// the routes are /api/play/...); this page only ever receives what the seat
// it shows may see: that seat's view drawn as SVG, its text, its events and
// its own legal actions. Plain browser JavaScript, no build step.
'use strict';

(() => {
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const app = $('#play-app');
  if (!app) return;

  // --- The server. ---

  // api answers {ok, status, data}; a guard's plain-text answer (403, 413,
  // 503) becomes data.error.
  async function api(method, url, body) {
    const init = { method, cache: 'no-store', headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(url, init);
    } catch (e) {
      return { ok: false, status: 0, data: { error: 'The studio does not answer (' + e.message + '). Is `roundtable serve` still running?' } };
    }
    const text = await res.text();
    let data;
    try { data = JSON.parse(text); } catch (e) { data = { error: text.trim() || res.statusText }; }
    if (!res.ok && !data.error) data.error = res.status + ' ' + res.statusText;
    return { ok: res.ok, status: res.status, data };
  }

  // --- What the page holds. ---

  let setup = null;      // GET /api/play/setup
  let game = null;       // {id, seats, humans: [seat...]}
  let viewSeat = -1;     // the seat whose view is on the screen (or behind the cover)
  let st = null;         // the State shown
  let picked = [];       // words pointed at, in order
  let confirming = null; // the action waiting for Confirm
  let expanded = new Set(); // groups shown in full although they are on the board
  let cursor = null;     // {word, x, y}: the keyboard's cursor on the board
  let generation = 0;    // bumps when a newer answer makes older waits moot
  let renders = 0;
  let busy = false;
  let settledN = 0;

  // settle marks the page at rest: a state shown that waits for nobody
  // but a person, or the cover up (tests wait for it).
  function settle() {
    app.dataset.settled = String(++settledN);
  }

  const seatName = (i) => {
    const s = game && game.seats.find((x) => x.index === i);
    return s ? s.name : 'seat ' + (i + 1);
  };
  const isHuman = (i) => !!game && game.humans.includes(i);
  const hotSeat = () => !!game && game.humans.length > 1;

  function mark(state) {
    app.dataset.state = state;
  }

  function error(msg) {
    const e = $('#play-error');
    if (!msg) { e.hidden = true; e.textContent = ''; return; }
    e.textContent = msg;
    e.hidden = false;
    app.dataset.errors = String(Number(app.dataset.errors || 0) + 1);
  }

  // --- Setup form. ---

  function modeOf(gameName, modeName) {
    const g = setup && setup.games.find((x) => x.name === gameName);
    if (!g) return null;
    return g.modes.find((m) => m.name === modeName) || g.modes[0];
  }

  function fillGames() {
    const sel = $('#setup-game');
    sel.innerHTML = '';
    for (const g of setup.games) sel.add(new Option(g.title ? g.title + ' (' + g.name + ')' : g.name, g.name));
    fillModes();
  }

  function fillModes() {
    const g = setup.games.find((x) => x.name === $('#setup-game').value) || setup.games[0];
    const sel = $('#setup-mode');
    sel.innerHTML = '';
    for (const m of g.modes) sel.add(new Option(m.name, m.name));
    fillMode();
  }

  function fillMode() {
    const m = modeOf($('#setup-game').value, $('#setup-mode').value);
    $('#setup-summary').textContent = m ? m.summary : '';
    const flags = $('#setup-flags');
    $$('label, p', flags).forEach((el) => el.remove());
    for (const f of (m && m.flags) || []) {
      const l = document.createElement('label');
      l.className = 'flag';
      const name = document.createElement('span');
      name.textContent = f.name;
      l.appendChild(name);
      let input;
      if (f.choices && f.choices.length && f.kind !== 'strings') {
        input = document.createElement('select');
        if (!f.default) input.add(new Option('(default)', ''));
        for (const c of f.choices) input.add(new Option(c, c));
        input.value = f.default || '';
      } else {
        input = document.createElement('input');
        input.value = f.default || '';
        if (f.kind === 'int') input.inputMode = 'numeric';
        if (f.kind === 'strings') input.placeholder = (f.choices && f.choices.length ? f.choices.slice(0, 3).join(', ') + '…' : 'a, b') + ' (comma list)';
        if (f.choices && f.choices.length) {
          const id = 'choices-' + f.name;
          let dl = document.getElementById(id);
          if (!dl) { dl = document.createElement('datalist'); dl.id = id; flags.appendChild(dl); }
          dl.innerHTML = '';
          for (const c of f.choices) dl.appendChild(new Option(c, c));
          input.setAttribute('list', id);
        }
      }
      input.name = 'flag.' + f.name;
      input.dataset.flag = f.name;
      input.dataset.kind = f.kind || 'string';
      input.title = f.usage || '';
      l.appendChild(input);
      const u = document.createElement('small');
      u.textContent = f.usage || '';
      l.appendChild(u);
      flags.appendChild(l);
      if (f.name === 'players') input.addEventListener('input', () => fillSeats());
    }
    flags.hidden = !(m && m.flags && m.flags.length);
    fillSeats();
  }

  // seatList is the seats the setup shows: the mode's default seats, or,
  // when the mode has a players flag, that many P1..PN and then the
  // default setup's seats the rules play.
  function seatList(m) {
    const seats = (m && m.seats) || [];
    const players = $('input[data-flag="players"], select[data-flag="players"]');
    const n = players ? parseInt(players.value, 10) : NaN;
    if (!players || !(n > 0) || n > 8) return seats;
    const out = [];
    for (let i = 0; i < n; i++) out.push({ index: i, name: 'P' + (i + 1) });
    for (const s of seats.filter((x) => x.auto)) out.push({ index: out.length, name: s.name, auto: true });
    return out;
  }

  function fillSeats(given) {
    const m = modeOf($('#setup-game').value, $('#setup-mode').value);
    const box = $('#setup-seats');
    const before = $$('.seat:not([data-auto])', box).map((row) => ({ kind: $('select', row).value, budget: $('input', row).value }));
    $$('.seat, p', box).forEach((el) => el.remove());
    const pols = (m && m.policies) || ['random', 'greedy', 'search'];
    seatList(m).forEach((s, i) => {
      const row = document.createElement('div');
      row.className = 'seat';
      row.dataset.index = s.index;
      if (s.auto) {
        row.dataset.auto = 'true';
        const p = document.createElement('span');
        p.textContent = s.name + ': played by the rules';
        row.appendChild(p);
        box.appendChild(row);
        return;
      }
      const l = document.createElement('label');
      l.textContent = s.name + ' ';
      const sel = document.createElement('select');
      sel.name = 'seat' + s.index;
      sel.id = 'seat-' + s.index;
      sel.add(new Option('a person', 'human'));
      for (const p of pols) sel.add(new Option('engine: ' + p, p));
      const bl = document.createElement('label');
      bl.className = 'budget';
      bl.textContent = 'budget ';
      const b = document.createElement('input');
      b.name = 'budget' + s.index;
      b.id = 'budget-' + s.index;
      b.inputMode = 'numeric';
      b.size = 6;
      b.value = m && m.budget ? m.budget : '';
      b.title = 'playouts per decision of the search';
      bl.appendChild(b);
      let want = i === 0 ? 'human' : (pols.includes('greedy') ? 'greedy' : pols[0]);
      if (before[i]) { want = before[i].kind; b.value = before[i].budget; }
      if (given && given[i] !== undefined) {
        const [k, n] = given[i].split(':');
        want = k;
        if (n) b.value = n;
      }
      sel.value = want;
      if (sel.value !== want) sel.value = 'human';
      const sync = () => { bl.hidden = sel.value !== 'search'; };
      sel.addEventListener('change', sync);
      sync();
      l.appendChild(sel);
      row.appendChild(l);
      row.appendChild(bl);
      box.appendChild(row);
    });
  }

  function seatsOfForm() {
    return $$('#setup-seats .seat').map((row) => {
      if (row.dataset.auto) return 'rules';
      const k = $('select', row).value;
      const b = $('input', row).value.trim();
      return k === 'search' && b ? 'search:' + b : k;
    });
  }

  function flagsOfForm() {
    const flags = {};
    for (const input of $$('#setup-flags [data-flag]')) {
      const v = input.value.trim();
      if (!v) continue;
      flags[input.dataset.flag] = input.dataset.kind === 'strings' ? v.split(',').map((x) => x.trim()).filter(Boolean) : [v];
    }
    return flags;
  }

  function startBody() {
    const seed = $('#setup-seed').value.trim();
    return { game: $('#setup-game').value, mode: $('#setup-mode').value, seed: Number(seed || 0), flags: flagsOfForm(), seats: seatsOfForm() };
  }

  // --- Starting and reopening. ---

  async function start(body) {
    error('');
    busy = true;
    $('#start').disabled = true;
    const r = await api('POST', '/api/play', body);
    busy = false;
    $('#start').disabled = false;
    if (!r.ok) { error(r.data.error); settle(); return; }
    begin(r.data);
  }

  function begin(data) {
    game = { id: data.id, seats: data.seats || [], humans: (data.seats || []).filter((s) => s.kind === 'human').map((s) => s.index) };
    if (data.state && data.state.humans) game.humans = data.state.humans;
    history.replaceState(null, '', '/play#game=' + encodeURIComponent(game.id));
    app.dataset.game = game.id;
    $('#setup').hidden = true;
    $('#link-box').hidden = true;
    $('#save-position').href = '/api/play/' + game.id + '/position';
    $('#download-log').href = '/api/play/' + game.id + '/log';
    viewSeat = data.state ? data.state.seat : (game.humans[0] ?? -1);
    if (hotSeat() && data.state && !data.state.over) {
      // Nobody's view shows before its person says they are at the screen.
      pending = data.state;
      cover(viewSeat);
      settle();
      return;
    }
    arrive(data.state);
  }

  // fromQuery is the body of the game a URL's query reopens, or null.
  function fromQuery(q) {
    if (!q.get('game')) return null;
    const flags = {};
    for (const [k, v] of q) {
      const name = k.startsWith('flag.') ? k.slice(5) : null;
      if (name) (flags[name] = flags[name] || []).push(v);
    }
    const seats = (q.get('seats') || '').split(',').filter(Boolean);
    const body = { game: q.get('game'), mode: q.get('mode') || '', seed: q.has('seed') ? Number(q.get('seed')) : undefined, flags, seats, actions: q.getAll('actions') };
    return body;
  }

  function formFrom(body) {
    $('#setup-game').value = body.game;
    fillModes();
    if (body.mode) $('#setup-mode').value = body.mode;
    fillMode();
    if (body.seed !== undefined) $('#setup-seed').value = String(body.seed);
    for (const input of $$('#setup-flags [data-flag]')) {
      const v = body.flags[input.dataset.flag];
      if (v) input.value = v.join(',');
    }
    fillSeats(body.seats);
  }

  // --- A state arrives. ---

  let pending = null; // a state behind the cover

  // arrive decides what to do with the state of viewSeat: show it, wait
  // for the engine, or cover the screen for the next person.
  function arrive(state) {
    if (!state) return;
    const gen = ++generation;
    if (state.thinking) {
      render(state);
      wait(gen);
      return;
    }
    if (hotSeat() && !state.over && state.toMove >= 0 && state.toMove !== viewSeat && isHuman(state.toMove)) {
      viewSeat = state.toMove;
      pending = null;
      cover(viewSeat);
      settle();
      return;
    }
    render(state);
    settle();
  }

  async function wait(gen) {
    for (;;) {
      const r = await api('GET', '/api/play/' + game.id + '?seat=' + viewSeat + '&wait=1');
      if (gen !== generation) return;
      if (!r.ok) { failed(r); return; }
      if (!r.data.thinking) { arrive(r.data); return; }
      render(r.data);
    }
  }

  async function refresh() {
    if (!game) return;
    const r = await api('GET', '/api/play/' + game.id + '?seat=' + viewSeat);
    if (!r.ok) {
      if (r.status === 410 || r.status === 404) gone();
      else settle();
      return;
    }
    arrive(r.data);
  }

  // failed shows why a request was refused and puts the game on the page
  // as it stands.
  function failed(r) {
    error(r.data.error || ('the studio answered ' + r.status));
    if (r.status === 410 || r.status === 404) { gone(); return; }
    refresh();
  }

  function gone() {
    game = null;
    st = null;
    clearBoard();
    $('#game').hidden = true;
    $('#cover').hidden = true;
    $('#setup').hidden = false;
    history.replaceState(null, '', '/play');
    mark('setup');
    settle();
  }

  // --- The cover between people. ---

  function clearBoard() {
    $('#board').innerHTML = '';
    $('#actions').innerHTML = '';
    $('#events').innerHTML = '';
    $('#show').textContent = '';
    $('#scores').innerHTML = '';
    $('#turn').textContent = '';
    $('#confirm').hidden = true;
    $('#picked').hidden = true;
  }

  function cover(seat) {
    st = null;
    picked = []; confirming = null; cursor = null;
    clearBoard();
    $('#game').hidden = true;
    $('#cover-text').textContent = 'Pass to ' + seatName(seat) + ' — press Enter';
    $('#cover-name').textContent = seatName(seat);
    $('#cover').hidden = false;
    app.dataset.cover = seatName(seat);
    mark('covered');
    focusSoon($('#cover-go'));
  }

  async function uncover() {
    if ($('#cover').hidden || !game) return;
    $('#cover').hidden = true;
    delete app.dataset.cover;
    if (pending && pending.seat === viewSeat) {
      const s = pending;
      pending = null;
      arrive(s);
      return;
    }
    const r = await api('GET', '/api/play/' + game.id + '?seat=' + viewSeat);
    if (!r.ok) { failed(r); return; }
    arrive(r.data);
  }

  // --- Drawing a state. ---

  function render(state) {
    prepare(state);
    st = state;
    if (!state.yourTurn || state.over) { picked = []; confirming = null; }
    $('#cover').hidden = true;
    $('#game').hidden = false;
    const board = $('#board');
    board.innerHTML = state.svg || '';
    if (!state.svg) { const pre = document.createElement('pre'); pre.textContent = state.show; board.appendChild(pre); }
    const svg = $('svg', board);
    if (svg) {
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', 'the board as ' + state.seatName + ' sees it');
      svg.removeAttribute('width');
      svg.removeAttribute('height');
    }
    // Whose turn.
    const turn = $('#turn');
    turn.className = 'turn';
    if (state.over) {
      turn.textContent = 'Game over: ' + state.result;
      turn.classList.add('over');
    } else if (state.thinking) {
      turn.textContent = state.toMoveName + ' is thinking…';
      turn.classList.add('thinking');
    } else if (state.yourTurn) {
      turn.textContent = 'Your turn, ' + state.seatName + '.';
      turn.classList.add('yours');
    } else {
      turn.textContent = state.toMoveName + ' to move.';
    }
    // Scores.
    const scores = $('#scores');
    scores.innerHTML = '';
    for (const s of state.scores || []) {
      const li = document.createElement('li');
      const b = document.createElement('b');
      b.textContent = s.name;
      li.appendChild(b);
      li.appendChild(document.createTextNode(' ' + s.text));
      if (s.seat === state.toMove) li.className = 'to-move';
      if (s.seat === state.seat) li.classList.add('you');
      scores.appendChild(li);
    }
    // Events: the newest last, as sentences.
    const ev = $('#events');
    ev.innerHTML = '';
    for (const e of (state.events || []).slice(-12)) {
      const li = document.createElement('li');
      li.textContent = e;
      ev.appendChild(li);
    }
    if (!(state.events || []).length) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = 'Nothing yet.';
      ev.appendChild(li);
    }
    $('#show').textContent = state.show || '';
    const prob = $('#problem');
    prob.textContent = state.problem || '';
    prob.hidden = !state.problem;
    $('#undo').disabled = !state.canUndo || state.thinking;
    renders++;
    history.replaceState(null, '', '/play#game=' + encodeURIComponent(game.id) + '&seat=' + state.seat);
    app.dataset.version = String(state.version);
    app.dataset.seat = String(state.seat);
    app.dataset.over = state.over ? 'true' : 'false';
    app.dataset.result = state.result || '';
    mark(state.over ? 'over' : state.thinking ? 'thinking' : state.yourTurn ? 'yours' : 'waiting');
    if (state.thinking) app.dataset.thought = String(Number(app.dataset.thought || 0) + 1);
    choices();
    app.dataset.renders = String(renders);
  }

  // --- Choosing an action. ---

  // An element a person can point at says its word in data-pick; a board's
  // tiles (data-tile) and Table Battles' formations (data-formation) are
  // pickable by the names they carry.
  const PICK = '[data-pick], [data-tile], [data-formation]';
  const pickOf = (el) => (el.dataset.pick || el.dataset.tile || el.dataset.formation || '').toLowerCase();
  const pickEls = () => $$(PICK, $('#board')).filter((el) => pickOf(el));
  // actions are the seat's legal actions, each with every word of its text
  // (a unit named first, "erk move d5", is pointed at too).
  const actions = () => (st && st.yourTurn && !st.over ? st.actions || [] : []);
  function prepare(state) {
    for (const a of state.actions || []) {
      const ws = a.text.toLowerCase().split(/\s+/).filter(Boolean);
      a.words = Array.from(new Set([...(a.words || []).map((w) => w.toLowerCase()), ...ws]));
    }
  }
  // groupOf is the heading an action is listed under: the server's group,
  // or, for "other", the action's verb (its first word not on the board).
  function groupOf(a, onBoard) {
    if (a.group && a.group !== 'other') return a.group;
    const ws = a.text.toLowerCase().split(/\s+/);
    return ws.find((w) => !onBoard.has(w)) || ws[0] || 'other';
  }
  const remaining = () => actions().filter((a) => picked.every((w) => a.words.includes(w)));

  function boardWords() {
    return new Set(pickEls().map(pickOf));
  }

  // pickable are the words a point on the board would narrow the choice
  // by: the pieces that have something to do, or, once one is picked,
  // the tiles and targets of what is left.
  function pickable() {
    const onBoard = boardWords();
    const out = new Set();
    for (const a of remaining()) {
      const ws = a.words.filter((w) => onBoard.has(w) && !picked.includes(w));
      if (!ws.length) continue;
      if (picked.length === 0) out.add(ws[0]);
      else ws.forEach((w) => out.add(w));
    }
    return out;
  }

  function choices() {
    const box = $('#actions');
    box.innerHTML = '';
    const conf = $('#confirm');
    const acts = actions();
    const rem = remaining();
    // What is picked.
    const pk = $('#picked');
    pk.innerHTML = '';
    pk.hidden = picked.length === 0;
    if (picked.length) {
      pk.appendChild(document.createTextNode('Selected: '));
      for (const w of picked) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'chip';
        b.dataset.word = w;
        b.textContent = w + ' ✕';
        b.title = 'drop ' + w + ' from the selection';
        b.addEventListener('click', () => unpick(w));
        pk.appendChild(b);
      }
      const c = document.createElement('button');
      c.type = 'button';
      c.className = 'chip clear';
      c.textContent = 'Clear (Esc)';
      c.addEventListener('click', clearPick);
      pk.appendChild(c);
    }
    if (confirming) {
      conf.hidden = false;
      $('#confirm-text').textContent = confirming.text;
      $('#confirm-detail').textContent = confirming.detail || '';
    } else {
      conf.hidden = true;
    }
    highlight();
    if (!acts.length) {
      if (st && !st.over && !st.thinking && !st.yourTurn) {
        const p = document.createElement('p');
        p.className = 'muted';
        p.textContent = 'Waiting for ' + st.toMoveName + '.';
        box.appendChild(p);
      }
      return;
    }
    if (confirming) return;
    const onBoard = boardWords();
    const isOnBoard = (a) => a.words.some((w) => onBoard.has(w));
    // Groups in the order they first come.
    const groups = [];
    for (const a of rem) {
      const name = groupOf(a, onBoard);
      let g = groups.find((x) => x.name === name);
      if (!g) { g = { name, list: [] }; groups.push(g); }
      g.list.push(a);
    }
    const long = rem.length > 12 && picked.length === 0;
    let n = 0;
    const shown = [];
    for (const g of groups) {
      const sec = document.createElement('section');
      sec.className = 'group';
      sec.dataset.group = g.name;
      const h = document.createElement('h3');
      h.textContent = g.name;
      sec.appendChild(h);
      const fold = long && g.list.every(isOnBoard) && !expanded.has(g.name);
      if (fold) {
        const p = document.createElement('p');
        p.className = 'fold';
        p.textContent = g.list.length + ' on the board: point at a piece, or ';
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'more';
        b.textContent = 'list them';
        b.addEventListener('click', () => { expanded.add(g.name); choices(); });
        p.appendChild(b);
        sec.appendChild(p);
        shown.push(sec);
        continue;
      }
      if (g.list.length > 12) sec.appendChild(narrowing(g.list));
      const ol = document.createElement('ol');
      for (const a of g.list) {
        n++;
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'act';
        b.dataset.n = String(n);
        b.dataset.i = String(a.i);
        b.dataset.action = a.text;
        const k = document.createElement('kbd');
        k.textContent = n <= 9 ? String(n) : '';
        b.appendChild(k);
        const t = document.createElement('span');
        t.className = 'text';
        t.textContent = a.text;
        b.appendChild(t);
        if (a.detail) {
          const d = document.createElement('small');
          d.className = 'detail';
          d.textContent = a.detail;
          b.appendChild(d);
        }
        b.addEventListener('click', () => send(a));
        b.addEventListener('mouseenter', () => hover(a, true));
        b.addEventListener('mouseleave', () => hover(a, false));
        b.addEventListener('focus', () => hover(a, true));
        b.addEventListener('blur', () => hover(a, false));
        li.appendChild(b);
        ol.appendChild(li);
      }
      sec.appendChild(ol);
      shown.push(sec);
    }
    // Off-board groups first: they are the ones only a button can reach.
    shown.sort((a, b) => (a.querySelector('.fold') ? 1 : 0) - (b.querySelector('.fold') ? 1 : 0));
    let k = 0;
    for (const sec of shown) {
      box.appendChild(sec);
      for (const b of $$('button.act', sec)) {
        k++;
        b.dataset.n = String(k);
        b.querySelector('kbd').textContent = k <= 9 ? String(k) : '';
        b.setAttribute('aria-keyshortcuts', k <= 9 ? String(k) : '');
      }
    }
    if (k === 0 && rem.length) { groups.forEach((g) => expanded.add(g.name)); choices(); return; }
  }

  // narrowing is a row of the words that tell a long group's actions
  // apart (the cards of a mulligan, say): pressing one keeps the actions
  // with it, as pointing at the board does.
  function narrowing(list) {
    const count = new Map();
    for (const a of list) for (const w of new Set(a.words)) count.set(w, (count.get(w) || 0) + 1);
    const p = document.createElement('p');
    p.className = 'narrow';
    p.appendChild(document.createTextNode('Keep those with: '));
    for (const [w, n] of count) {
      if (n === list.length || picked.includes(w)) continue;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip word';
      b.textContent = w;
      b.dataset.word = w;
      b.addEventListener('click', () => { picked.push(w); confirming = null; choices(); });
      p.appendChild(b);
    }
    return p;
  }

  function hover(a, on) {
    for (const el of pickEls()) {
      if (a.words.includes(pickOf(el)) && !picked.includes(pickOf(el))) el.classList.toggle('play-hover', on);
    }
    drawMarks();
  }

  function unpick(w) {
    const i = picked.indexOf(w);
    if (i >= 0) picked = picked.slice(0, i);
    confirming = null;
    choices();
  }

  function clearPick() {
    picked = [];
    confirming = null;
    choices();
  }

  // point is a click on the board, or Enter on the cursor: el is the
  // innermost element with a pick; the ones around it are tried too.
  function point(el) {
    if (!st || !st.yourTurn || busy) return;
    const words = [];
    for (let e = el; e && e !== $('#board'); e = e.parentElement) {
      if (e.dataset && pickOf(e)) words.push(pickOf(e));
    }
    if (!words.length) return;
    if (picked.includes(words[0])) { unpick(words[0]); return; }
    const rem = remaining();
    let w = words.find((x) => !picked.includes(x) && rem.some((a) => a.words.includes(x)));
    if (w) {
      picked.push(w);
    } else {
      w = words.find((x) => actions().some((a) => a.words.includes(x)));
      if (!w) { note('Nothing to do with ' + words[0] + ' now.'); return; }
      picked = [w];
    }
    confirming = null;
    const left = remaining();
    const last = left.length === 1 ? left[0] : null;
    if (last && picked.length >= 2) {
      if (last.detail || last.group === 'attack') confirming = last;
      else { send(last); return; }
    } else if (last && last.detail) {
      confirming = last;
    }
    choices();
    if (confirming) focusSoon($('#confirm-yes'));
  }

  // focusSoon focuses el once the key that led to it is up: a key's own
  // press must not land on the button it brought.
  let keyDown = false;
  function focusSoon(el) {
    if (!keyDown) { el.focus(); return; }
    window.addEventListener('keyup', () => el.focus(), { once: true });
  }

  function note(text) {
    const p = $('#note');
    if (p) { p.textContent = text; return; }
    const n = document.createElement('p');
    n.id = 'note';
    n.className = 'note';
    n.setAttribute('role', 'status');
    n.textContent = text;
    $('#choose').prepend(n);
  }

  async function send(a) {
    if (!st || busy) return;
    busy = true;
    error('');
    const n = $('#note'); if (n) n.remove();
    app.dataset.sent = String(Number(app.dataset.sent || 0) + 1);
    $$('#actions button, #confirm button').forEach((b) => { b.disabled = true; });
    const r = await api('POST', '/api/play/' + game.id + '/act', { seat: viewSeat, version: st.version, action: a.text });
    busy = false;
    picked = []; confirming = null; expanded = new Set();
    if (!r.ok) { failed(r); return; }
    arrive(r.data);
  }

  async function undo() {
    if (!st || busy || !st.canUndo) return;
    busy = true;
    error('');
    const r = await api('POST', '/api/play/' + game.id + '/undo', { seat: viewSeat });
    busy = false;
    picked = []; confirming = null;
    if (!r.ok) { failed(r); return; }
    app.dataset.undos = String(Number(app.dataset.undos || 0) + 1);
    arrive(r.data);
  }

  // --- Marks on the board: what can be pointed at, what is picked, the cursor. ---

  const SVGNS = 'http://www.w3.org/2000/svg';

  function boxIn(svg, el) {
    if (!el.getBBox || !el.getScreenCTM || !svg.getScreenCTM()) return null;
    let b;
    try { b = el.getBBox(); } catch (e) { return null; }
    const m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
    const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  }

  function highlight() {
    const can = pickable();
    for (const el of pickEls()) {
      const w = pickOf(el);
      el.classList.toggle('play-can', can.has(w));
      el.classList.toggle('play-picked', picked.includes(w));
      el.classList.toggle('play-target', !!confirming && confirming.words.includes(w) && !picked.includes(w));
    }
    if (cursor && !can.has(cursor.word) && !picked.includes(cursor.word)) moveCursorNear();
    drawMarks();
  }

  function drawMarks() {
    const svg = $('#board svg');
    if (!svg) return;
    $$('.play-marks', svg).forEach((g) => g.remove());
    const g = document.createElementNS(SVGNS, 'g');
    g.setAttribute('class', 'play-marks');
    g.setAttribute('pointer-events', 'none');
    g.setAttribute('aria-hidden', 'true');
    const add = (el, cls) => {
      const b = boxIn(svg, el);
      if (!b) return;
      const r = document.createElementNS(SVGNS, 'rect');
      const pad = cls === 'mark-cursor' ? 3 : 1;
      r.setAttribute('x', b.x - pad); r.setAttribute('y', b.y - pad);
      r.setAttribute('width', b.w + 2 * pad); r.setAttribute('height', b.h + 2 * pad);
      r.setAttribute('rx', 4);
      r.setAttribute('class', cls);
      r.dataset.mark = pickOf(el);
      g.appendChild(r);
    };
    for (const el of pickEls()) {
      if (el.classList.contains('play-picked')) add(el, 'mark-picked');
      else if (el.classList.contains('play-target')) add(el, 'mark-target');
      else if (el.classList.contains('play-hover')) add(el, 'mark-hover');
      else if (el.classList.contains('play-can')) add(el, 'mark-can');
    }
    const c = cursorEl();
    if (c) add(c, 'mark-cursor');
    svg.appendChild(g);
    $('#board').dataset.cursor = cursor ? cursor.word : '';
  }

  // The cursor moves over the elements that can be pointed at now (or, with
  // none, over every element with a pick).
  function cursorTargets() {
    const can = pickable();
    let els = pickEls().filter((el) => can.has(pickOf(el)) || picked.includes(pickOf(el)));
    if (!els.length) els = pickEls();
    // One element per word: the outermost.
    const seen = new Set();
    return els.filter((el) => { const w = pickOf(el); if (seen.has(w)) return false; seen.add(w); return true; });
  }

  function centre(el) {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  function cursorEl() {
    if (!cursor) return null;
    return cursorTargets().find((el) => pickOf(el) === cursor.word) || null;
  }

  function setCursor(el) {
    if (!el) { cursor = null; drawMarks(); return; }
    const c = centre(el);
    cursor = { word: pickOf(el), x: c.x, y: c.y };
    $('#board').setAttribute('aria-label', 'cursor on ' + cursor.word);
    drawMarks();
  }

  function moveCursorNear() {
    const els = cursorTargets();
    if (!els.length || !cursor) { cursor = null; return; }
    let best = null, bd = Infinity;
    for (const el of els) {
      const c = centre(el);
      const d = Math.hypot(c.x - cursor.x, c.y - cursor.y);
      if (d < bd) { bd = d; best = el; }
    }
    const c = centre(best);
    cursor = { word: pickOf(best), x: c.x, y: c.y };
  }

  function moveCursor(dx, dy) {
    const els = cursorTargets();
    if (!els.length) return;
    const cur = cursorEl();
    if (!cur) {
      // Start at the top left.
      let best = els[0], bs = Infinity;
      for (const el of els) { const c = centre(el); const s = c.x + c.y * 2; if (s < bs) { bs = s; best = el; } }
      setCursor(best);
      return;
    }
    const from = centre(cur);
    let best = null, bs = Infinity;
    for (const el of els) {
      if (el === cur) continue;
      const c = centre(el);
      const along = (c.x - from.x) * dx + (c.y - from.y) * dy;
      const across = Math.abs((c.x - from.x) * dy) + Math.abs((c.y - from.y) * dx);
      if (along <= 1) continue;
      const s = along + across * 2;
      if (s < bs) { bs = s; best = el; }
    }
    if (best) setCursor(best);
  }

  // --- Exports. ---

  async function copyLink() {
    if (!game) return;
    const r = await api('GET', '/api/play/' + game.id + '/link');
    if (!r.ok) { failed(r); return; }
    const url = new URL(r.data.url, location.href).href;
    const a = $('#link-out');
    a.href = url;
    a.textContent = url.length > 80 ? url.slice(0, 77) + '…' : url;
    $('#link-box').hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      a.title = 'copied to the clipboard';
    } catch (e) {
      a.title = 'the browser kept the clipboard: copy the link from here';
    }
    app.dataset.link = url;
  }

  async function loadPosition(file) {
    const text = await file.text();
    const gm = /^game:\s*(\S+)/m.exec(text);
    const mm = /^mode:\s*(\S+)/m.exec(text);
    if (gm && setup.games.some((g) => g.name === gm[1])) {
      $('#setup-game').value = gm[1];
      fillModes();
      if (mm) { $('#setup-mode').value = mm[1]; fillMode(); }
    }
    const body = { position: text, seats: game ? game.seats.map((s) => s.kind === 'human' ? 'human' : s.kind === 'rules' ? 'rules' : s.policy || 'greedy') : seatsOfForm(), seed: Number($('#setup-seed').value || 0) };
    await start(body);
  }

  // --- Wiring. ---

  function keys(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keyDown = true;
    if (!$('#cover').hidden) {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); uncover(); }
      return;
    }
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (!game || $('#game').hidden) return;
    if (confirming) {
      if (e.key === 'Escape') { e.preventDefault(); unpick(picked[picked.length - 1]); }
      return;
    }
    if (/^[1-9]$/.test(e.key)) {
      const b = $('#actions button.act[data-n="' + e.key + '"]');
      if (b && !b.disabled) { e.preventDefault(); b.click(); }
      return;
    }
    switch (e.key) {
      case 'u': case 'U': e.preventDefault(); undo(); return;
      case 'Escape': e.preventDefault(); clearPick(); return;
      case 'ArrowLeft': e.preventDefault(); moveCursor(-1, 0); return;
      case 'ArrowRight': e.preventDefault(); moveCursor(1, 0); return;
      case 'ArrowUp': e.preventDefault(); moveCursor(0, -1); return;
      case 'ArrowDown': e.preventDefault(); moveCursor(0, 1); return;
      case 'Enter': case ' ': {
        if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return; // their own
        const c = cursorEl();
        if (c) { e.preventDefault(); point(c); }
      }
    }
  }

  async function init() {
    $('#setup-game').addEventListener('change', fillModes);
    $('#setup-mode').addEventListener('change', fillMode);
    $('#setup').addEventListener('submit', (e) => { e.preventDefault(); start(startBody()); });
    $('#board').addEventListener('click', (e) => {
      const el = e.target.closest && e.target.closest(PICK);
      if (el && $('#board').contains(el)) { setCursor(el); point(el); }
    });
    $('#confirm-yes').addEventListener('click', () => { if (confirming) send(confirming); });
    $('#confirm-no').addEventListener('click', () => unpick(picked[picked.length - 1]));
    $('#undo').addEventListener('click', undo);
    $('#copy-link').addEventListener('click', copyLink);
    $('#new-game').addEventListener('click', () => { generation++; gone(); });
    $('#cover-go').addEventListener('click', uncover);
    $('#load-position').addEventListener('change', (e) => { const f = e.target.files[0]; if (f) loadPosition(f); e.target.value = ''; });
    document.addEventListener('keydown', keys);
    document.addEventListener('keyup', () => { keyDown = false; });
    window.addEventListener('resize', () => drawMarks());

    const r = await api('GET', '/api/play/setup');
    $('#setup-loading').remove();
    if (!r.ok) { error(r.data.error); return; }
    setup = r.data;
    fillGames();
    const q = new URLSearchParams(location.search);
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get('game')) {
      // The game this tab was playing: the studio may still hold it.
      const id = hash.get('game');
      const seat = Number(hash.get('seat') || 0);
      const g = await api('GET', '/api/play/' + id + '?seat=' + seat);
      if (g.ok) {
        game = { id, seats: [], humans: g.data.humans || [seat] };
        // The seats as the state tells them: names from the scores and the
        // turn, people from humans.
        const names = new Map((g.data.scores || []).map((s) => [s.seat, s.name]));
        names.set(g.data.seat, g.data.seatName);
        if (g.data.toMove >= 0) names.set(g.data.toMove, g.data.toMoveName);
        const n = Math.max(...names.keys(), ...game.humans) + 1;
        game.seats = Array.from({ length: n }, (_, i) => ({ index: i, name: names.get(i) || 'seat ' + (i + 1), kind: game.humans.includes(i) ? 'human' : 'engine' }));
        viewSeat = g.data.seat;
        $('#setup').hidden = true;
        $('#save-position').href = '/api/play/' + id + '/position';
        $('#download-log').href = '/api/play/' + id + '/log';
        app.dataset.game = id;
        if (hotSeat() && !g.data.over) { pending = g.data; cover(viewSeat); } else arrive(g.data);
        app.dataset.ready = 'true';
        return;
      }
      error(g.data.error);
      history.replaceState(null, '', '/play');
    }
    const body = fromQuery(q);
    if (body && !q.has('seed')) {
      // A link from a game's page: the game chosen, not yet started.
      formFrom(body);
    } else if (body) {
      formFrom(body);
      app.dataset.ready = 'true';
      await start(body);
      return;
    }
    app.dataset.ready = 'true';
  }

  init();
})();
