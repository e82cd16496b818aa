// @ts-check
// Ants & Crystals (CodinGame Spring Challenge 2023): the hex board, eggs and
// crystals in piles that deplete as harvested, both colonies' ants (numbers or particles), this turn's beacons,
// movement arrows (the gear's DEBUG MODE), harvest chains drawn as conveyors
// from the resource to the base, hatching on the bases, and the tooltip of
// the reference viewer (rules §6). Frames: docs/games/ants.md.

const SQRT3 = Math.sqrt(3);
const NAMES = ['Blue', 'Red'];
const EGG = '#f3e3c3', CRYSTAL = '#7fe8ff';
/** The part of a turn's animation when the harvest is made (the ants have walked). */
const HARVEST = 0.6;

/**
 * A resource cell's pile, as the 2023 viewer draws it: 3 for 50 and more,
 * 2 for 20 and more, 1 for fewer, 0 once harvested out.
 * @param {number} res
 */
function pile(res) {
  return res >= 50 ? 3 : res >= 20 ? 2 : res > 0 ? 1 : 0;
}

/**
 * An ant in a unit box, head up (-y): six bent legs, antennae, head,
 * thorax and abdomen in the colony's colour. Drawn for Arena from paths.
 * @param {CanvasRenderingContext2D} g @param {string} color
 */
function antShape(g, color) {
  g.lineCap = 'round';
  g.lineJoin = 'round';
  g.strokeStyle = '#0b0e12';
  g.lineWidth = 0.09;
  g.beginPath();
  for (const e of [-1, 1]) {
    g.moveTo(0, -0.15); g.lineTo(e * 0.42, -0.38); g.lineTo(e * 0.58, -0.72);
    g.moveTo(0, -0.05); g.lineTo(e * 0.5, -0.05); g.lineTo(e * 0.74, 0.18);
    g.moveTo(0, 0.05); g.lineTo(e * 0.42, 0.3); g.lineTo(e * 0.56, 0.72);
    g.moveTo(e * 0.06, -0.68); g.quadraticCurveTo(e * 0.14, -0.92, e * 0.38, -0.98);
  }
  g.stroke();
  g.fillStyle = color;
  g.lineWidth = 0.06;
  for (const [y, rx, ry] of [[0.45, 0.28, 0.42], [-0.1, 0.15, 0.2], [-0.55, 0.2, 0.19]]) {
    g.beginPath();
    g.ellipse(0, y, rx, ry, 0, 0, Math.PI * 2);
    g.fill();
    g.stroke();
  }
  // A shine on the abdomen and the head: the ant reads as round.
  g.fillStyle = 'rgba(255,255,255,.35)';
  g.beginPath(); g.ellipse(-0.09, 0.32, 0.07, 0.14, 0.3, 0, Math.PI * 2); g.fill();
  g.beginPath(); g.arc(-0.07, -0.6, 0.05, 0, Math.PI * 2); g.fill();
}

/** @param {any} replay @param {{colors: string[], names: string[], kit: any}} env */
export default function create(replay, env) {
  const kit = env.kit;
  const setup = replay.initial.setup;
  const colors = setup.players.map((/** @type {any} */ p, /** @type {number} */ k) => p.color || env.colors[k]);
  const cells = setup.cells;
  const owner = cells.map((/** @type {any} */ c) => c.owner);
  // Unit layout (pointy-top hexes of radius 1), from rules §2.1.
  const pos = cells.map((/** @type {any} */ c) => ({ x: SQRT3 * (c.q + c.r / 2), y: 1.5 * c.r }));
  const minX = Math.min(...pos.map((/** @type {any} */ p) => p.x)) - SQRT3 / 2;
  const maxX = Math.max(...pos.map((/** @type {any} */ p) => p.x)) + SQRT3 / 2;
  const minY = Math.min(...pos.map((/** @type {any} */ p) => p.y)) - 1;
  const maxY = Math.max(...pos.map((/** @type {any} */ p) => p.y)) + 1;
  const startRes = cells.map((/** @type {any} */ c) => c.resources);

  /** Pixel geometry for a view: centre of each cell and the hex radius. @param {any} view */
  function layout(view) {
    const f = kit.fitBanded(maxX - minX, maxY - minY, view, 16);
    const R = f.s;
    return { R, at: pos.map((/** @type {any} */ p) => ({ x: f.ox + (p.x - minX) * R, y: f.oy + (p.y - minY) * R })) };
  }

  /** The cell under a canvas point, or -1. @param {any} view @param {number} x @param {number} y */
  function cellAt(view, x, y) {
    const { R, at } = layout(view);
    let best = -1, bd = Infinity;
    at.forEach((/** @type {any} */ p, /** @type {number} */ k) => {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < bd) { bd = d; best = k; }
    });
    return bd <= R * 0.9 ? best : -1;
  }

  /**
   * A cluster of crystal shards in a unit box, each shard two-toned (a lit
   * face and a shaded one): three shards for a rich cell, fewer as it is
   * harvested (the 2023 viewer's piles: 50 and more, 20 and more, fewer),
   * three dim ones once harvested out (pile 0).
   * @param {CanvasRenderingContext2D} g @param {number} n the pile
   */
  function crystalShape(g, n) {
    g.lineJoin = 'round';
    const dim = n === 0;
    const all = [[-0.42, 0.12, 0.55, -0.25], [0.42, 0.14, 0.5, 0.25], [0, -0.1, 0.85, 0]];
    // The tall middle shard stays last; the side ones go first.
    const shards = dim ? all : n >= 3 ? all : n === 2 ? all.slice(1) : all.slice(2);
    for (const [dx, dy, h, tilt] of shards) {
      g.save();
      g.translate(dx, dy);
      g.rotate(tilt);
      const w = 0.2, hh = h / 2;
      g.beginPath();
      g.moveTo(0, -hh); g.lineTo(w, -hh * 0.45); g.lineTo(w, hh * 0.6); g.lineTo(0, hh); g.lineTo(-w, hh * 0.6); g.lineTo(-w, -hh * 0.45);
      g.closePath();
      g.fillStyle = dim ? 'rgba(127,232,255,.12)' : CRYSTAL;
      g.fill();
      if (!dim) {
        // The shaded face.
        g.beginPath();
        g.moveTo(0, -hh); g.lineTo(w, -hh * 0.45); g.lineTo(w, hh * 0.6); g.lineTo(0, hh);
        g.closePath();
        g.fillStyle = '#3fb6d9';
        g.fill();
      }
      g.beginPath();
      g.moveTo(0, -hh); g.lineTo(w, -hh * 0.45); g.lineTo(w, hh * 0.6); g.lineTo(0, hh); g.lineTo(-w, hh * 0.6); g.lineTo(-w, -hh * 0.45);
      g.closePath();
      g.strokeStyle = dim ? 'rgba(127,232,255,.35)' : '#e9fbff';
      g.lineWidth = 0.05;
      g.stroke();
      g.restore();
    }
  }

  /**
   * A clutch of eggs in a unit box, speckled: three eggs, fewer as the
   * cell is harvested (as the crystals), three dim ones once harvested out.
   * @param {CanvasRenderingContext2D} g @param {number} n the pile
   */
  function eggShape(g, n) {
    const dim = n === 0;
    const all = [[-0.32, 0.08, 0.9], [0.3, 0.1, 0.85], [0, -0.14, 1]];
    const eggs = dim || n >= 3 ? all : n === 2 ? all.slice(1) : all.slice(2);
    for (const [dx, dy, k] of eggs) {
      g.beginPath();
      g.ellipse(dx, dy, 0.2 * k, 0.27 * k, 0, 0, Math.PI * 2);
      g.fillStyle = dim ? 'rgba(243,227,195,.1)' : EGG;
      g.fill();
      g.strokeStyle = dim ? 'rgba(243,227,195,.3)' : '#b89a6a';
      g.lineWidth = 0.04;
      g.stroke();
      if (dim) continue;
      g.fillStyle = 'rgba(150,115,70,.55)';
      for (let m = 0; m < 3; m++) {
        g.beginPath();
        g.arc(dx + (m - 1) * 0.07 * k, dy + (m % 2 ? -0.08 : 0.06) * k, 0.025, 0, Math.PI * 2);
        g.fill();
      }
      g.fillStyle = 'rgba(255,255,255,.5)';
      g.beginPath();
      g.ellipse(dx - 0.07 * k, dy - 0.1 * k, 0.04 * k, 0.07 * k, 0.3, 0, Math.PI * 2);
      g.fill();
    }
  }

  /**
   * Shards (or shell bits) flying out of a cell whose pile shrank this
   * turn, as the 2023 viewer's burst: t runs from 0 to 1 after the harvest.
   * @param {CanvasRenderingContext2D} ctx @param {number} k the cell @param {number} x @param {number} y @param {number} R @param {boolean} egg @param {number} t
   */
  function burst(ctx, k, x, y, R, egg, t) {
    const colors = egg ? [EGG, '#b89a6a'] : [CRYSTAL, '#3fb6d9'];
    kit.piece(ctx, 'burst', x, y, R, (/** @type {CanvasRenderingContext2D} */ g) => {
      for (let n = 0; n < 18; n++) {
        const a = kit.hash(k, n, 3) * Math.PI * 2, d = (0.25 + 0.55 * kit.hash(n, k, 5)) * kit.ease(t);
        g.globalAlpha = 1 - t;
        g.fillStyle = colors[n % 2];
        g.beginPath();
        g.arc(Math.cos(a) * d, Math.sin(a) * d, 0.05 * (1 - 0.5 * t), 0, Math.PI * 2);
        g.fill();
      }
    }, 0, { under: true });
  }

  /** An anthill on a base cell. @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} R @param {string} color */
  function nest(ctx, x, y, R, color) {
    ctx.save();
    ctx.beginPath();
    ctx.ellipse(x, y + R * 0.32, R * 0.5, R * 0.34, 0, Math.PI, 0);
    ctx.closePath();
    ctx.fillStyle = kit.alpha(color, 0.45);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(x, y + R * 0.3, R * 0.1, R * 0.07, 0, 0, Math.PI * 2);
    ctx.fillStyle = '#0b0e12';
    ctx.fill();
    ctx.restore();
  }

  /** Ants drawn as particles scattered over a cell. @param {CanvasRenderingContext2D} ctx */
  function particles(ctx, /** @type {number} */ cell, /** @type {number} */ p, /** @type {number} */ n, /** @type {any} */ c, /** @type {number} */ R) {
    const shown = Math.min(n, 60);
    const r = Math.max(1.2, R * (n > 30 ? 0.045 : 0.06));
    ctx.fillStyle = colors[p];
    for (let k = 0; k < shown; k++) {
      const a = kit.hash(cell, p, k) * Math.PI * 2, d = Math.sqrt(kit.hash(k, cell, p, 7)) * R * 0.72;
      ctx.beginPath();
      ctx.arc(c.x + Math.cos(a) * d, c.y + Math.sin(a) * d * 0.9, r, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  /**
   * A harvest chain from the resource to the base, as a conveyor: a band in
   * the colony's colour whose chevrons (the resource carried) run towards
   * the base as the turn plays (phase 0 to 1), shown at `alpha`.
   */
  function chain(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {any} */ h, /** @type {any[]} */ at, /** @type {number} */ R, /** @type {number} */ phase, /** @type {number} */ alpha) {
    const pts = h.path.map((/** @type {number} */ c) => at[c]);
    if (pts.length < 1) return;
    const off = (h.player === 0 ? -1 : 1) * R * 0.12;
    const shifted = pts.map((/** @type {any} */ p, /** @type {number} */ k) => {
      const a = pts[Math.max(0, k - 1)], b = pts[Math.min(pts.length - 1, k + 1)];
      const dx = b.x - a.x, dy = b.y - a.y, l = Math.hypot(dx, dy) || 1;
      return { x: p.x - dy / l * off, y: p.y + dx / l * off };
    });
    const color = colors[h.player];
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = kit.alpha(color, 0.35);
    ctx.lineWidth = R * 0.22;
    ctx.beginPath();
    shifted.forEach((/** @type {any} */ p, /** @type {number} */ k) => k ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y));
    ctx.stroke();
    // The belt's edges, then chevrons travelling from the resource towards the base.
    ctx.strokeStyle = kit.alpha(color, 0.8);
    ctx.lineWidth = Math.max(1, R * 0.035);
    for (const side of [-1, 1]) {
      ctx.beginPath();
      shifted.forEach((/** @type {any} */ p, /** @type {number} */ k) => {
        const a = shifted[Math.max(0, k - 1)], b = shifted[Math.min(shifted.length - 1, k + 1)];
        const dx = b.x - a.x, dy = b.y - a.y, l = Math.hypot(dx, dy) || 1, w = side * R * 0.11;
        const x = p.x - dy / l * w, y = p.y + dx / l * w;
        if (k) ctx.lineTo(x, y); else ctx.moveTo(x, y);
      });
      ctx.stroke();
    }
    const fill = h.kind === 'egg' ? EGG : CRYSTAL;
    for (let k = 0; k + 1 < shifted.length; k++) {
      const a = shifted[k], b = shifted[k + 1];
      const dx = b.x - a.x, dy = b.y - a.y;
      for (const t0 of [0, 0.5]) {
        const t = (t0 + phase) % 1;
        kit.piece(ctx, 'chain', a.x + dx * t, a.y + dy * t, R * 0.09, (/** @type {CanvasRenderingContext2D} */ g) => {
          g.beginPath();
          g.moveTo(1, 0); g.lineTo(-1, 1); g.lineTo(-0.3, 0); g.lineTo(-1, -1);
          g.closePath();
          g.fillStyle = fill;
          g.fill();
        }, Math.atan2(dy, dx), { under: true });
      }
    }
    ctx.restore();
  }

  /**
   * Why the game ended before its turn limit, from the last frame: a player
   * deactivated, more than half of the crystals harvested, or none left.
   * @param {any} f
   */
  function endReason(f) {
    const out = [0, 1].filter((p) => f.players && f.players[p] && f.players[p].status !== 'active');
    if (out.length) return `${out.map((p) => env.names[p]).join(' and ')} deactivated`;
    const half = [0, 1].find((p) => f.scores[p] > setup.initialCrystal / 2);
    if (half !== undefined) return `${env.names[half]} has more than half of the crystals`;
    const left = cells.reduce((/** @type {number} */ n, /** @type {any} */ c, /** @type {number} */ k) => n + (c.type === 2 ? f.resources[k] : 0), 0);
    if (!left) return 'no crystal left';
    return f.turn < setup.maxTurns ? 'ended early' : '';
  }

  /** @param {any} f @param {number} p @param {number} c */
  function beacon(f, p, c) {
    return f.beacons && f.beacons[p] ? f.beacons[p][c] : 0;
  }

  /** A symbol drawn as on a board of 20-pixel cells (the legend's unit box is a tenth of one). @param {(g: CanvasRenderingContext2D) => void} draw */
  const cell = (draw) => (/** @type {CanvasRenderingContext2D} */ g) => { g.scale(0.1, 0.1); draw(g); };

  const symbols = [
    { label: 'a colony\'s ants on a cell, their number under them', draw: (/** @type {CanvasRenderingContext2D} */ g) => antShape(g, colors[0]) },
    { label: 'crystals (points) and eggs (new ants): their amount under them; three shards for 50 and more, two for 20 and more, one below, dim once harvested out', draw: (/** @type {CanvasRenderingContext2D} */ g) => crystalShape(g, 3) },
    { label: 'a beacon, with its strength when above 1', draw: cell((g) => {
      g.strokeStyle = '#e6edf3'; g.lineWidth = 1; g.beginPath(); g.moveTo(-3, 7); g.lineTo(-3, -7); g.stroke();
      g.fillStyle = colors[0]; g.beginPath(); g.moveTo(-3, -7); g.lineTo(5, -4); g.lineTo(-3, -1); g.closePath(); g.fill();
    }) },
    { label: 'a harvest chain: what runs from a resource to a base this turn, with "+N" gained', draw: cell((g) => {
      g.strokeStyle = kit.alpha(colors[1], 0.5); g.lineWidth = 5; g.lineCap = 'round'; g.beginPath(); g.moveTo(-9, 0); g.lineTo(9, 0); g.stroke();
      g.fillStyle = CRYSTAL;
      for (const x of [-4, 4]) { g.beginPath(); g.moveTo(x + 2, 0); g.lineTo(x - 2, 2); g.lineTo(x - 0.6, 0); g.lineTo(x - 2, -2); g.closePath(); g.fill(); }
    }) },
    { label: 'a base (anthill), in its colony\'s colour', draw: cell((g) => {
      kit.hexPath(g, 0, 0, 9.5); g.fillStyle = kit.mix('#252d36', colors[0], 0.22); g.fill(); g.strokeStyle = colors[0]; g.lineWidth = 1.5; g.stroke();
      nest(g, 0, 0, 10, colors[0]);
    }) },
  ];

  const r = {
    symbols,
    colors,
    animate: true,
    options: [
      { id: 'debug', label: 'Debug mode (movement arrows)', values: ['OFF', 'ON', 'BLUE', 'RED'], value: 'OFF', key: 'M', help: 'debug mode: movement arrows for both players, blue, red, or none' },
      { id: 'ants', label: 'Ants', values: ['NUMBERS', 'PARTICLES'], value: 'NUMBERS', key: 'A', help: 'ants as numbers or particles' },
      { id: 'chains', label: 'Harvest chains', values: [true, false], value: true, key: 'C', help: 'show or hide the harvest chains' },
      { id: 'beacons', label: 'Beacons', values: [true, false], value: true, key: 'B', help: 'show or hide the beacons' },
      { id: 'indices', label: 'Cell indices', values: [false, true], value: false, key: 'I', help: 'show the cell indices' },
    ],

    /** @param {CanvasRenderingContext2D} ctx @param {any} f @param {number} i @param {any} view */
    draw(ctx, f, i, view) {
      const { R, at } = layout(view);
      const o = view.options;
      const L = kit.labels(view); // the numbers on the board, kept apart
      const anim = view.prev && view.progress < 1 ? view.progress : 1;
      const base = anim < 1 ? view.prev : f; // ants at rest during the move: the previous turn's
      ctx.fillStyle = '#11161b';
      ctx.fillRect(0, 0, view.width, view.height);

      // Cells, bases and resources.
      cells.forEach((/** @type {any} */ c, /** @type {number} */ k) => {
        const p = at[k];
        kit.hexPath(ctx, p.x, p.y, R * 0.95);
        const ow = owner[k];
        ctx.fillStyle = ow >= 0 ? kit.mix('#252d36', colors[ow], 0.22) : c.type === 2 ? '#1f2b33' : c.type === 1 ? '#2b2a25' : '#232a32';
        ctx.fill();
        ctx.strokeStyle = ow >= 0 ? colors[ow] : '#39434e';
        ctx.lineWidth = ow >= 0 ? Math.max(2, R * 0.08) : 1;
        ctx.stroke();
        if (ow >= 0) nest(ctx, p.x, p.y, R, colors[ow]);
        // The amounts before the harvest until the ants have walked, then
        // after it: a cell harvested this turn bounces, and one whose pile
        // shrank bursts.
        const was = view.prev ? view.prev.resources[k] : f.resources[k];
        const res = anim < HARVEST ? was : f.resources[k];
        if (c.type === 2 || c.type === 1) {
          const full = Math.max(1, startRes[k]);
          const sz = R * (0.38 + 0.3 * Math.min(1, res / full));
          const n = pile(res), egg = c.type === 1;
          const kind = `${egg ? 'egg' : 'crystal'}:${n || 'empty'}`;
          const squash = anim < 1 && was !== f.resources[k] ? 0.12 * Math.sin(anim * Math.PI * 6) * (1 - anim) : 0;
          kit.piece(ctx, kind, p.x, p.y - R * (egg ? 0.1 : 0.12), sz, (/** @type {CanvasRenderingContext2D} */ g) => {
            if (squash) g.scale(1 + squash, 1 - squash);
            if (egg) eggShape(g, n); else crystalShape(g, n);
          });
          if (anim >= HARVEST && anim < 1 && pile(was) > pile(f.resources[k])) burst(ctx, k, p.x, p.y - R * 0.1, R * 0.9, egg, (anim - HARVEST) / (1 - HARVEST));
          if (res > 0) L.text(ctx, String(res), p.x, p.y + R * 0.38, { size: Math.max(9, R * 0.3), bold: true, color: egg ? EGG : CRYSTAL });
        }
        if (o.indices) kit.text(ctx, String(k), p.x, p.y - R * 0.66, { size: Math.max(8, R * 0.22), color: '#8b96a3' });
      });

      // Hover highlight.
      if (view.hover) {
        const k = cellAt(view, view.hover.x, view.hover.y);
        if (k >= 0) {
          kit.hexPath(ctx, at[k].x, at[k].y, R * 0.95);
          ctx.strokeStyle = '#fff';
          ctx.lineWidth = 2;
          ctx.stroke();
        }
      }

      // This turn's harvest chains, shown through the whole turn: they fade
      // in while the ants walk, and their conveyors run as the turn plays.
      if (o.chains) {
        for (const h of f.harvests || []) chain(ctx, h, at, R, 0.25 + 0.5 * anim, 0.35 + 0.65 * kit.ease(anim));
      }

      // Beacons: a flag per player in the upper corners of the cell.
      if (o.beacons) {
        for (let p = 0; p < 2; p++) {
          cells.forEach((/** @type {any} */ _, /** @type {number} */ k) => {
            const b = beacon(f, p, k);
            if (!b) return;
            const x = at[k].x + (p ? 0.38 : -0.38) * R, y = at[k].y - 0.45 * R;
            ctx.save();
            ctx.strokeStyle = '#e6edf3';
            ctx.lineWidth = Math.max(1, R * 0.04);
            ctx.beginPath();
            ctx.moveTo(x, y + R * 0.22);
            ctx.lineTo(x, y - R * 0.2);
            ctx.stroke();
            ctx.fillStyle = colors[p];
            ctx.beginPath();
            ctx.moveTo(x, y - R * 0.2);
            ctx.lineTo(x + (p ? -1 : 1) * R * 0.22, y - R * 0.12);
            ctx.lineTo(x, y - R * 0.04);
            ctx.closePath();
            ctx.fill();
            ctx.restore();
            if (b > 1) L.text(ctx, String(b), x + (p ? -1 : 1) * R * 0.14, y + R * 0.12, { size: Math.max(8, R * 0.2), color: colors[p] });
          });
        }
      }

      // Ants at rest.
      const moving = anim < 1 ? f.moves || [] : [];
      const out = [new Map(), new Map()];
      for (const m of moving) out[m.player].set(m.from, (out[m.player].get(m.from) || 0) + m.count);
      for (let p = 0; p < 2; p++) {
        cells.forEach((/** @type {any} */ _, /** @type {number} */ k) => {
          const n = base.ants[p][k] - (out[p].get(k) || 0);
          if (n <= 0) return;
          if (o.ants === 'PARTICLES') particles(ctx, k, p, n, at[k], R);
          else {
            // An ant of the colony, its number under it.
            const x = at[k].x + (p ? 0.45 : -0.45) * R;
            kit.piece(ctx, 'ant', x, at[k].y - 0.08 * R, R * 0.32, (/** @type {CanvasRenderingContext2D} */ g) => antShape(g, colors[p]), p ? 0.35 : -0.35);
            L.badge(ctx, String(n), x, at[k].y + 0.4 * R, { bg: colors[p], size: Math.max(8, R * 0.24) });
          }
        });
      }

      // Ants on the move (the animation of the turn).
      for (const m of moving) {
        const a = at[m.from], b = at[m.to], t = kit.ease(anim);
        const x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t;
        if (o.ants === 'PARTICLES') {
          ctx.fillStyle = colors[m.player];
          for (let k = 0; k < Math.min(m.count, 20); k++) {
            const jx = (kit.hash(m.from, m.to, k) - 0.5) * R * 0.5, jy = (kit.hash(k, m.to, m.from) - 0.5) * R * 0.5;
            ctx.beginPath();
            ctx.arc(x + jx, y + jy, Math.max(1.2, R * 0.06), 0, Math.PI * 2);
            ctx.fill();
          }
        } else {
          // The ants walk head first towards the cell they go to.
          const ax = x + (m.player ? 0.2 : -0.2) * R;
          kit.piece(ctx, 'ant', ax, y - 0.08 * R, R * 0.32, (/** @type {CanvasRenderingContext2D} */ g) => antShape(g, colors[m.player]), Math.atan2(b.y - a.y, b.x - a.x) + Math.PI / 2);
          L.badge(ctx, String(m.count), ax, y + 0.4 * R, { bg: colors[m.player], size: Math.max(8, R * 0.24), border: '#fff' });
        }
      }

      // Debug mode: this turn's moves as arrows labelled with the number of ants.
      if (o.debug !== 'OFF' && anim === 1) {
        for (const m of f.moves || []) {
          if ((o.debug === 'BLUE' && m.player !== 0) || (o.debug === 'RED' && m.player !== 1)) continue;
          const a = at[m.from], b = at[m.to];
          const dx = b.x - a.x, dy = b.y - a.y, l = Math.hypot(dx, dy) || 1;
          const off = (m.player ? 1 : -1) * R * 0.16;
          const ox = -dy / l * off, oy = dx / l * off;
          kit.arrow(ctx, a.x + ox, a.y + oy, b.x + ox, b.y + oy, { color: kit.mix(colors[m.player], '#ffffff', 0.25), width: Math.max(1.5, R * 0.07), gap: R * 0.35 });
          L.badge(ctx, String(m.count), (a.x + b.x) / 2 + ox * 1.6, (a.y + b.y) / 2 + oy * 1.6, { bg: '#0d1116', fg: colors[m.player], size: Math.max(8, R * 0.22), border: colors[m.player] });
        }
      }

      // Harvest gains (floating up from the resource as the turn plays), and
      // ants hatched on the bases: on screen through the whole turn.
      {
        const rise = (1 - anim) * 0.25 * R;
        const gains = (f.harvests || []).slice().sort((/** @type {any} */ a, /** @type {any} */ b) => a.player - b.player);
        const seen = new Map();
        for (const h of gains) {
          const n = seen.get(h.cell) || 0;
          seen.set(h.cell, n + 1);
          const p = at[h.cell];
          L.badge(ctx, `+${h.amount}`, p.x + (n ? 0.3 : -0.3) * R, p.y - 0.62 * R + rise, { bg: colors[h.player], size: Math.max(8, R * 0.24) });
        }
        for (let p = 0; p < 2; p++) {
          (f.spawned && f.spawned[p] || []).forEach((/** @type {number} */ n, /** @type {number} */ k) => {
            if (n > 0) L.badge(ctx, `+${n} ants`, at[k].x, at[k].y + 0.7 * R + rise, { bg: '#0d1116', fg: EGG, border: colors[p], size: Math.max(8, R * 0.22) });
          });
        }
      }

      // Turn and end banner.
      // The controls' counter (the match's turns), then the game's limit.
      kit.status(ctx, `${view.counter || `Turn ${i}`} \u00b7 at most ${setup.maxTurns} turns`, view);
      if (f.end) {
        const w = f.end.winner;
        const text = w < 0 ? 'Draw' : `${env.names[w]} wins`;
        // The winner's score first (by rank, not by seat), and why the game
        // ended before its last turn.
        const order = w === 1 ? [1, 0] : [0, 1];
        const why = endReason(f);
        kit.banner(ctx, `${text}: ${order.map((p) => f.end.texts[p]).join(' - ')}${why ? ` \u00b7 ${why}` : ''}`, view, { bg: w < 0 ? '#444' : colors[w], size: 16 });
      }
    },

    /** @param {any} f @param {number} i @param {number} x @param {number} y @param {any} view */
    hover(f, i, x, y, view) {
      const k = cellAt(view, x, y);
      if (k < 0) return null;
      const c = cells[k];
      const lines = [`Cell index: ${k}`];
      for (let p = 0; p < 2; p++) if (f.ants[p][k] > 0) lines.push(`${NAMES[p]} ants: ${f.ants[p][k]}`);
      for (let p = 0; p < 2; p++) if (beacon(f, p, k) > 0) lines.push(`${NAMES[p]} beacon: ${beacon(f, p, k)}`);
      const res = f.resources[k];
      if (res > 0) lines.push(`${res} ${c.type === 1 ? 'eggs' : 'crystals'}`);
      const by = [0, 1].filter((p) => f.harvestedFrom && f.harvestedFrom[p].includes(k));
      if (by.length === 2) lines.push('Both players harvest here');
      else if (by.length === 1) lines.push(`${NAMES[by[0]]} harvests here`);
      for (const h of f.harvests || []) {
        if (!h.path.includes(k)) continue;
        const unit = h.kind === 'egg' ? 'ant' : 'point';
        const from = h.cell === k ? '' : ` (chain from cell ${h.cell})`;
        lines.push(`${NAMES[h.player]}: Earned ${h.amount} ${unit}${h.amount === 1 ? '' : 's'}${from}`);
      }
      if (owner[k] >= 0) lines.push(`${NAMES[owner[k]]} base (${env.names[owner[k]]})`);
      lines.push('', `Type: ${['empty', 'egg', 'crystal'][c.type]}`, `Neighbours: ${c.neighbors.join(' ')}`);
      return lines;
    },

    /** @param {any} f */
    scores(f) {
      // The crystal race in the top bar: what each colony still needs to
      // hold more than half of the crystals, which ends the game.
      const win = Math.floor(setup.initialCrystal / 2) + 1;
      return [0, 1].map((p) => {
        const s = f.end ? f.end.scores[p] : f.scores[p];
        return {
          score: s, detail: `${f.antTotals[p]} ants`,
          aside: f.end ? '' : `${Math.max(0, win - f.scores[p])} to go`,
          progress: Math.min(1, f.scores[p] / win),
          asideTitle: `crystals still to harvest to hold more than half of the ${setup.initialCrystal} (${win}), which wins at once`,
        };
      });
    },

    /** @param {any} f */
    messages(f) {
      return (f.messages || []).map((/** @type {string} */ m) => m || null);
    },

    /** @param {any} f */
    status(f) {
      return (f.players || []).map((/** @type {any} */ p) => p.status === 'active' ? null : `${p.status}${p.error ? ': ' + p.error : ''}`);
    },

    /** @param {any} f */
    legend(f) {
      const dom = kit.h;
      const half = setup.initialCrystal / 2;
      const bars = [0, 1].map((p) => {
        const pct = Math.min(100, 100 * f.scores[p] / Math.max(1, half));
        return dom('div', { class: 'meter' }, dom('span', { class: 'swatch', style: { background: colors[p] } }),
          dom('span', { class: 'bar' }, dom('span', { style: { width: `${pct.toFixed(1)}%`, background: colors[p] } })),
          dom('span', { class: 'dim' }, `${f.scores[p]} / ${Math.floor(half) + 1}`));
      });
      const name = (/** @type {string} */ s) => String(s).replace(/\$(\d)/g, (_, d) => env.names[Number(d)] || `$${d}`);
      const errors = [0, 1].flatMap((p) => (f.players[p].errors || []).map((/** @type {string} */ e) => dom('div', { class: 'bad' }, `${env.names[p]}: ${e}`)));
      const summary = (f.summary || []).map((/** @type {string} */ s) => dom('div', null, name(s)));
      return [dom('h3', null, 'Crystal race ', dom('span', { class: 'dim' }, `(win: more than half of ${setup.initialCrystal})`)), bars,
        summary.length || errors.length ? [dom('h3', null, `Turn ${f.turn}`), dom('div', { class: 'log' }, summary, errors)] : null];
    },
  };
  return r;
}
