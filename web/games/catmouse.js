// @ts-check
// Cats & Mouse (Cod'INSA 2025 final): the hex board (plains, ocean, rocks,
// mountains, walls on cell edges), the cats and the mouse moving along their
// paths, the mouse's dashes drawn as an arrow through the middle cell, a
// flash on a catch, both legs with the roles of each team, and the AIs' DBG
// drawings: F5 shows the cats', F6 the mouse's (both hidden at start, as
// the rules ask). Frames: docs/games/catmouse.md, "Viewer frames".

const SQRT3 = Math.sqrt(3);
const DIRS = ['E', 'NE', 'NW', 'W', 'SW', 'SE'];
/** The size of pieces sharing a cell (a catch), against a piece alone. */
const CROWDED = 0.8;
const TERRAIN = { plain: '#d9d0b4', ocean: '#2f6f9c', rock: '#8c9198', mountain: '#8a6a4b' };
const NAMED = {
  red: '#ff0000', green: '#008000', blue: '#0000ff', yellow: '#ffff00', orange: '#ffa500', purple: '#800080', cyan: '#00ffff',
  magenta: '#ff00ff', white: '#ffffff', black: '#000000', gray: '#808080', pink: '#ffc0cb', brown: '#a52a2a',
};

/** @param {any} replay @param {{colors: string[], names: string[], kit: any}} env */
export default function create(replay, env) {
  const kit = env.kit;
  const board = replay.initial.board;
  const cells = board.cells;
  const key = (/** @type {number} */ q, /** @type {number} */ r) => q + ',' + r;
  const cellOf = new Map(cells.map((/** @type {any} */ c) => [key(c.q, c.r), c]));
  // Unit layout: adjacent centres 1 apart, pointy-top hexes (rules §2.1).
  const px = (/** @type {number} */ q, /** @type {number} */ r) => ({ x: q + r / 2, y: r * SQRT3 / 2 });
  const pts = cells.map((/** @type {any} */ c) => px(c.q, c.r));
  const H = 1 / SQRT3; // hex corner radius
  const minX = Math.min(...pts.map((/** @type {any} */ p) => p.x)) - 0.5, maxX = Math.max(...pts.map((/** @type {any} */ p) => p.x)) + 0.5;
  const minY = Math.min(...pts.map((/** @type {any} */ p) => p.y)) - H, maxY = Math.max(...pts.map((/** @type {any} */ p) => p.y)) + H;

  /** @param {any} view */
  function layout(view) {
    const top = kit.band; // the status line above the board, the banners below
    const f = kit.fit(maxX - minX, maxY - minY, { width: view.width, height: view.height - 2 * top }, 10);
    const s = f.s;
    /** Canvas point of fractional axial (q, r). @param {number} q @param {number} r */
    const P = (q, r) => { const p = px(q, r); return { x: f.ox + (p.x - minX) * s, y: top + f.oy + (p.y - minY) * s }; };
    return { s, P, top };
  }

  /** The cell under a canvas point. @param {any} view @param {number} x @param {number} y */
  function cellAt(view, x, y) {
    const { s, P } = layout(view);
    let best = null, bd = Infinity;
    for (const c of cells) {
      const p = P(c.q, c.r), d = Math.hypot(p.x - x, p.y - y);
      if (d < bd) { bd = d; best = c; }
    }
    return bd <= s * 0.5 ? best : null;
  }

  /** @param {string} c */
  function color(c) {
    return NAMED[/** @type {keyof NAMED} */ (c)] || c;
  }

  /** Seat playing a role in a frame. @param {any} f @param {'cats'|'mouse'} role */
  function seatOf(f, role) {
    return f.roles ? f.roles[role] : role === 'cats' ? 0 : 1;
  }

  /** An AI's debug drawings. @param {CanvasRenderingContext2D} ctx @param {any[]} list @param {any} L */
  function drawings(ctx, list, L) {
    const { s, P } = L;
    ctx.save();
    ctx.lineWidth = Math.max(1.5, s * 0.06);
    ctx.lineCap = 'round';
    for (const d of list) {
      const c = color(d.color);
      ctx.strokeStyle = c;
      ctx.fillStyle = c;
      const p = (d.points || []).map((/** @type {number[]} */ a) => P(a[0], a[1]));
      switch (d.shape) {
        case 'segment':
          ctx.beginPath(); ctx.moveTo(p[0].x, p[0].y); ctx.lineTo(p[1].x, p[1].y); ctx.stroke();
          break;
        case 'line': {
          const dx = p[1].x - p[0].x, dy = p[1].y - p[0].y, l = Math.hypot(dx, dy) || 1, far = 1e4 / l;
          ctx.beginPath(); ctx.moveTo(p[0].x - dx * far, p[0].y - dy * far); ctx.lineTo(p[0].x + dx * far, p[0].y + dy * far); ctx.stroke();
          break;
        }
        case 'arrow':
          kit.arrow(ctx, p[0].x, p[0].y, p[1].x, p[1].y, { color: c, width: Math.max(1.5, s * 0.06) });
          break;
        case 'polygon':
          ctx.beginPath();
          p.forEach((/** @type {any} */ a, /** @type {number} */ k) => k ? ctx.lineTo(a.x, a.y) : ctx.moveTo(a.x, a.y));
          ctx.closePath();
          ctx.fill();
          break;
        case 'circle':
          ctx.beginPath(); ctx.arc(p[0].x, p[0].y, d.radius * s, 0, Math.PI * 2);
          if (d.fill) ctx.fill(); else ctx.stroke();
          break;
        case 'arc':
          // Degrees counter-clockwise on screen; the canvas turns clockwise.
          ctx.beginPath(); ctx.arc(p[0].x, p[0].y, d.radius * s, -d.start * Math.PI / 180, -d.end * Math.PI / 180, true); ctx.stroke();
          break;
        case 'text':
          kit.text(ctx, d.text, p[0].x, p[0].y, { size: Math.max(9, s * 0.3), color: c });
          break;
      }
    }
    ctx.restore();
  }

  /**
   * A cat: a tabby face in its team's colour (pointed ears, green eyes,
   * whiskers); its id goes on a tag under its chin (catTag).
   * @param {CanvasRenderingContext2D} ctx
   */
  function cat(ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ s, /** @type {string} */ col, k = 1) {
    kit.piece(ctx, 'cat', x, y - s * 0.04 * k, s * 0.5 * k, (/** @type {CanvasRenderingContext2D} */ g) => catFace(g, col));
  }

  /** A cat's id on its tag: drawn once every piece is, so that no piece covers it. */
  function catTag(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ s, /** @type {string} */ col, /** @type {string} */ id, /** @type {any} */ L, k = 1) {
    L.badge(ctx, id, x + s * 0.34 * k, y + s * 0.4 * k, { bg: '#101317', fg: '#ffffff', border: col, size: Math.max(9, s * 0.2) });
  }

  /** A cat's face in a unit box. @param {CanvasRenderingContext2D} g @param {string} col */
  function catFace(g, col) {
    g.lineJoin = 'round';
    g.lineCap = 'round';
    g.strokeStyle = '#101317';
    g.lineWidth = 0.1;
    for (const e of [-1, 1]) {
      g.beginPath();
      g.moveTo(e * 0.78, -0.1); g.lineTo(e * 0.72, -1.0); g.lineTo(e * 0.12, -0.62);
      g.closePath();
      g.fillStyle = col;
      g.fill();
      g.stroke();
      g.beginPath();
      g.moveTo(e * 0.64, -0.3); g.lineTo(e * 0.62, -0.78); g.lineTo(e * 0.3, -0.58);
      g.closePath();
      g.fillStyle = '#ffb3c7';
      g.fill();
    }
    g.beginPath();
    g.ellipse(0, 0.08, 0.86, 0.78, 0, 0, Math.PI * 2);
    g.fillStyle = col;
    g.fill();
    g.stroke();
    // Tabby stripes on the forehead.
    g.strokeStyle = 'rgba(0,0,0,.4)';
    g.lineWidth = 0.08;
    g.beginPath();
    for (const dx of [-0.18, 0, 0.18]) { g.moveTo(dx, -0.62); g.lineTo(dx * 0.8, -0.38); }
    g.stroke();
    for (const e of [-1, 1]) {
      g.beginPath(); g.ellipse(e * 0.32, -0.08, 0.18, 0.2, 0, 0, Math.PI * 2);
      g.fillStyle = '#c8f26b'; g.fill();
      g.lineWidth = 0.05; g.strokeStyle = '#101317'; g.stroke();
      g.beginPath(); g.ellipse(e * 0.32, -0.08, 0.05, 0.17, 0, 0, Math.PI * 2);
      g.fillStyle = '#101317'; g.fill();
    }
    g.fillStyle = '#ff8fb1';
    g.beginPath(); g.moveTo(-0.12, 0.2); g.lineTo(0.12, 0.2); g.lineTo(0, 0.33); g.closePath(); g.fill();
    g.strokeStyle = '#101317';
    g.lineWidth = 0.05;
    g.beginPath();
    g.moveTo(0, 0.33); g.quadraticCurveTo(-0.08, 0.45, -0.18, 0.4);
    g.moveTo(0, 0.33); g.quadraticCurveTo(0.08, 0.45, 0.18, 0.4);
    g.stroke();
    g.strokeStyle = 'rgba(255,255,255,.85)';
    g.lineWidth = 0.04;
    g.beginPath();
    for (const e of [-1, 1]) for (const dy of [-0.08, 0.06, 0.2]) { g.moveTo(e * 0.3, 0.3); g.lineTo(e * 1.02, 0.3 + dy * 1.6); }
    g.stroke();
  }

  /** The mouse: grey, round ears, a tail, ringed in its team's colour. @param {CanvasRenderingContext2D} ctx */
  function mouse(ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ s, /** @type {string} */ col, k = 1) {
    // The one piece everybody follows: a light halo in its team's colour under it.
    const g = ctx.createRadialGradient(x, y, s * 0.2 * k, x, y, s * 0.75 * k);
    g.addColorStop(0, 'rgba(255,255,255,.85)');
    g.addColorStop(0.45, kit.alpha(col, 0.6));
    g.addColorStop(1, kit.alpha(col, 0));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, s * 0.75 * k, 0, Math.PI * 2);
    ctx.fill();
    kit.piece(ctx, 'mouse', x, y, s * 0.48 * k, (/** @type {CanvasRenderingContext2D} */ gg) => mouseShape(gg, col));
  }

  /** The mouse in a unit box. @param {CanvasRenderingContext2D} g @param {string} col */
  function mouseShape(g, col) {
    g.lineCap = 'round';
    g.strokeStyle = '#5b5f66';
    g.lineWidth = 0.12;
    g.beginPath();
    g.moveTo(0.55, 0.6);
    g.quadraticCurveTo(1.4, 0.9, 1.15, 0.05);
    g.stroke();
    g.fillStyle = '#c5c9d0';
    g.strokeStyle = col;
    g.lineWidth = 0.16;
    for (const e of [-1, 1]) {
      g.beginPath();
      g.arc(e * 0.58, -0.58, 0.38, 0, Math.PI * 2);
      g.fill();
      g.stroke();
      g.beginPath();
      g.arc(e * 0.58, -0.58, 0.2, 0, Math.PI * 2);
      g.fillStyle = '#ffb3c7';
      g.fill();
      g.fillStyle = '#c5c9d0';
    }
    g.beginPath();
    g.arc(0, 0.05, 0.78, 0, Math.PI * 2);
    g.fill();
    g.stroke();
    g.fillStyle = '#15171a';
    g.beginPath();
    g.arc(-0.28, -0.05, 0.1, 0, Math.PI * 2);
    g.arc(0.28, -0.05, 0.1, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ff8fb1';
    g.beginPath();
    g.arc(0, 0.28, 0.12, 0, Math.PI * 2);
    g.fill();
    g.strokeStyle = '#3a3d42';
    g.lineWidth = 0.035;
    g.beginPath();
    for (const e of [-1, 1]) for (const dy of [-0.1, 0.06]) { g.moveTo(e * 0.18, 0.3); g.lineTo(e * 0.85, 0.3 + dy * 1.5); }
    g.stroke();
  }

  /** A point along a path of cells at t in [0,1]. @param {number[][]} path @param {number} t */
  function along(path, t) {
    if (path.length < 2) return { q: path[0][0], r: path[0][1] };
    const x = t * (path.length - 1), k = Math.min(path.length - 2, Math.floor(x)), u = x - k;
    return { q: path[k][0] + (path[k + 1][0] - path[k][0]) * u, r: path[k][1] + (path[k + 1][1] - path[k][1]) * u };
  }

  /** One event of the turn, in words. @param {any} f @param {any} e */
  function eventText(f, e) {
    switch (e.type) {
      case 'dash': return `the mouse dashes (dash ${e.uses} of the leg, the next one from turn ${e.ready})`;
      case 'catch': return `cat ${e.cat} catches the mouse at (q ${e.q}, r ${e.r})`;
      case 'escape': return `the mouse escaped: ${f.maxTurns} turns survived`;
      case 'late': return `${f.teams[e.seat]}'s late answer (to ${e.request ? `STATE ${e.request}` : 'INIT'}) applied now`;
      case 'crash': return `${f.teams[e.seat]} crashed${e.reason ? ': ' + e.reason : ''}`;
      default: return e.type;
    }
  }

  /** @param {any} l */
  function legText(l) {
    if (l.outcome === 'caught') return `caught at turn ${l.turn}`;
    if (l.outcome === 'escaped') return `escaped (${l.result})`;
    return `crash: ${l.crashed || '?'} at turn ${l.turn}`;
  }

  /** A symbol drawn as on a board of 20-pixel cells (the legend's unit box is a tenth of one). @param {(g: CanvasRenderingContext2D) => void} draw */
  const cell = (draw) => (/** @type {CanvasRenderingContext2D} */ g) => { g.scale(0.1, 0.1); draw(g); };

  const symbols = [
    { label: 'a cat, its id on a tag, in the colour of the team playing the cats', draw: (/** @type {CanvasRenderingContext2D} */ g) => catFace(g, env.colors[0]) },
    { label: 'the mouse, haloed in the colour of the team playing it', draw: (/** @type {CanvasRenderingContext2D} */ g) => mouseShape(g, env.colors[1]) },
    { label: 'a wall: no piece crosses this edge', draw: cell((g) => {
      // Between two plain cells, as on the board (dark on the dark panel would not show).
      g.fillStyle = TERRAIN.plain; g.fillRect(-10, -10, 20, 20);
      g.strokeStyle = '#1b1410'; g.lineWidth = 3; g.lineCap = 'round'; g.beginPath(); g.moveTo(-2, -9); g.lineTo(2, 9); g.stroke();
    }) },
    { label: 'ocean, rock, mountain: impassable', draw: cell((g) => {
      for (const [x, c] of /** @type {[number, string][]} */ ([[-6, TERRAIN.ocean], [0, TERRAIN.rock], [6, TERRAIN.mountain]])) { g.fillStyle = c; g.fillRect(x - 3, -6, 6, 12); }
    }) },
    { label: 'a last move; "dash": the mouse moved two cells', draw: cell((g) => kit.arrow(g, -9, 0, 9, 0, { color: kit.alpha(env.colors[1], 0.85), width: 1.6 })) },
  ];

  return {
    symbols,
    animate: true,
    options: [
      { id: 'catsDbg', label: 'Cats\' debug drawings', values: [false, true], value: false, key: 'F5', help: 'the cats\' AI debug drawings' },
      { id: 'mouseDbg', label: 'Mouse\'s debug drawings', values: [false, true], value: false, key: 'F6', help: 'the mouse\'s AI debug drawings' },
      { id: 'moves', label: 'Last moves', values: [true, false], value: true, key: 'M', help: 'arrows of the last moves' },
      { id: 'coords', label: 'Coordinates', values: [false, true], value: false, key: 'G', help: 'the axial coordinates q, r of every cell' },
    ],

    /** @param {CanvasRenderingContext2D} ctx @param {any} f @param {number} i @param {any} view */
    draw(ctx, f, i, view) {
      const L = layout(view);
      const { s, P } = L;
      const o = view.options;
      const labels = kit.labels(view); // ids and badges, kept apart
      const anim = view.prev && view.progress < 1 && view.prev.leg === f.leg ? kit.ease(view.progress) : 1;
      ctx.fillStyle = '#12171c';
      ctx.fillRect(0, 0, view.width, view.height);

      // Cells.
      for (const c of cells) {
        const p = P(c.q, c.r);
        kit.hexPath(ctx, p.x, p.y, s * H * 0.98);
        ctx.fillStyle = TERRAIN[/** @type {keyof TERRAIN} */ (c.terrain)] || '#555';
        ctx.fill();
        ctx.strokeStyle = c.terrain === 'plain' ? 'rgba(90,80,60,.35)' : 'rgba(0,0,0,.25)';
        ctx.lineWidth = 1;
        ctx.stroke();
        if (c.terrain === 'rock') {
          ctx.fillStyle = '#6d7279';
          ctx.beginPath();
          ctx.ellipse(p.x, p.y + s * 0.05, s * 0.26, s * 0.18, 0, 0, Math.PI * 2);
          ctx.fill();
          ctx.fillStyle = '#a7acb3';
          ctx.beginPath();
          ctx.ellipse(p.x - s * 0.06, p.y - s * 0.02, s * 0.12, s * 0.07, -0.4, 0, Math.PI * 2);
          ctx.fill();
        } else if (c.terrain === 'mountain') {
          ctx.fillStyle = '#6b4f36';
          ctx.beginPath();
          ctx.moveTo(p.x - s * 0.32, p.y + s * 0.22); ctx.lineTo(p.x, p.y - s * 0.28); ctx.lineTo(p.x + s * 0.32, p.y + s * 0.22);
          ctx.fill();
          ctx.fillStyle = '#efe9df';
          ctx.beginPath();
          ctx.moveTo(p.x - s * 0.1, p.y - s * 0.12); ctx.lineTo(p.x, p.y - s * 0.28); ctx.lineTo(p.x + s * 0.1, p.y - s * 0.12);
          ctx.fill();
        } else if (c.terrain === 'ocean') {
          ctx.strokeStyle = 'rgba(170,215,240,.5)';
          ctx.lineWidth = Math.max(1, s * 0.04);
          ctx.beginPath();
          ctx.moveTo(p.x - s * 0.25, p.y); ctx.quadraticCurveTo(p.x - s * 0.12, p.y - s * 0.1, p.x, p.y);
          ctx.quadraticCurveTo(p.x + s * 0.12, p.y + s * 0.1, p.x + s * 0.25, p.y);
          ctx.stroke();
        }
        if (o.coords) kit.text(ctx, `${c.q},${c.r}`, p.x, p.y + s * 0.3, { size: Math.max(7, s * 0.18), color: '#30353b', outline: 'rgba(255,255,255,.5)' });
      }

      // Walls: thick segments on the shared edges.
      ctx.strokeStyle = '#1b1410';
      ctx.lineWidth = Math.max(3, s * 0.13);
      ctx.lineCap = 'round';
      ctx.beginPath();
      for (const [q1, r1, q2, r2] of board.walls) {
        const a = P(q1, r1), b = P(q2, r2);
        const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, dx = b.x - a.x, dy = b.y - a.y, l = Math.hypot(dx, dy) || 1;
        const h = s * H / 2; // half an edge
        ctx.moveTo(mx - dy / l * h, my + dx / l * h);
        ctx.lineTo(mx + dy / l * h, my - dx / l * h);
      }
      ctx.stroke();

      // Hovered cell.
      const hc = view.hover ? cellAt(view, view.hover.x, view.hover.y) : null;
      if (hc) {
        const p = P(hc.q, hc.r);
        kit.hexPath(ctx, p.x, p.y, s * H * 0.98);
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 2;
        ctx.stroke();
      }

      const catsCol = env.colors[seatOf(f, 'cats') % env.colors.length];
      const mouseCol = env.colors[seatOf(f, 'mouse') % env.colors.length];
      const paths = new Map((f.last || []).map((/** @type {any} */ l) => [l.piece, l]));

      // Last moves: an arrow per moving piece (through the middle cell of a dash).
      if (o.moves && anim === 1) {
        for (const l of f.last || []) {
          if (!l.path || l.path.length < 2) continue;
          const col = l.piece === 'M' ? mouseCol : catsCol;
          ctx.save();
          ctx.strokeStyle = kit.alpha(col, 0.7);
          ctx.lineWidth = Math.max(2, s * 0.08);
          ctx.lineCap = 'round';
          ctx.beginPath();
          l.path.slice(0, -1).forEach((/** @type {number[]} */ a, /** @type {number} */ k) => { const p = P(a[0], a[1]); if (k) ctx.lineTo(p.x, p.y); else ctx.moveTo(p.x, p.y); });
          const pen = P(l.path[l.path.length - 2][0], l.path[l.path.length - 2][1]), end = P(l.path[l.path.length - 1][0], l.path[l.path.length - 1][1]);
          ctx.lineTo(pen.x, pen.y);
          ctx.stroke();
          ctx.restore();
          kit.arrow(ctx, pen.x, pen.y, end.x, end.y, { color: kit.alpha(col, 0.85), width: Math.max(2, s * 0.08), gap: s * 0.05 });
          if (l.path.length === 3) {
            const mid = P(l.path[1][0], l.path[1][1]);
            labels.badge(ctx, 'dash', mid.x, mid.y - s * 0.32, { bg: mouseCol, size: Math.max(8, s * 0.22) });
          }
        }
      }

      // A flash on a catch (once per cell: several cats may catch at once),
      // under the pieces, which stay in sight through it.
      const flashed = new Set();
      for (const e of f.events || []) {
        if (e.type !== 'catch' || anim < 1 || flashed.has(key(e.q, e.r))) continue;
        flashed.add(key(e.q, e.r));
        const p = P(e.q, e.r);
        const g = ctx.createRadialGradient(p.x, p.y, s * 0.1, p.x, p.y, s * 1.2);
        g.addColorStop(0, 'rgba(255,240,150,.0)');
        g.addColorStop(0.5, 'rgba(255,210,80,.75)');
        g.addColorStop(1, 'rgba(255,120,40,0)');
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(p.x, p.y, s * 1.2, 0, Math.PI * 2);
        ctx.fill();
      }

      // Pieces, moving along their paths during the animation.
      // Pieces sharing a cell (a catch) are spread around its centre, a
      // little smaller and reaching over the neighbouring cells (the mouse
      // in the middle when cats caught it), so that each reads at a glance.
      const crowd = new Map();
      for (const p of [...(f.cats || []), ...(f.mouse ? [{ ...f.mouse, id: 'M' }] : [])]) crowd.set(key(p.q, p.r), [...(crowd.get(key(p.q, p.r)) || []), p.id]);
      const posOf = (/** @type {any} */ piece, /** @type {string} */ id) => {
        const l = paths.get(id);
        if (anim < 1 && l && l.path && l.path.length > 1) return { ...along(l.path, anim), dx: 0, dy: 0, k: 1 };
        const here = crowd.get(key(piece.q, piece.r)) || [id];
        if (here.length < 2) return { q: piece.q, r: piece.r, dx: 0, dy: 0, k: 1 };
        const ring = here.filter((/** @type {string} */ x) => x !== 'M' || here.length === 2);
        if (id === 'M' && here.length > 2) return { q: piece.q, r: piece.r, dx: 0, dy: 0, k: CROWDED };
        const a = -Math.PI / 2 + 2 * Math.PI * ring.indexOf(id) / ring.length;
        const d = here.length > 2 ? 0.82 : 0.42;
        return { q: piece.q, r: piece.r, dx: d * Math.cos(a), dy: d * Math.sin(a), k: CROWDED };
      };
      // The mouse under the cats when they share its cell: its halo would
      // cover them.
      const drawMouse = () => {
        const a = posOf(f.mouse, 'M'), p = P(a.q, a.r);
        mouse(ctx, p.x + a.dx * s, p.y + a.dy * s, s, mouseCol, a.k);
      };
      const under = f.mouse && (crowd.get(key(f.mouse.q, f.mouse.r)) || []).length > 1;
      if (under) drawMouse();
      for (const c of f.cats || []) {
        const a = posOf(c, c.id), p = P(a.q, a.r);
        cat(ctx, p.x + a.dx * s, p.y + a.dy * s, s, catsCol, a.k);
      }
      if (f.mouse && !under) drawMouse();
      for (const c of f.cats || []) {
        const a = posOf(c, c.id), p = P(a.q, a.r);
        catTag(ctx, p.x + a.dx * s, p.y + a.dy * s, s, catsCol, c.id, labels, a.k);
      }
      // The catch's word, once the pieces have taken their room: above them.
      for (const c of flashed) {
        const [q, r] = c.split(',').map(Number), p = P(q, r);
        labels.badge(ctx, 'CAUGHT!', p.x, p.y - s * 1.45, { bg: '#ffcc33', fg: '#1b1204', size: Math.max(11, s * 0.32) });
      }


      // Debug drawings: F5 the cats' AI, F6 the mouse's.
      for (const side of f.sides || []) {
        if ((side.role === 'cats' && o.catsDbg) || (side.role === 'mouse' && o.mouseDbg)) drawings(ctx, side.drawings || [], L);
      }

      // Status line: game, leg, turn, roles, dash.
      const roles = `cats: ${f.teams[seatOf(f, 'cats')]}, mouse: ${f.teams[seatOf(f, 'mouse')]}`;
      // The controls' counter (the match's turns, both legs) first; the
      // leg's own turn after, named as such.
      const stage = `game ${f.game}, leg ${f.leg} / 2: turn ${f.turn} / ${f.maxTurns}${f.stage === 'legover' ? ', leg over' : f.stage === 'over' ? ', game over' : ''}`;
      const dash = f.dash ? ` · ${f.dash.cooldown > 0 ? `dash in ${f.dash.cooldown}` : 'dash ready'} (${f.dash.uses} used)` : '';
      kit.status(ctx, `${view.counter || `Turn ${i}`} · ${stage} · ${roles}${dash} · score: the turn of the catch, lower wins`, view);
      if (!f.result && f.stage === 'legover') {
        const leg = (f.legs || [])[f.legs.length - 1];
        if (leg) kit.banner(ctx, `Leg ${leg.leg}: ${f.teams[leg.catsSeat]}'s cats: ${legText(leg)}`, view, { bg: '#2c3440', size: 13 });
      }
      if (f.result) kit.banner(ctx, f.result.summary, view, { bg: f.result.winner < 0 ? '#444' : env.colors[f.result.winner], size: 13 });
    },

    /** @param {any} f @param {number} i @param {number} x @param {number} y @param {any} view */
    hover(f, i, x, y, view) {
      const c = cellAt(view, x, y);
      if (!c) return null;
      const lines = [`(q ${c.q}, r ${c.r}) ${c.terrain}`];
      if (c.walls && c.walls.length) lines.push(`walls: ${c.walls.map((/** @type {number} */ d) => `${DIRS[d]} (${d})`).join(', ')}`);
      const last = new Map((f.last || []).map((/** @type {any} */ l) => [l.piece, l]));
      for (const p of f.cats || []) {
        if (p.q !== c.q || p.r !== c.r) continue;
        lines.push('', `Cat ${p.id} of ${f.teams[seatOf(f, 'cats')]}`);
        const l = last.get(p.id);
        if (l) lines.push(`last action: ${l.action}`);
      }
      if (f.mouse && f.mouse.q === c.q && f.mouse.r === c.r) {
        lines.push('', `Mouse of ${f.teams[seatOf(f, 'mouse')]}`);
        const l = last.get('M');
        if (l) lines.push(`last action: ${l.action}${l.action.length === 2 ? ' (dash)' : ''}`);
        if (f.dash) lines.push(`DASH ${f.dash.cooldown} ${f.dash.uses}: ${f.dash.cooldown > 0 ? `ready at turn ${f.dash.ready}` : 'ready'}`);
      }
      const sp = f.spawn;
      if (sp && sp.mouse[0] === c.q && sp.mouse[1] === c.r) lines.push(`spawn of the mouse (set ${sp.id})`);
      (sp ? sp.cats : []).forEach((/** @type {number[]} */ a, /** @type {number} */ k) => { if (a[0] === c.q && a[1] === c.r) lines.push(`spawn of cat C${k} (set ${sp.id})`); });
      return lines;
    },

    /** Each team's own result: the leg it played as the cats (lower is better). @param {any} f */
    scores(f) {
      return [0, 1].map((seat) => {
        const leg = (f.legs || []).find((/** @type {any} */ l) => l.catsSeat === seat);
        const own = f.result ? f.result.own[seat] : leg ? leg.result : '—';
        const role = seatOf(f, 'cats') === seat ? 'cats' : 'mouse';
        // While its cats hunt, a team's result is the leg's turn so far.
        const hunting = !f.result && role === 'cats' && f.stage !== 'legover' && !leg;
        return {
          score: own, detail: `${f.stage === 'over' ? 'own result' : `now the ${role}`}${leg ? `; as the cats: ${legText(leg)}` : ''}`,
          aside: hunting ? `cats hunting: turn ${f.turn}` : f.result ? '' : `${role === 'cats' ? 'cats' : 'mouse'}${leg ? ' now' : ''}`,
          asideTitle: 'a team scores the turn its cats catch the mouse (or the leg\'s length if it escapes): lower wins',
        };
      });
    },

    /** @param {any} f */
    status(f) {
      return (f.sides || []).map((/** @type {any} */ s) => {
        const crash = (f.events || []).find((/** @type {any} */ e) => e.type === 'crash' && e.seat === s.seat);
        if (crash) return `crashed${crash.reason ? ': ' + crash.reason : ''}`;
        if (s.lagging) return { text: `lagging since turn ${s.since}`, tone: 'warn' };
        if (s.errors && s.errors.length) return { text: `${s.errors.length} error${s.errors.length > 1 ? 's' : ''}`, tone: 'warn' };
        return null;
      });
    },

    /** @param {any} f */
    legend(f) {
      const dom = kit.h;
      const legs = (f.legs || []).map((/** @type {any} */ l) =>
        dom('div', null, `Leg ${l.leg}: `, dom('b', null, String(f.teams[l.catsSeat])), `'s cats: ${legText(l)} (result ${l.result})`));
      const errs = (f.sides || []).flatMap((/** @type {any} */ s) => (s.errors || []).map((/** @type {any} */ e) =>
        dom('div', { class: 'bad' }, `${s.name} (${s.role}): ERROR ${e.code} ${e.subject}`)));
      const events = (f.events || []).map((/** @type {any} */ e) => dom('div', null, eventText(f, e)));
      const n = (/** @type {string} */ role) => (f.sides || []).find((/** @type {any} */ s) => s.role === role)?.drawings?.length || 0;
      return [dom('h3', null, 'Legs ', dom('span', { class: 'dim' }, "(a team's own result: the turn its cats caught the mouse; lower wins)")),
        dom('div', { class: 'log' }, legs.length ? legs : dom('div', null, 'leg 1 in progress')),
        events.length || errs.length ? [dom('h3', null, `Turn ${f.turn}`), dom('div', { class: 'log' }, events, errs)] : null,
        dom('div', { class: 'dim small' }, `Debug drawings this turn: cats ${n('cats')} (`, dom('kbd', null, 'F5'), `), mouse ${n('mouse')} (`, dom('kbd', null, 'F6'),
          `). Map ${board.name}, spawn set ${f.spawn ? String(f.spawn.id) : '?'}${f.realtime ? ', real time' : ''}.`)];
    },
  };
}
