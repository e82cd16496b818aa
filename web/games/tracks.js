// @ts-check
// Back Track King (CodinGame Summer Challenge 2026): terrain, region borders,
// instability and inked regions, both players' tracks (neutral ones grey),
// towns with their desired connections (connected ones lit), the active
// connections, this turn's builds, disruptions and erasures, and the
// reference viewer's tooltip. Player 0 is red and player 1 blue, as in the
// reference viewer. Frames: docs/games/tracks.md, "Viewer frames".

const TERRAIN = ['plains', 'river', 'mountain', 'P.O.I.'];
const COST = [1, 2, 3, 3];
const NEUTRAL = '#cfd6dd';
const GOLD = '#ffd25a', UNSTABLE = '#ff9f1c';

/** @param {any} replay @param {{colors: string[], names: string[], kit: any}} env */
export default function create(replay, env) {
  const kit = env.kit;
  const colors = ['#ff1d5c', '#22a1e4'];
  const map = replay.initial.map;
  const W = map.width, H = map.height;
  const terrain = map.terrain.map((/** @type {string} */ row) => [...row].map(Number));
  const regionOf = map.regionOf;
  const towns = map.towns;
  const townAt = new Map(towns.map((/** @type {any} */ t) => [t.x + ',' + t.y, t]));
  // Each region's label cell: the cell of the region nearest to its centre.
  /** @type {{x:number,y:number}[]} */
  const label = [];
  {
    /** @type {number[][]} */
    const acc = map.regions.map(() => [0, 0, 0]);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) { const a = acc[regionOf[y][x]]; a[0] += x; a[1] += y; a[2]++; }
    const best = acc.map(() => ({ x: 0, y: 0, d: Infinity }));
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const g = regionOf[y][x], a = acc[g];
        // Not on a town, nor under one (its desired-town chips are drawn there).
        const d = (x - a[0] / a[2]) ** 2 + (y - a[1] / a[2]) ** 2 + ([-1, 0, 1].some((dx) => townAt.has(x + dx + ',' + (y - 1))) || townAt.has(x + ',' + y) ? 100 : 0);
        if (d < best[g].d) best[g] = { x, y, d };
      }
    }
    best.forEach((b, g) => { label[g] = { x: b.x, y: b.y }; });
  }

  /** @param {any} view */
  function layout(view) {
    const f = kit.fitBanded(W, H, view, 14);
    return { s: f.s, ox: f.ox, oy: f.oy };
  }

  /** @param {any} view @param {number} x @param {number} y */
  function cellAt(view, x, y) {
    const { s, ox, oy } = layout(view);
    const cx = Math.floor((x - ox) / s), cy = Math.floor((y - oy) / s);
    return cx >= 0 && cy >= 0 && cx < W && cy < H ? { x: cx, y: cy } : null;
  }

  /** @param {any} f @param {number} x @param {number} y */
  function track(f, x, y) {
    const c = f.tracks[y] ? f.tracks[y][x] : '.';
    return c === '.' || c === undefined ? -1 : Number(c);
  }

  /** @param {number} o */
  function trackColor(o) {
    return o === 2 ? NEUTRAL : colors[o];
  }

  /** A mountain's peaks. @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} s */
  function peaks(ctx, x, y, s) {
    ctx.fillStyle = '#7d746c';
    ctx.beginPath();
    ctx.moveTo(x + s * 0.12, y + s * 0.8);
    ctx.lineTo(x + s * 0.42, y + s * 0.25);
    ctx.lineTo(x + s * 0.72, y + s * 0.8);
    ctx.fill();
    ctx.fillStyle = '#958b82';
    ctx.beginPath();
    ctx.moveTo(x + s * 0.45, y + s * 0.8);
    ctx.lineTo(x + s * 0.68, y + s * 0.42);
    ctx.lineTo(x + s * 0.9, y + s * 0.8);
    ctx.fill();
    ctx.fillStyle = '#e8e4de';
    ctx.beginPath();
    ctx.moveTo(x + s * 0.34, y + s * 0.4);
    ctx.lineTo(x + s * 0.42, y + s * 0.25);
    ctx.lineTo(x + s * 0.5, y + s * 0.4);
    ctx.fill();
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} r @param {string} color */
  function star(ctx, cx, cy, r, color) {
    ctx.beginPath();
    for (let k = 0; k < 10; k++) {
      const a = -Math.PI / 2 + k * Math.PI / 5, rr = k % 2 ? r * 0.45 : r;
      const px = cx + Math.cos(a) * rr, py = cy + Math.sin(a) * rr;
      if (k) ctx.lineTo(px, py); else ctx.moveTo(px, py);
    }
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
  }

  /** A lightning bolt (a disruption). @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} s @param {string} color */
  function bolt(ctx, cx, cy, s, color) {
    const pts = [[0.1, -0.5], [-0.25, 0.05], [0, 0.05], [-0.1, 0.5], [0.25, -0.08], [0, -0.08]];
    ctx.beginPath();
    pts.forEach(([px, py], k) => k ? ctx.lineTo(cx + px * s, cy + py * s) : ctx.moveTo(cx + px * s, cy + py * s));
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  /**
   * The terrain (and its dimming), which no turn changes: drawn once per
   * size and option into a canvas of its own, then copied on every frame
   * (drawing the cells one by one took most of a frame at 16x).
   * @type {{key: string, canvas: HTMLCanvasElement|null}}
   */
  const still = { key: '', canvas: null };

  /** @param {CanvasRenderingContext2D} ctx @param {any} view @param {boolean} contrast */
  function drawStill(ctx, view, contrast) {
    const dpr = ctx.getTransform().a || 1;
    const key = `${view.width}x${view.height}@${dpr}:${contrast}`;
    if (still.key !== key || !still.canvas) {
      const c = still.canvas || document.createElement('canvas');
      c.width = Math.round(view.width * dpr);
      c.height = Math.round(view.height * dpr);
      const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      terrainLayer(g, view, contrast);
      still.key = key;
      still.canvas = c;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(still.canvas, 0, 0);
    ctx.restore();
  }

  /** @param {CanvasRenderingContext2D} ctx @param {any} view @param {boolean} contrast */
  function terrainLayer(ctx, view, contrast) {
    const { s, ox, oy } = layout(view);
    const X = (/** @type {number} */ x) => ox + x * s, Y = (/** @type {number} */ y) => oy + y * s;
    ctx.fillStyle = '#11161b';
    ctx.fillRect(0, 0, view.width, view.height);
    // Terrain.
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const t = terrain[y][x];
        const shade = kit.hash(x, y) * 0.06;
        ctx.fillStyle = t === 1 ? '#1d4a6b' : t === 2 ? '#4a433e' : kit.mix('#2f4030', '#3a4d36', shade * 10);
        ctx.fillRect(X(x), Y(y), s + 0.5, s + 0.5);
        if (t === 1) {
          ctx.strokeStyle = 'rgba(120,180,220,.35)';
          ctx.lineWidth = Math.max(1, s * 0.05);
          for (const dy of [0.35, 0.65]) {
            ctx.beginPath();
            ctx.moveTo(X(x) + s * 0.15, Y(y) + s * dy);
            ctx.quadraticCurveTo(X(x) + s * 0.32, Y(y) + s * (dy - 0.1), X(x) + s * 0.5, Y(y) + s * dy);
            ctx.quadraticCurveTo(X(x) + s * 0.68, Y(y) + s * (dy + 0.1), X(x) + s * 0.85, Y(y) + s * dy);
            ctx.stroke();
          }
        } else if (t === 2) {
          peaks(ctx, X(x), Y(y), s);
        } else if (t === 3) {
          star(ctx, X(x) + s / 2, Y(y) + s / 2, s * 0.36, GOLD);
        }
      }
    }
    if (contrast) {
      ctx.fillStyle = 'rgba(10,12,16,.55)';
      ctx.fillRect(X(0), Y(0), W * s, H * s);
    }
  }

  const DIRS = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  /** Cells a train runs per turn. */
  const TRAIN_SPEED = 1.5;

  /**
   * A track piece in a unit box (the cell's edges at -1 and 1): a bed of
   * the owner's colour, sleepers, and two rails to each linked edge; two
   * perpendicular links make a curve. g (0 to 1) is how much is laid.
   * @param {CanvasRenderingContext2D} c @param {number[][]} links @param {number} g @param {string} color
   */
  function trackPiece(c, links, g, color) {
    c.lineCap = 'butt';
    const rail = kit.mix(color, '#ffffff', 0.55);
    const curve = links.length === 2 && links[0][0] !== -links[1][0] && links[0][1] !== -links[1][1];
    if (curve) {
      // The corner the curve turns around, and the angles of its two ends.
      const [a, b] = links, kx = a[0] + b[0], ky = a[1] + b[1];
      const a0 = Math.atan2(-b[1], -b[0]), a1 = Math.atan2(-a[1], -a[0]); // the ends on edges a and b
      // Going from end a to end b the short way round.
      let sweep = a1 - a0;
      if (sweep > Math.PI) sweep -= 2 * Math.PI;
      if (sweep < -Math.PI) sweep += 2 * Math.PI;
      /** @param {number} r @param {number} from @param {number} to */
      const arc = (r, from, to) => { c.beginPath(); c.arc(kx, ky, r, from, to, to < from); c.stroke(); };
      const half = sweep / 2 * g;
      const ends = [[a0, a0 + half], [a1, a1 - half]];
      c.strokeStyle = kit.alpha(color, 0.6);
      c.lineWidth = 0.7;
      for (const [p, q] of ends) arc(1, p, q);
      c.strokeStyle = '#5a4030';
      c.lineWidth = 0.14;
      c.beginPath();
      for (let k = 0; k < 4; k++) {
        const t = (k + 0.5) / 4;
        if (Math.min(t, 1 - t) > g / 2) continue; // laid from both ends
        const an = a0 + sweep * t;
        c.moveTo(kx + Math.cos(an) * 0.62, ky + Math.sin(an) * 0.62);
        c.lineTo(kx + Math.cos(an) * 1.38, ky + Math.sin(an) * 1.38);
      }
      c.stroke();
      c.strokeStyle = rail;
      c.lineWidth = 0.12;
      for (const r of [0.78, 1.22]) for (const [p, q] of ends) arc(r, p, q);
      return;
    }
    // Straight pieces, ends and junctions: a spoke to each linked edge.
    c.strokeStyle = kit.alpha(color, 0.6);
    c.lineWidth = 0.7;
    c.beginPath();
    for (const [dx, dy] of links) { c.moveTo(-dx * 0.2, -dy * 0.2); c.lineTo(dx * g, dy * g); }
    c.stroke();
    c.fillStyle = kit.alpha(color, links.length === 2 ? 0 : 0.85);
    c.beginPath();
    c.arc(0, 0, links.length ? 0.42 : 0.5, 0, Math.PI * 2);
    c.fill();
    c.strokeStyle = '#5a4030';
    c.lineWidth = 0.14;
    c.beginPath();
    for (const [dx, dy] of links) {
      for (const t of [0.3, 0.75]) {
        if (t > g) continue;
        c.moveTo(dx * t - dy * 0.38, dy * t - dx * 0.38);
        c.lineTo(dx * t + dy * 0.38, dy * t + dx * 0.38);
      }
    }
    c.stroke();
    c.strokeStyle = rail;
    c.lineWidth = 0.12;
    c.beginPath();
    for (const [dx, dy] of links) {
      for (const e of [-0.22, 0.22]) {
        c.moveTo(-dx * 0.22 - dy * e, -dy * 0.22 + dx * e);
        c.lineTo(dx * g - dy * e, dy * g + dx * e);
      }
    }
    c.stroke();
    if (links.length !== 2) {
      c.strokeStyle = rail;
      c.lineWidth = 0.1;
      c.beginPath();
      c.arc(0, 0, 0.3, 0, Math.PI * 2);
      c.stroke();
    }
  }

  /**
   * A locomotive in a unit box, seen from above, heading +x: the boiler in
   * the colour given, the cab behind it, the chimney and a headlight.
   * @param {CanvasRenderingContext2D} c @param {string} color
   */
  function train(c, color) {
    c.lineJoin = 'round';
    c.strokeStyle = '#0b0e12';
    c.lineWidth = 0.1;
    kit.roundRect(c, -1, -0.5, 1.9, 1, 0.3);
    c.fillStyle = color;
    c.fill();
    c.stroke();
    kit.roundRect(c, -1, -0.5, 0.7, 1, 0.2);
    c.fillStyle = 'rgba(0,0,0,.45)';
    c.fill();
    c.fillStyle = '#2a2f36';
    c.beginPath(); c.arc(0.35, 0, 0.2, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#fff6b0';
    c.beginPath(); c.arc(0.8, 0, 0.13, 0, Math.PI * 2); c.fill();
    c.strokeStyle = 'rgba(255,255,255,.5)';
    c.lineWidth = 0.08;
    c.beginPath(); c.moveTo(-0.2, -0.32); c.lineTo(0.75, -0.32); c.stroke();
  }

  /**
   * Where a train is at distance u (in cells) along a path of cells, and
   * its heading.
   * @param {number[][]} path @param {number} u
   */
  function trainAt(path, u) {
    const k = Math.min(path.length - 2, Math.max(0, Math.floor(u))), t = u - k;
    const [x0, y0] = path[k], [x1, y1] = path[k + 1];
    return { x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t, angle: Math.atan2(y1 - y0, x1 - x0) };
  }


  /**
   * What the board's symbols mean, each drawn as on a board of 20-pixel
   * cells (the legend's unit box is a tenth of one).
   * @param {(g: CanvasRenderingContext2D) => void} draw
   */
  const cell = (draw) => (/** @type {CanvasRenderingContext2D} */ g) => { g.scale(0.1, 0.1); draw(g); };
  const chip = (/** @type {string} */ fill, /** @type {string} */ text, /** @type {string} */ ink) => cell((g) => {
    g.beginPath(); g.arc(0, 0, 7, 0, Math.PI * 2); g.fillStyle = fill; g.fill();
    g.strokeStyle = '#0b0e12'; g.lineWidth = 1; g.stroke();
    g.fillStyle = ink; g.font = '600 9px system-ui, sans-serif'; g.textAlign = 'center'; g.textBaseline = 'middle'; g.fillText(text, 0, 0.5);
  });
  const ring = (/** @type {string} */ col) => cell((g) => {
    star(g, 0, 0, 6, GOLD);
    g.strokeStyle = col; g.lineWidth = 2; g.beginPath(); g.arc(0, 0, 9, 0, Math.PI * 2); g.stroke();
  });
  const symbols = [
    { label: 'point of interest (side quest): a track on it serves it; costs 3', draw: cell((g) => star(g, 0, 0, 7.5, GOLD)) },
    { label: `a point of interest served by ${env.names[0] || 'red'}'s side quest`, draw: ring(colors[0]) },
    { label: `a point of interest served by ${env.names[1] || 'blue'}'s side quest`, draw: ring(colors[1]) },
    { label: 'a town with its id; under it, the towns it wants to reach', draw: chip('#f4efe1', '3', '#1a1f25') },
    { label: 'a wanted town, not connected yet', draw: chip('#2a3038', '5', '#c8d0d8') },
    { label: 'a wanted town, connected (it pays every turn)', draw: chip(GOLD, '5', '#1a1f25') },
    { label: 'an active connection, its train in the colour of the player it pays most', draw: cell((g) => {
      g.strokeStyle = kit.alpha(GOLD, 0.85); g.lineWidth = 2; g.setLineDash([5, 3]);
      g.beginPath(); g.moveTo(-10, 0); g.lineTo(10, 0); g.stroke(); g.setLineDash([]);
      g.save(); g.scale(7, 7); train(g, GOLD); g.restore();
    }) },
    { label: 'a track built this turn', draw: cell((g) => {
      g.save(); g.scale(10, 10); trackPiece(g, [[-1, 0], [1, 0]], 1, colors[0]); g.restore();
      g.strokeStyle = 'rgba(255,255,255,.8)'; g.lineWidth = 1.2; g.strokeRect(-8.5, -8.5, 17, 17);
    }) },
    { label: 'a track erased: its region was inked this turn', draw: cell((g) => {
      g.strokeStyle = kit.alpha(NEUTRAL, 0.8); g.lineWidth = 1.5; g.beginPath();
      g.moveTo(-5, -5); g.lineTo(5, 5); g.moveTo(5, -5); g.lineTo(-5, 5); g.stroke();
    }) },
    { label: `a disruption this turn, in the colour of who disrupted: +1 instability`, draw: cell((g) => bolt(g, 0, 0, 16, colors[0])) },
    { label: `instability / ink threshold: at ${map.inkThreshold} the region is inked`, draw: cell((g) => {
      g.fillStyle = kit.alpha(UNSTABLE, 0.35); g.fillRect(-10, -10, 20, 20);
      kit.badge(g, `1/${map.inkThreshold}`, 0, 0, { bg: UNSTABLE, fg: '#1b1204', size: 8 });
    }) },
    { label: 'an inked region: no track, no disruption, for the rest of the game', draw: cell((g) => {
      g.fillStyle = 'rgba(6,6,10,.9)'; g.fillRect(-10, -10, 20, 20);
      g.fillStyle = 'rgba(40,20,60,.9)';
      for (const [x, y, r] of [[-4, -3, 4], [4, 3, 3.5]]) { g.beginPath(); g.arc(x, y, r, 0, Math.PI * 2); g.fill(); }
    }) },
  ];

  return {
    colors,
    symbols,
    // The turn's new tracks are laid while it plays: each piece grows from
    // its cell's centre out to its neighbours (view.progress from 0 to 1).
    animate: true,
    options: [
      { id: 'regions', label: 'Regions (borders)', values: [true, false], value: true, key: 'R', help: 'show or hide the region borders' },
      { id: 'active', label: 'Active connections', values: [true, false], value: true, key: 'C', help: 'show or hide the active connections' },
      { id: 'desired', label: 'Desired connections', values: [false, true], value: false, key: 'D', help: 'draw every desired connection between towns' },
      { id: 'contrast', label: 'Track contrast', values: [false, true], value: false, key: 'T', help: 'dim the terrain to make the tracks stand out' },
      { id: 'coords', label: 'Coordinates', values: [false, true], value: false, key: 'G', help: 'show the coordinates on the edges' },
    ],

    /** @param {CanvasRenderingContext2D} ctx @param {any} f @param {number} i @param {any} view */
    draw(ctx, f, i, view) {
      const { s, ox, oy } = layout(view);
      const o = view.options;
      const X = (/** @type {number} */ x) => ox + x * s, Y = (/** @type {number} */ y) => oy + y * s;
      const regions = f.regions || [];
      drawStill(ctx, view, !!o.contrast);

      // Instability and ink, region by region.
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const g = regions[regionOf[y][x]];
          if (!g) continue;
          if (g.inked) {
            ctx.fillStyle = 'rgba(6,6,10,.9)';
            ctx.fillRect(X(x), Y(y), s + 0.5, s + 0.5);
            ctx.fillStyle = 'rgba(40,20,60,.55)';
            for (let k = 0; k < 2; k++) {
              ctx.beginPath();
              ctx.arc(X(x) + s * (0.25 + 0.5 * kit.hash(x, y, k)), Y(y) + s * (0.25 + 0.5 * kit.hash(y, x, k)), s * (0.1 + 0.15 * kit.hash(k, x, y)), 0, Math.PI * 2);
              ctx.fill();
            }
          } else if (g.instability > 0) {
            ctx.fillStyle = kit.alpha(UNSTABLE, 0.1 + 0.25 * g.instability / map.inkThreshold);
            ctx.fillRect(X(x), Y(y), s + 0.5, s + 0.5);
          }
        }
      }

      // Region borders, and the hovered region outlined.
      const hc = view.hover ? cellAt(view, view.hover.x, view.hover.y) : null;
      const hr = hc ? regionOf[hc.y][hc.x] : -1;
      /** @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 */
      const seg = (x1, y1, x2, y2) => { ctx.moveTo(X(x1), Y(y1)); ctx.lineTo(X(x2), Y(y2)); };
      if (o.regions) {
        ctx.strokeStyle = 'rgba(5,8,10,.8)';
        ctx.lineWidth = Math.max(1.5, s * 0.07);
        ctx.beginPath();
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            if (x + 1 < W && regionOf[y][x] !== regionOf[y][x + 1]) seg(x + 1, y, x + 1, y + 1);
            if (y + 1 < H && regionOf[y][x] !== regionOf[y + 1][x]) seg(x, y + 1, x + 1, y + 1);
          }
        }
        ctx.stroke();
      }
      if (hr >= 0) {
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 2;
        ctx.beginPath();
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            if (regionOf[y][x] !== hr) continue;
            if (y === 0 || regionOf[y - 1][x] !== hr) seg(x, y, x + 1, y);
            if (y === H - 1 || regionOf[y + 1][x] !== hr) seg(x, y + 1, x + 1, y + 1);
            if (x === 0 || regionOf[y][x - 1] !== hr) seg(x, y, x, y + 1);
            if (x === W - 1 || regionOf[y][x + 1] !== hr) seg(x + 1, y, x + 1, y + 1);
          }
        }
        ctx.stroke();
      }

      // Tracks, joined to the neighbouring tracks and towns: rails on
      // sleepers, bent where a piece turns, on a bed of the owner's
      // colour. The pieces placed this turn are laid while the turn plays.
      const laying = kit.ease(view.progress ?? 1);
      const placed = new Set(laying < 1 ? ((f.events && f.events.placed) || []).map((/** @type {any} */ p) => p.x + ',' + p.y) : []);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const t = track(f, x, y);
          if (t < 0) continue;
          const links = DIRS.filter(([dx, dy]) => track(f, x + dx, y + dy) >= 0 || townAt.has(`${x + dx},${y + dy}`));
          const g = placed.has(x + ',' + y) ? 0.1 + 0.9 * laying : 1; // how much of the piece is laid
          kit.piece(ctx, 'track', X(x) + s / 2, Y(y) + s / 2, s / 2, (/** @type {CanvasRenderingContext2D} */ c) => trackPiece(c, links, g, trackColor(t)));
        }
      }

      // This turn: new tracks outlined, erased tracks crossed out.
      const ev = f.events || {};
      ctx.lineWidth = Math.max(1, s * 0.06);
      for (const p of ev.placed || []) {
        ctx.strokeStyle = 'rgba(255,255,255,.8)';
        ctx.strokeRect(X(p.x) + 1.5, Y(p.y) + 1.5, s - 3, s - 3);
      }
      for (const p of ev.erased || []) {
        ctx.strokeStyle = kit.alpha(trackColor(p.owner).length === 7 ? trackColor(p.owner) : '#cfd6dd', 0.8);
        ctx.beginPath();
        ctx.moveTo(X(p.x) + s * 0.25, Y(p.y) + s * 0.25); ctx.lineTo(X(p.x) + s * 0.75, Y(p.y) + s * 0.75);
        ctx.moveTo(X(p.x) + s * 0.75, Y(p.y) + s * 0.25); ctx.lineTo(X(p.x) + s * 0.25, Y(p.y) + s * 0.75);
        ctx.stroke();
      }

      // Active connections: a golden line along each path.
      if (o.active) {
        ctx.save();
        ctx.strokeStyle = kit.alpha(GOLD, 0.85);
        ctx.lineWidth = Math.max(1.5, s * 0.08);
        ctx.lineJoin = 'round';
        ctx.setLineDash([s * 0.3, s * 0.2]);
        for (const c of f.connections || []) {
          ctx.beginPath();
          c.path.forEach((/** @type {number[]} */ [x, y], /** @type {number} */ k) => k ? ctx.lineTo(X(x) + s / 2, Y(y) + s / 2) : ctx.moveTo(X(x) + s / 2, Y(y) + s / 2));
          ctx.stroke();
        }
        ctx.restore();
      }

      // Desired connections between towns.
      const connected = new Map((f.towns || []).map((/** @type {any} */ t) => [t.id, new Set(t.connected)]));
      if (o.desired) {
        for (const t of towns) {
          for (const d of t.desired) {
            const u = towns[d], on = connected.get(t.id)?.has(d);
            kit.arrow(ctx, X(t.x) + s / 2, Y(t.y) + s / 2, X(u.x) + s / 2, Y(u.y) + s / 2,
              { color: on ? kit.alpha(GOLD, 0.9) : 'rgba(230,237,243,.45)', width: Math.max(1, s * 0.05), gap: s * 0.5, dash: [s * 0.2, s * 0.15] });
          }
        }
      }

      // Instability badges and disruptions.
      regions.forEach((/** @type {any} */ g) => {
        if (g.inked || g.instability <= 0) return;
        const l = label[g.id];
        kit.badge(ctx, `${g.instability}/${map.inkThreshold}`, X(l.x) + s / 2, Y(l.y) + s / 2, { bg: UNSTABLE, fg: '#1b1204', size: Math.max(9, s * 0.36) });
      });
      for (const d of ev.disrupted || []) {
        const l = label[d.region];
        bolt(ctx, X(l.x) + s * (d.player ? 0.95 : 0.05), Y(l.y) + s * 0.15, s * 0.8, colors[d.player]);
      }

      // Towns: the id, and the desired towns below (lit when connected).
      for (const t of towns) {
        const cx = X(t.x) + s / 2, cy = Y(t.y) + s / 2;
        const con = connected.get(t.id) || new Set();
        const all = t.desired.length > 0 && t.desired.every((/** @type {number} */ d) => con.has(d));
        ctx.beginPath();
        ctx.arc(cx, cy, s * 0.46, 0, Math.PI * 2);
        ctx.fillStyle = '#f4efe1';
        ctx.fill();
        ctx.lineWidth = Math.max(2, s * 0.1);
        ctx.strokeStyle = all ? GOLD : '#1a1f25';
        ctx.stroke();
        ctx.fillStyle = '#1a1f25';
        ctx.font = `700 ${Math.max(10, s * 0.5)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(t.id), cx, cy + 1);
        const r = Math.max(5, s * 0.2), n = t.desired.length;
        t.desired.forEach((/** @type {number} */ d, /** @type {number} */ k) => {
          const dx = cx + (k - (n - 1) / 2) * r * 2.1, dy = cy + s * 0.62;
          ctx.beginPath();
          ctx.arc(dx, dy, r, 0, Math.PI * 2);
          ctx.fillStyle = con.has(d) ? GOLD : '#2a3038';
          ctx.fill();
          ctx.strokeStyle = '#0b0e12';
          ctx.lineWidth = 1;
          ctx.stroke();
          ctx.fillStyle = con.has(d) ? '#1a1f25' : '#c8d0d8';
          ctx.font = `600 ${r * 1.3}px system-ui, sans-serif`;
          ctx.fillText(String(d), dx, dy + 0.5);
        });
      }

      // A train runs along each active connection, a few cells a turn, in
      // the colour of the player it paid most (gold when even); drawn over
      // the towns it runs through, so that it stays seen there.
      if (o.active) {
        for (const c of f.connections || []) {
          const n = c.path.length - 1;
          if (n < 1) continue;
          const u = ((i - 1 + (view.progress ?? 1)) * TRAIN_SPEED + kit.hash(c.from, c.to) * n) % (2 * n);
          const at = trainAt(c.path, u <= n ? u : 2 * n - u), dir = u <= n ? 0 : Math.PI;
          const p0 = c.points[0], p1 = c.points[1];
          const col = p0 === p1 ? GOLD : colors[p0 > p1 ? 0 : 1];
          kit.piece(ctx, 'train', ox + (at.x + 0.5) * s, oy + (at.y + 0.5) * s, s * 0.42, (/** @type {CanvasRenderingContext2D} */ c) => train(c, col), at.angle + dir);
        }
      }

      // Points of interest served by a player's side quest.
      (f.players || []).forEach((/** @type {any} */ p, /** @type {number} */ k) => {
        for (const [x, y] of p.poisServed || []) {
          ctx.strokeStyle = colors[k];
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.arc(X(x) + s / 2, Y(y) + s / 2, s * 0.45, 0, Math.PI * 2);
          ctx.stroke();
        }
      });

      if (o.coords) {
        for (let x = 0; x < W; x++) kit.text(ctx, String(x), X(x) + s / 2, Y(0) - 6, { size: 9, color: '#8b96a3' });
        for (let y = 0; y < H; y++) kit.text(ctx, String(y), X(0) - 7, Y(y) + s / 2, { size: 9, color: '#8b96a3' });
      }
      if (hc) {
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 1.5;
        ctx.strokeRect(X(hc.x) + 0.5, Y(hc.y) + 0.5, s - 1, s - 1);
      }
      // The controls' counter (the match's turns), then the game's limit.
      kit.status(ctx, `${view.counter || `Turn ${i}`} \u00b7 at most ${f.maxTurns || '?'} turns`, view);
      if (f.over) {
        const sc = scoresOf(f);
        const w = sc[0] === sc[1] ? -1 : sc[0] > sc[1] ? 0 : 1;
        // The winner's score first (by rank, not by seat).
        const order = w === 1 ? [1, 0] : [0, 1];
        kit.banner(ctx, `${w < 0 ? 'Draw' : env.names[w] + ' wins'}: ${order.map((p) => show(sc[p])).join(' - ')}${f.end ? ' (' + f.end + ')' : ''}`, view, { bg: w < 0 ? '#444' : colors[w], size: 14 });
      }
    },

    /** @param {any} f @param {number} i @param {number} px @param {number} py @param {any} view */
    hover(f, i, px, py, view) {
      const c = cellAt(view, px, py);
      if (!c) return null;
      const { x, y } = c;
      const t = terrain[y][x], g = regionOf[y][x], reg = (f.regions || [])[g] || {};
      const town = townAt.get(x + ',' + y);
      const lines = [`(${x}, ${y}) ${town ? 'town' : TERRAIN[t]}${town ? '' : `, cost ${COST[t]}`}`, `Region ${g}`];
      if (reg.instability > 0) lines.push(`instability: ${reg.instability} / ${map.inkThreshold}`);
      if (reg.inked) lines.push('inked: no track can be built here');
      const tr = track(f, x, y);
      if (tr >= 0) lines.push(tr === 2 ? 'Track: neutral (both players)' : `Track: ${env.names[tr]} (${tr === 0 ? 'red' : 'blue'})`);
      const cc = (f.cellConnections || {})[x + ',' + y];
      if (cc) lines.push(`Active connections: ${cc}`);
      if (town) {
        const con = ((f.towns || [])[town.id] || {}).connected || [];
        lines.push('', `Town ${town.id}`, `Desired: ${town.desired.length ? town.desired.join(', ') : 'None'}`, `Connected: ${con.length ? con.join(', ') : 'None'}`);
      }
      return lines;
    },

    /** @param {any} f */
    scores(f) {
      const sc = scoresOf(f);
      return (f.players || []).map((/** @type {any} */ p, /** @type {number} */ k) => ({
        score: show(sc[k]),
        detail: f.turn ? `paint ${p.paintUsed}/3, disrupt ${p.disruptionUsed}/1${p.sideQuest ? ', side quest ✓' : ''}` : '',
      }));
    },

    /** @param {any} f */
    messages(f) {
      return (f.players || []).map((/** @type {any} */ p) => p.message || null);
    },

    /** @param {any} f */
    status(f) {
      return (f.players || []).map((/** @type {any} */ p) => p.status === 'ok' ? null : `${p.status}${p.reason ? ': ' + p.reason : ''}`);
    },

    /** @param {any} f */
    legend(f) {
      const dom = kit.h;
      const name = (/** @type {string} */ s) => String(s).replace(/\$(\d)/g, (_, d) => env.names[Number(d)] || `$${d}`);
      const conns = (f.connections || []).map((/** @type {any} */ c) => dom('div', null, `${c.name}: `,
        dom('span', { style: { color: colors[0] } }, String(c.points[0])), ' / ', dom('span', { style: { color: colors[1] } }, String(c.points[1]))));
      const sum = (f.summary || []).map((/** @type {string} */ s) => dom('div', null, name(s)));
      return [dom('h3', null, `Active connections (${conns.length}) `, dom('span', { class: 'dim' }, 'points red / blue this turn')),
        dom('div', { class: 'log' }, conns.length ? conns : dom('div', null, 'none')),
        sum.length ? [dom('h3', null, `Turn ${f.turn}`), dom('div', { class: 'log' }, sum)] : null,
        dom('div', { class: 'dim small' }, `Ink threshold ${map.inkThreshold}${map.sideQuest ? ', side quest on' : ''}, league ${map.league}.`)];
    },
  };

  /** Scores to show: the final ones once over. @param {any} f @returns {number[]} */
  function scoresOf(f) {
    if (f.final) return f.final.map((/** @type {any} */ p) => p.score);
    return (f.players || []).map((/** @type {any} */ p) => p.score);
  }
}

/** @param {number} n */
function show(n) {
  return n < 0 ? '-' : String(n);
}
