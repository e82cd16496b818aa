// @ts-check
// Territory (Ready AI Code 2020): the square arena with its walls, bombs, ice
// and decay tiles; each player's body (its territory), its neck (lighter,
// vulnerable) and its head (a ring with a light centre); frozen heads under
// ice with the turns left, decay countdowns, this turn's captures,
// explosions and eliminations. Colours follow the seats of the scoreboard.
// Frames: docs/games/territory.md, "Viewer frames".

const OBSTACLES = {
  W: 'wall',
  B: 'bomb: entering it kills; it explodes and clears its 4 neighbours',
  I: 'ice: a head entering it is frozen',
  D: 'decay: a head entering it starts a countdown',
};
const MOVES = { UP: [0, -1], DOWN: [0, 1], LEFT: [-1, 0], RIGHT: [1, 0] };

/**
 * The parts of a map token such as "P1-p0" or "P3*-I".
 * @param {string} tok
 * @returns {{body:number, neck:number, head:number, obstacle:string}}
 */
function parse(tok) {
  const t = { body: -1, neck: -1, head: -1, obstacle: '' };
  if (!tok) return t;
  for (const part of tok.split('-')) {
    let m;
    if ((m = /^P(\d+)\*$/.exec(part))) t.head = Number(m[1]);
    else if ((m = /^P(\d+)$/.exec(part))) t.body = Number(m[1]);
    else if ((m = /^p(\d+)$/.exec(part))) t.neck = Number(m[1]);
    else if (part in OBSTACLES) t.obstacle = part;
  }
  return t;
}

/** @param {any} replay @param {{colors: string[], names: string[], kit: any}} env */
export default function create(replay, env) {
  const kit = env.kit;
  const arena = replay.initial.arena || {};
  const N = replay.initial.width;

  /** @param {any} view */
  function layout(view) {
    const f = kit.fitBanded(N, N, view, 10);
    return { s: f.s, ox: f.ox, oy: f.oy };
  }

  /** The colour of a player id (by its seat). @param {any} f @param {number} id */
  function color(f, id) {
    const p = (f.players || replay.initial.players)[id] || replay.initial.players[id];
    const seat = p ? p.seat : id;
    return env.colors[seat % env.colors.length];
  }

  /** Screen cell (column, row) under a canvas point. @param {any} view @param {number} x @param {number} y */
  function cellAt(view, x, y) {
    const { s, ox, oy } = layout(view);
    const c = Math.floor((x - ox) / s), r = Math.floor((y - oy) / s);
    return c >= 0 && r >= 0 && c < N && r < N ? { c, r } : null;
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} s */
  function bomb(ctx, cx, cy, s) {
    ctx.beginPath();
    ctx.arc(cx, cy + s * 0.06, s * 0.26, 0, Math.PI * 2);
    ctx.fillStyle = '#15171a';
    ctx.fill();
    ctx.strokeStyle = '#6b7480';
    ctx.lineWidth = Math.max(1, s * 0.04);
    ctx.stroke();
    ctx.strokeStyle = '#c9a66b';
    ctx.beginPath();
    ctx.moveTo(cx + s * 0.14, cy - s * 0.14);
    ctx.quadraticCurveTo(cx + s * 0.24, cy - s * 0.34, cx + s * 0.32, cy - s * 0.3);
    ctx.stroke();
    ctx.fillStyle = '#ffb02e';
    ctx.beginPath();
    ctx.arc(cx + s * 0.33, cy - s * 0.31, s * 0.07, 0, Math.PI * 2);
    ctx.fill();
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} s @param {string} [c] */
  function snowflake(ctx, cx, cy, s, c = '#bfe9ff') {
    ctx.strokeStyle = c;
    ctx.lineWidth = Math.max(1, s * 0.06);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let k = 0; k < 3; k++) {
      const a = k * Math.PI / 3 + Math.PI / 2, dx = Math.cos(a) * s * 0.32, dy = Math.sin(a) * s * 0.32;
      ctx.moveTo(cx - dx, cy - dy);
      ctx.lineTo(cx + dx, cy + dy);
      for (const e of [-1, 1]) {
        const bx = cx + e * dx * 0.6, by = cy + e * dy * 0.6;
        const b = a + Math.PI / 4, l = s * 0.1;
        ctx.moveTo(bx, by); ctx.lineTo(bx + e * Math.cos(b) * l, by + e * Math.sin(b) * l);
        ctx.moveTo(bx, by); ctx.lineTo(bx + e * Math.cos(b - Math.PI / 2) * l, by + e * Math.sin(b - Math.PI / 2) * l);
      }
    }
    ctx.stroke();
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} s */
  function skull(ctx, cx, cy, s) {
    ctx.fillStyle = '#d8d2c4';
    ctx.beginPath();
    ctx.arc(cx, cy - s * 0.06, s * 0.25, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillRect(cx - s * 0.14, cy + s * 0.08, s * 0.28, s * 0.17);
    ctx.fillStyle = '#2a1f2d';
    ctx.beginPath();
    ctx.arc(cx - s * 0.09, cy - s * 0.06, s * 0.065, 0, Math.PI * 2);
    ctx.arc(cx + s * 0.09, cy - s * 0.06, s * 0.065, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillRect(cx - s * 0.02, cy + s * 0.1, s * 0.04, s * 0.13);
  }

  /**
   * A player's head in a unit box, facing +x (turned to where it went): a
   * rounded block in the player's colour with a light rim, two eyes
   * looking ahead.
   * @param {CanvasRenderingContext2D} g @param {string} col
   */
  function headShape(g, col) {
    kit.roundRect(g, -0.86, -0.86, 1.72, 1.72, 0.45);
    g.fillStyle = col;
    g.fill();
    g.lineWidth = 0.1;
    g.strokeStyle = '#0b0e12';
    g.stroke();
    kit.roundRect(g, -0.68, -0.68, 1.36, 1.36, 0.32);
    g.lineWidth = 0.12;
    g.strokeStyle = kit.mix(col, '#ffffff', 0.6);
    g.stroke();
    for (const e of [-1, 1]) {
      g.beginPath();
      g.ellipse(0.25, e * 0.3, 0.24, 0.2, 0, 0, Math.PI * 2);
      g.fillStyle = '#ffffff';
      g.fill();
      g.lineWidth = 0.05;
      g.strokeStyle = '#0b0e12';
      g.stroke();
      g.beginPath();
      g.arc(0.36, e * 0.3, 0.1, 0, Math.PI * 2);
      g.fillStyle = '#0b0e12';
      g.fill();
    }
  }

  /** A symbol drawn as on a board of 20-pixel cells (the legend's unit box is a tenth of one). @param {(g: CanvasRenderingContext2D) => void} draw */
  const cell = (draw) => (/** @type {CanvasRenderingContext2D} */ g) => { g.scale(0.1, 0.1); draw(g); };
  const cross = (/** @type {CanvasRenderingContext2D} */ g, /** @type {string} */ col, /** @type {number} */ d) => {
    g.lineCap = 'round';
    for (const [w, c] of /** @type {[number, string][]} */ ([[3, '#0b0e12'], [2, col]])) {
      g.strokeStyle = c; g.lineWidth = w; g.beginPath();
      g.moveTo(-d, -d); g.lineTo(d, d); g.moveTo(d, -d); g.lineTo(-d, d); g.stroke();
    }
  };
  const symbols = [
    { label: 'a head, its eyes turned to where it went', draw: (/** @type {CanvasRenderingContext2D} */ g) => { g.scale(0.9, 0.9); headShape(g, env.colors[0]); } },
    { label: 'bomb: a head entering it dies; the blast clears the four tiles around it', draw: cell((g) => bomb(g, 0, 0, 20)) },
    { label: 'ice: a head entering it is frozen for 3 turns (the badge: turns left)', draw: cell((g) => snowflake(g, 0, 0, 20)) },
    { label: 'decay: a head entering it must reach its territory within the countdown (\u2620 N)', draw: cell((g) => skull(g, 0, 0, 20)) },
    { label: 'an elimination, in the player\'s colour, its reason beside', draw: cell((g) => cross(g, env.colors[1], 6)) },
  ];

  return {
    symbols,
    // Heads glide from their previous tile and captured tiles fill from
    // their centre while a turn is played (view.progress from 0 to 1).
    animate: true,
    options: [
      { id: 'moves', label: 'Last moves', values: [true, false], value: true, key: 'M', help: 'arrows of the moves just made' },
      { id: 'coords', label: 'Coordinates', values: [false, true], value: false, key: 'G', help: 'the X and Y coordinates (Y grows upwards)' },
    ],

    /** @param {CanvasRenderingContext2D} ctx @param {any} f @param {number} i @param {any} view */
    draw(ctx, f, i, view) {
      const { s, ox, oy } = layout(view);
      const L = kit.labels(view); // ids and badges, kept apart
      const o = view.options;
      ctx.fillStyle = '#0f1318';
      ctx.fillRect(0, 0, view.width, view.height);
      /** @type {ReturnType<typeof parse>[]} */
      const toks = f.map.map(parse);
      /** Screen centre of an [X, Y] arena point. @param {number[]} p */
      const C = (p) => ({ x: ox + (p[0] + 0.5) * s, y: oy + (N - 1 - p[1] + 0.5) * s });
      const mv = kit.ease(view.progress ?? 1); // how far the turn's motion is
      // The tiles captured this turn, by map index, while they fill in.
      /** @type {Set<number>} */
      const filling = new Set();
      if (mv < 1) for (const cap of (f.events && f.events.captures) || []) for (const p of cap.tiles) filling.add((N - 1 - p[1]) * N + p[0]);
      /** Where a player's head is drawn: between its last tile and this one while the turn plays. @param {any} p */
      const headAt = (p) => {
        const c = C(p.head);
        const q = view.prev && mv < 1 ? (view.prev.players || []).find((/** @type {any} */ x) => x.id === p.id) : null;
        // A head that moved one tile glides; anything else (a respawn) snaps.
        if (!q || !q.head || Math.abs(q.head[0] - p.head[0]) + Math.abs(q.head[1] - p.head[1]) !== 1) return c;
        const b = C(q.head);
        return { x: b.x + (c.x - b.x) * mv, y: b.y + (c.y - b.y) * mv };
      };

      // Tiles: empty ground, walls, bodies, then necks over them.
      const grow = 0.15 + 0.85 * mv;
      toks.forEach((t, k) => {
        const x = ox + (k % N) * s, y = oy + Math.floor(k / N) * s;
        if (t.obstacle === 'W') {
          ctx.fillStyle = '#2e353e';
          ctx.fillRect(x, y, s + 0.5, s + 0.5);
          ctx.strokeStyle = 'rgba(220,228,236,.28)';
          ctx.lineWidth = Math.max(1, s * 0.05);
          ctx.strokeRect(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8);
          return;
        }
        ctx.fillStyle = (k + Math.floor(k / N)) % 2 ? '#1a2029' : '#1d242d';
        ctx.fillRect(x, y, s + 0.5, s + 0.5);
        if (t.body >= 0) {
          ctx.fillStyle = kit.alpha(color(f, t.body), 0.78);
          if (filling.has(k)) {
            // A tile just captured grows from its centre.
            const w = (s + 0.5) * grow;
            ctx.fillRect(x + (s - w) / 2, y + (s - w) / 2, w, w);
          } else {
            ctx.fillRect(x, y, s + 0.5, s + 0.5);
          }
        }
      });
      toks.forEach((t, k) => {
        const x = ox + (k % N) * s, y = oy + Math.floor(k / N) * s;
        if (t.neck >= 0) {
          const c = kit.mix(color(f, t.neck), '#ffffff', 0.5);
          ctx.fillStyle = kit.alpha(c, t.body >= 0 ? 0.75 : 0.6);
          ctx.fillRect(x + s * 0.16, y + s * 0.16, s * 0.68, s * 0.68);
        }
        const cx = x + s / 2, cy = y + s / 2;
        if (t.obstacle === 'B') bomb(ctx, cx, cy, s);
        else if (t.obstacle === 'I') snowflake(ctx, cx, cy, s);
        else if (t.obstacle === 'D') skull(ctx, cx, cy, s);
      });
      // Thin grid lines between ground tiles.
      ctx.strokeStyle = 'rgba(0,0,0,.25)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = 1; k < N; k++) {
        ctx.moveTo(ox + k * s, oy); ctx.lineTo(ox + k * s, oy + N * s);
        ctx.moveTo(ox, oy + k * s); ctx.lineTo(ox + N * s, oy + k * s);
      }
      ctx.stroke();

      const ev = f.events || {};
      // Captures: the tiles just won, outlined.
      for (const cap of ev.captures || []) {
        ctx.strokeStyle = kit.mix(color(f, cap.player), '#ffffff', 0.6);
        ctx.lineWidth = Math.max(1, s * 0.07);
        for (const p of cap.tiles) { const c = C(p); ctx.strokeRect(c.x - s * 0.42, c.y - s * 0.42, s * 0.84, s * 0.84); }
      }
      // Explosions.
      for (const ex of ev.explosions || []) {
        for (const p of [ex.at, ...(ex.cleared || [])]) {
          const c = C(p);
          const g = ctx.createRadialGradient(c.x, c.y, 0, c.x, c.y, s * 0.7);
          g.addColorStop(0, 'rgba(255,220,120,.95)');
          g.addColorStop(0.6, 'rgba(255,120,40,.55)');
          g.addColorStop(1, 'rgba(255,80,20,0)');
          ctx.fillStyle = g;
          ctx.fillRect(c.x - s * 0.7, c.y - s * 0.7, s * 1.4, s * 1.4);
        }
      }

      // Heads: a ring with a light centre; ice and decay counters.
      for (const p of f.players || []) {
        if (!p.alive || !p.head) continue;
        const c = headAt(p), col = color(f, p.id);
        if (o.moves && p.answer && MOVES[/** @type {keyof MOVES} */ (p.answer.move)]) {
          const [dx, dy] = MOVES[/** @type {keyof MOVES} */ (p.answer.move)];
          ctx.strokeStyle = kit.alpha('#ffffff', 0.55);
          ctx.lineWidth = Math.max(1.5, s * 0.08);
          ctx.beginPath();
          ctx.moveTo(c.x - dx * s * 0.95, c.y - dy * s * 0.95);
          ctx.lineTo(c.x - dx * s * 0.45, c.y - dy * s * 0.45);
          ctx.stroke();
        }
        const dir = p.answer && MOVES[/** @type {keyof MOVES} */ (p.answer.move)];
        kit.piece(ctx, 'head', c.x, c.y, s * 0.5, (/** @type {CanvasRenderingContext2D} */ g) => headShape(g, col), dir ? Math.atan2(dir[1], dir[0]) : Math.PI / 2);
        if (p.frozen > 0) {
          ctx.fillStyle = 'rgba(170,225,255,.55)';
          ctx.fillRect(c.x - s / 2, c.y - s / 2, s, s);
          snowflake(ctx, c.x, c.y, s * 0.9, '#ffffff');
          L.badge(ctx, String(p.frozen), c.x + s * 0.42, c.y - s * 0.42, { bg: '#bfe9ff', fg: '#0b2230', size: Math.max(8, s * 0.32) });
        }
        if (p.decay !== null && p.decay !== undefined) {
          L.badge(ctx, `☠ ${p.decay}`, c.x - s * 0.3, c.y - s * 0.5, { bg: '#2a1f2d', fg: '#f0e6ff', border: '#b58cd8', size: Math.max(8, s * 0.3) });
        }
      }

      // Eliminations: a cross where the head died.
      for (const e of ev.eliminations || []) {
        const c = C(e.at);
        ctx.strokeStyle = color(f, e.player);
        ctx.lineWidth = Math.max(2, s * 0.14);
        ctx.lineCap = 'round';
        ctx.beginPath();
        ctx.moveTo(c.x - s * 0.32, c.y - s * 0.32); ctx.lineTo(c.x + s * 0.32, c.y + s * 0.32);
        ctx.moveTo(c.x + s * 0.32, c.y - s * 0.32); ctx.lineTo(c.x - s * 0.32, c.y + s * 0.32);
        ctx.stroke();
        L.badge(ctx, e.reason, c.x, c.y + s * 0.62, { bg: '#0b0e12', fg: '#ff8a8a', border: color(f, e.player), size: Math.max(9, s * 0.32) });
      }

      if (o.coords) {
        for (let x = 0; x < N; x++) kit.text(ctx, String(x), ox + (x + 0.5) * s, oy + N * s + 8, { size: 9, color: '#8b96a3' });
        for (let r = 0; r < N; r++) kit.text(ctx, String(N - 1 - r), ox - 8, oy + (r + 0.5) * s, { size: 9, color: '#8b96a3' });
      }
      const hc = view.hover ? cellAt(view, view.hover.x, view.hover.y) : null;
      if (hc) {
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 1.5;
        ctx.strokeRect(ox + hc.c * s + 0.5, oy + hc.r * s + 0.5, s - 1, s - 1);
      }
      // The controls' counter (the match's turns), then the arena's limit.
      kit.status(ctx, `${view.counter || `Turn ${i}`}  \u00b7  at most ${arena.turns || '?'} turns  \u00b7  ${arena.name || 'arena'}`, view);
      if (f.over && f.positions) {
        const first = f.positions.indexOf(1);
        if (first >= 0) kit.banner(ctx, `${f.players[first].name} wins`, view, { bg: color(f, first), size: 14 });
      }
    },

    /** @param {any} f @param {number} i @param {number} px @param {number} py @param {any} view */
    hover(f, i, px, py, view) {
      const hc = cellAt(view, px, py);
      if (!hc) return null;
      const k = hc.r * N + hc.c, X = hc.c, Y = N - 1 - hc.r;
      const tok = f.map[k] || '';
      const t = parse(tok);
      const who = (/** @type {number} */ id) => `${(f.players[id] || {}).name || 'player'} (P${id})`;
      const lines = [`(${X}, ${Y})  Map token: "${tok}"`];
      if (t.obstacle) lines.push(OBSTACLES[/** @type {keyof OBSTACLES} */ (t.obstacle)]);
      if (t.body >= 0) lines.push(`body of ${who(t.body)}`);
      if (t.neck >= 0) lines.push(`neck of ${who(t.neck)}: cutting it kills`);
      if (!tok) lines.push('empty');
      for (const p of f.players || []) {
        if (!p.head || p.head[0] !== X || p.head[1] !== Y) continue;
        lines.push('', `head of ${who(p.id)}`, `territory ${p.territory}`,
          `MaxMovement ${p.maxMovement}, MovementLeft ${p.movementLeft}`,
          p.atHome ? 'at home' : `outside: neck of ${p.neck.length} tile${p.neck.length === 1 ? '' : 's'}`,
          `stays ${p.stays} (${p.staysInRow} in a row)`);
        if (p.frozen > 0) lines.push(`frozen: ${p.frozen} turn${p.frozen > 1 ? 's' : ''} left`);
        if (p.decay !== null && p.decay !== undefined) lines.push(`decay countdown: ${p.decay}`);
        if (p.answer) {
          const a = p.answer;
          lines.push(`answer: ${a.move}${a.text && a.text !== a.move ? ` ("${a.text}")` : ''}${a.error ? `: ${a.error}` : ''}`);
          if (a.status !== 'answered') lines.push(`reply: ${a.status}${a.late ? ' (late, discarded)' : ''}`);
          if (a.ignored) lines.push('frozen: the answer was read and ignored');
          if (a.stray) lines.push(`${a.stray} stray line${a.stray > 1 ? 's' : ''} discarded`);
        }
      }
      for (const e of (f.events && f.events.eliminations) || []) {
        if (e.at[0] === X && e.at[1] === Y) lines.push('', `${who(e.player)} eliminated here: ${e.reason}`);
      }
      return lines;
    },

    /** @param {any} f */
    scores(f) {
      const bySeat = [];
      for (const p of f.players || []) {
        const pts = f.points ? `, ${f.points[p.id]} ladder points` : '';
        bySeat[p.seat] = p.alive
          ? { score: p.territory, detail: `moves ${p.movementLeft}/${p.maxMovement}${p.atHome ? ', home' : ''}${pts}` }
          // An eliminated player scores 0, as in the result; the tiles it
          // held when eliminated are told beside, labelled.
          : { score: 0, detail: p.eliminated ? `eliminated at turn ${p.eliminated.turn} with ${p.eliminated.territory} tiles${pts}` : `out${pts}` };
      }
      return bySeat;
    },

    /** @param {any} f */
    status(f) {
      const out = [];
      for (const p of f.players || []) {
        if (!p.alive && p.eliminated) out[p.seat] = `eliminated: ${p.eliminated.reason}`;
        else if (p.frozen > 0) out[p.seat] = { text: `frozen ${p.frozen}`, tone: 'info' };
        else if (p.decay !== null && p.decay !== undefined) out[p.seat] = { text: `decay ${p.decay}`, tone: 'warn' };
        else if (p.answer && p.answer.error) out[p.seat] = { text: p.answer.error, tone: 'warn' };
        else out[p.seat] = null;
      }
      return out;
    },

    /** @param {any} f */
    legend(f) {
      const dom = kit.h;
      const ev = f.events || {};
      const name = (/** @type {number} */ id) => dom('span', { style: { color: color(f, id) } }, String((f.players[id] || {}).name || 'P' + id));
      const lines = [];
      for (const c of ev.captures || []) lines.push([name(c.player), ` captures ${c.tiles.length} tiles${c.grew ? ', MaxMovement +1' : ''}`]);
      for (const e of ev.eliminations || []) lines.push([name(e.player), ` is eliminated: ${e.reason}`]);
      for (const x of ev.explosions || []) lines.push(`a bomb explodes at (${x.at[0]}, ${x.at[1]})`);
      for (const p of ev.frozen || []) lines.push([name(p), ' is frozen']);
      for (const d of ev.decays || []) lines.push([name(d.player), ` starts decaying: ${d.countdown} turns`]);
      const moves = (f.players || []).filter((/** @type {any} */ p) => p.answer && p.alive)
        .map((/** @type {any} */ p, /** @type {number} */ k) => [k ? ', ' : '', name(p.id), ` ${p.answer.move}`]);
      return [lines.length ? [dom('h3', null, `Turn ${f.turn}`), dom('div', { class: 'log' }, lines.map((l) => dom('div', null, l)))] : null,
        moves.length ? dom('div', { class: 'dim small' }, 'Moves: ', moves) : null,
        dom('div', { class: 'dim small' }, `${arena.name || ''} ${arena.shape ? `(${arena.shape}, ${arena.size})` : ''}, ${N}\u00d7${N}. Y grows upwards.`)];
    },
  };
}
