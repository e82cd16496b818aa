// @ts-check
// Jungle Blitz (Coveo Blitz 2022): the jungle's tiles, the diamonds (colour
// by summon level, size by pending points), the teams' units (one animal per
// team, glowing turquoise while summoning, carrying their diamond), this
// tick's vines (to where the pulled unit stood, a loop around it), attacks,
// drops and deaths, the units' stored paths (P), coordinates (G)
// and the diamond legend (D) with every team's pending points.
// Frames: docs/games/jungle.md ("Viewer frames"): ViewerTick-shaped.

const ANIMALS = ['Crocodile', 'Eagle', 'Jaguar', 'Snake'];
const TILE_NAMES = ['floor', 'spawn', 'diamond', 'water wall', 'stone wall', 'trap'];
const LEVEL_COLORS = ['#9fe7ff', '#4ee07a', '#ffd43b', '#ff8a3d', '#ff4fd8'];
const SIZES = [
  { name: 'XS', min: 0, max: 4, k: 0.34 },
  { name: 'S', min: 5, max: 9, k: 0.42 },
  { name: 'M', min: 10, max: 49, k: 0.52 },
  { name: 'L', min: 50, max: 99, k: 0.62 },
  { name: 'XL', min: 100, max: Infinity, k: 0.74 },
];

const INK = '#0b0e12';
/** The summon glow's colour: the 2022 viewer's jewel turquoise. */
const GLOW = '#27d9db';
/** The summon glow's radius, in tiles, for a diamond's level (1 to 5). @param {number} L */
const glowRadius = (L) => 0.6 + 0.08 * L;
/** The radius of the vine's loop around a vined unit, in tiles. */
const LASSO = 0.46;
/** The ticks a death stays marked on the board (fading). */
const DEATH_TICKS = 8;

/**
 * The teams' animals, each in a unit box facing right (the crocodile, the
 * eagle) or the viewer (the jaguar, the snake's coil), filled with the
 * team's colour. Drawn for Arena from plain paths.
 * @type {((g: CanvasRenderingContext2D, color: string) => void)[]}
 */
const DRAW_ANIMAL = [
  // Crocodile: a long head in profile, the eye on a bump, a row of teeth.
  (g, color) => {
    g.lineJoin = 'round';
    g.beginPath();
    g.moveTo(-0.95, 0.35);
    g.lineTo(-0.95, -0.3);
    g.quadraticCurveTo(-0.75, -0.55, -0.55, -0.72);
    g.quadraticCurveTo(-0.3, -0.72, -0.2, -0.38);
    g.lineTo(0.8, -0.3);
    g.quadraticCurveTo(1.05, -0.22, 1.0, 0.02);
    g.quadraticCurveTo(0.95, 0.22, 0.7, 0.25);
    g.lineTo(-0.4, 0.55);
    g.quadraticCurveTo(-0.8, 0.62, -0.95, 0.35);
    g.closePath();
    g.fillStyle = color;
    g.fill();
    g.lineWidth = 0.1;
    g.strokeStyle = INK;
    g.stroke();
    // The mouth line, and white teeth along it.
    g.beginPath();
    g.moveTo(0.9, 0.06);
    g.lineTo(-0.55, 0.22);
    g.lineWidth = 0.07;
    g.stroke();
    g.fillStyle = '#ffffff';
    for (const x of [0.7, 0.42, 0.14, -0.14]) {
      const y = 0.06 + (0.9 - x) * 0.11;
      g.beginPath();
      g.moveTo(x - 0.09, y - 0.01); g.lineTo(x, y + 0.15); g.lineTo(x + 0.09, y - 0.01);
      g.closePath();
      g.fill();
    }
    // Scales: a few darker ridges on the back.
    g.fillStyle = 'rgba(0,0,0,.3)';
    for (const x of [0.05, 0.35, 0.62]) { g.beginPath(); g.arc(x, -0.3, 0.07, Math.PI, 0); g.fill(); }
    // The eye and the nostril.
    g.fillStyle = '#f5e663';
    g.beginPath(); g.arc(-0.52, -0.45, 0.17, 0, Math.PI * 2); g.fill();
    g.lineWidth = 0.05; g.stroke();
    g.fillStyle = INK;
    g.beginPath(); g.ellipse(-0.5, -0.45, 0.04, 0.13, 0, 0, Math.PI * 2); g.fill();
    g.beginPath(); g.arc(0.86, -0.18, 0.05, 0, Math.PI * 2); g.fill();
  },
  // Eagle: a round head in profile, a crest, a hooked yellow beak.
  (g, color) => {
    g.lineJoin = 'round';
    g.beginPath();
    g.moveTo(-0.5, -0.55);
    g.lineTo(-1.0, -0.55);
    g.lineTo(-0.72, -0.3);
    g.lineTo(-1.05, -0.1);
    g.lineTo(-0.72, 0.08);
    g.lineTo(-0.95, 0.35);
    g.lineTo(-0.55, 0.4);
    g.lineTo(-0.45, 0.95);
    g.lineTo(0.15, 0.95);
    g.lineTo(0.3, 0.45);
    g.quadraticCurveTo(0.55, 0.0, 0.35, -0.45);
    g.quadraticCurveTo(0.0, -0.85, -0.5, -0.55);
    g.closePath();
    g.fillStyle = color;
    g.fill();
    g.lineWidth = 0.1;
    g.strokeStyle = INK;
    g.stroke();
    // The beak, hooked down at its tip.
    g.beginPath();
    g.moveTo(0.3, -0.35);
    g.quadraticCurveTo(0.8, -0.5, 1.0, -0.1);
    g.quadraticCurveTo(1.05, 0.2, 0.85, 0.3);
    g.quadraticCurveTo(0.85, 0.08, 0.7, 0.05);
    g.lineTo(0.35, 0.12);
    g.closePath();
    g.fillStyle = '#ffc83d';
    g.fill();
    g.lineWidth = 0.08;
    g.stroke();
    // A fierce eye under a dark brow.
    g.fillStyle = '#ffffff';
    g.beginPath(); g.arc(0.05, -0.25, 0.17, 0, Math.PI * 2); g.fill();
    g.fillStyle = INK;
    g.beginPath(); g.arc(0.09, -0.25, 0.09, 0, Math.PI * 2); g.fill();
    g.lineWidth = 0.1;
    g.beginPath(); g.moveTo(-0.2, -0.5); g.lineTo(0.3, -0.36); g.stroke();
  },
  // Jaguar: a face seen from the front, round ears, rosettes, a muzzle.
  (g, color) => {
    g.lineWidth = 0.09;
    g.strokeStyle = INK;
    for (const e of [-1, 1]) {
      g.beginPath(); g.arc(e * 0.58, -0.58, 0.3, 0, Math.PI * 2);
      g.fillStyle = color; g.fill(); g.stroke();
      g.beginPath(); g.arc(e * 0.58, -0.58, 0.14, 0, Math.PI * 2);
      g.fillStyle = 'rgba(0,0,0,.45)'; g.fill();
    }
    g.beginPath(); g.ellipse(0, 0.05, 0.88, 0.78, 0, 0, Math.PI * 2);
    g.fillStyle = color; g.fill(); g.stroke();
    // Rosettes: dark rings on the forehead and the cheeks.
    g.strokeStyle = 'rgba(0,0,0,.5)';
    g.lineWidth = 0.07;
    for (const [x, y] of [[0, -0.5], [-0.32, -0.45], [0.32, -0.45], [-0.62, 0.05], [0.62, 0.05], [-0.55, 0.38], [0.55, 0.38]]) {
      g.beginPath(); g.arc(x, y, 0.08, 0, Math.PI * 2); g.stroke();
    }
    // The muzzle, the nose, the eyes.
    g.beginPath(); g.ellipse(0, 0.38, 0.4, 0.3, 0, 0, Math.PI * 2);
    g.fillStyle = '#f3ead8'; g.fill();
    g.fillStyle = INK;
    g.beginPath(); g.moveTo(-0.14, 0.18); g.lineTo(0.14, 0.18); g.lineTo(0, 0.33); g.closePath(); g.fill();
    g.strokeStyle = INK;
    g.lineWidth = 0.05;
    g.beginPath(); g.moveTo(0, 0.33); g.lineTo(0, 0.45); g.moveTo(-0.16, 0.52); g.quadraticCurveTo(0, 0.45, 0.16, 0.52); g.stroke();
    for (const e of [-1, 1]) {
      g.beginPath(); g.ellipse(e * 0.33, -0.1, 0.17, 0.12, e * 0.3, 0, Math.PI * 2);
      g.fillStyle = '#d7f26b'; g.fill();
      g.fillStyle = INK;
      g.beginPath(); g.ellipse(e * 0.33, -0.1, 0.04, 0.11, 0, 0, Math.PI * 2); g.fill();
    }
  },
  // Snake: a body in an S, thick at the middle, tapering to the tail, the
  // head raised at its front with yellow eyes and a forked tongue.
  (g, color) => {
    g.lineCap = 'round';
    g.lineJoin = 'round';
    const body = () => {
      g.beginPath();
      g.moveTo(-0.95, 0.62);
      g.bezierCurveTo(-0.55, 0.95, -0.75, -0.2, -0.3, -0.05);
      g.bezierCurveTo(0.1, 0.1, 0.0, 0.75, 0.35, 0.45);
      g.quadraticCurveTo(0.5, 0.3, 0.52, -0.05);
    };
    for (const [w, style] of /** @type {[number, string][]} */ ([[0.42, INK], [0.3, color]])) {
      body();
      g.strokeStyle = style;
      g.lineWidth = w;
      g.stroke();
    }
    // Scales: dark bands across the back, and a lighter belly line.
    body();
    g.setLineDash([0.07, 0.13]);
    g.strokeStyle = 'rgba(0,0,0,.4)';
    g.lineWidth = 0.3;
    g.stroke();
    g.setLineDash([]);
    body();
    g.strokeStyle = 'rgba(255,255,255,.3)';
    g.lineWidth = 0.06;
    g.stroke();
    // The tongue, then the head over the neck.
    g.strokeStyle = '#ff3b3b';
    g.lineWidth = 0.06;
    g.beginPath(); g.moveTo(0.78, -0.42); g.lineTo(0.98, -0.55); g.moveTo(0.9, -0.5); g.lineTo(1.0, -0.45); g.moveTo(0.9, -0.5); g.lineTo(0.95, -0.64); g.stroke();
    g.beginPath();
    g.ellipse(0.58, -0.25, 0.3, 0.22, -0.6, 0, Math.PI * 2);
    g.fillStyle = color;
    g.fill();
    g.strokeStyle = INK;
    g.lineWidth = 0.08;
    g.stroke();
    for (const [x, y] of [[0.5, -0.38], [0.7, -0.18]]) {
      g.fillStyle = '#f5e663';
      g.beginPath(); g.arc(x, y, 0.07, 0, Math.PI * 2); g.fill();
      g.fillStyle = INK;
      g.beginPath(); g.ellipse(x + 0.01, y, 0.02, 0.05, -0.6, 0, Math.PI * 2); g.fill();
    }
  },
];

/** @param {number} points */
function sizeOf(points) {
  return SIZES.find((s) => points <= s.max) || SIZES[SIZES.length - 1];
}

/** @param {any} replay @param {{colors: string[], names: string[], kit: any}} env */
export default function create(replay, env) {
  const kit = env.kit;
  const map = replay.initial.map;
  const W = Number(map.width), H = Number(map.height);
  const vt = map.viewerTiles; // [x][y]
  const tiles = map.tiles; // [x][y]
  const cfg = replay.initial.gameConfig || {};
  const maxLevel = cfg.maximumDiamondSummonLevel || 5;

  /** @param {any} view */
  function layout(view) {
    // Room at the top for the tick line.
    const f = kit.fitBanded(W, H + 0.6, view, 12);
    return { s: f.s, ox: f.ox, oy: f.oy + f.s * 0.6 };
  }

  /** @param {any} view @param {number} x @param {number} y */
  function tileAt(view, x, y) {
    const { s, ox, oy } = layout(view);
    const tx = Math.floor((x - ox) / s), ty = Math.floor((y - oy) / s);
    return tx >= 0 && ty >= 0 && tx < W && ty < H ? { x: tx, y: ty } : null;
  }

  /** Every unit of a frame with its team index. @param {any} f */
  function units(f) {
    /** @type {any[]} */
    const out = [];
    (f.teams || []).forEach((/** @type {any} */ t, /** @type {number} */ k) => {
      for (const u of t.units) out.push({ ...u, team: k });
    });
    return out;
  }

  /**
   * A diamond, drawn by its summon level: level 1 is a rough stone, each
   * level adds cut facets, from level 3 a brilliant, sparkles at 4 and a
   * halo of rays at 5; its colour is the level's too.
   * @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} r @param {number} level
   */
  function gem(ctx, cx, cy, r, level) {
    const L = Math.max(1, Math.min(LEVEL_COLORS.length, level));
    kit.piece(ctx, `gem:${L}`, cx, cy, r, (/** @type {CanvasRenderingContext2D} */ g) => gemShape(g, L));
  }

  /** A diamond in a unit box. @param {CanvasRenderingContext2D} g @param {number} L */
  function gemShape(g, L) {
    const c = LEVEL_COLORS[L - 1];
    g.lineJoin = 'round';
    if (L >= 5) {
      // A halo of rays behind the stone.
      g.strokeStyle = kit.alpha(c, 0.8);
      g.lineWidth = 0.09;
      g.beginPath();
      for (let k = 0; k < 8; k++) {
        const a = k * Math.PI / 4 + Math.PI / 8;
        g.moveTo(Math.cos(a) * 0.95, Math.sin(a) * 0.95);
        g.lineTo(Math.cos(a) * 1.25, Math.sin(a) * 1.25);
      }
      g.stroke();
    }
    g.shadowColor = c;
    g.shadowBlur = 6;
    g.beginPath();
    if (L === 1) {
      // Uncut: a rough pebble.
      const pts = [[-0.85, 0.1], [-0.55, -0.6], [0.1, -0.8], [0.75, -0.45], [0.9, 0.2], [0.35, 0.8], [-0.45, 0.7]];
      pts.forEach(([x, y], k) => k ? g.lineTo(x, y) : g.moveTo(x, y));
    } else {
      g.moveTo(-1, -0.25);
      g.lineTo(-0.55, -0.75);
      g.lineTo(0.55, -0.75);
      g.lineTo(1, -0.25);
      g.lineTo(0, 0.95);
    }
    g.closePath();
    g.fillStyle = c;
    g.fill();
    g.shadowBlur = 0;
    g.strokeStyle = 'rgba(0,0,0,.6)';
    g.lineWidth = 0.1;
    g.stroke();
    // Facets: more with every level.
    g.strokeStyle = 'rgba(255,255,255,.65)';
    g.lineWidth = 0.07;
    g.beginPath();
    if (L === 1) {
      g.moveTo(-0.55, -0.6); g.lineTo(-0.1, -0.05); g.lineTo(0.75, -0.45);
      g.moveTo(-0.1, -0.05); g.lineTo(0.35, 0.8);
    } else {
      g.moveTo(-1, -0.25); g.lineTo(1, -0.25);
      g.moveTo(-0.3, -0.25); g.lineTo(0, 0.95); g.lineTo(0.3, -0.25);
      if (L >= 3) {
        g.moveTo(-0.55, -0.75); g.lineTo(-0.3, -0.25); g.lineTo(0, -0.75); g.lineTo(0.3, -0.25); g.lineTo(0.55, -0.75);
        g.moveTo(-1, -0.25); g.lineTo(0, 0.95); g.lineTo(1, -0.25);
      }
    }
    g.stroke();
    if (L >= 4) {
      // Sparkles.
      g.fillStyle = '#ffffff';
      for (const [x, y, k] of [[-0.45, -0.5, 0.32], [0.62, 0.1, 0.24]]) {
        g.beginPath();
        g.moveTo(x, y - k); g.lineTo(x + k * 0.25, y); g.lineTo(x, y + k); g.lineTo(x - k * 0.25, y);
        g.closePath();
        g.moveTo(x - k, y); g.lineTo(x, y - k * 0.25); g.lineTo(x + k, y); g.lineTo(x, y + k * 0.25);
        g.closePath();
        g.fill();
      }
    }
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} s @param {number} code */
  function tile(ctx, x, y, s, code) {
    const X = x * s, Y = y * s;
    const n = kit.hash(x, y);
    if (code === 4) { // stone wall
      ctx.fillStyle = '#5b5e63';
      ctx.fillRect(X, Y, s + 0.5, s + 0.5);
      ctx.strokeStyle = 'rgba(0,0,0,.35)';
      ctx.lineWidth = Math.max(1, s * 0.04);
      ctx.beginPath();
      ctx.moveTo(X, Y + s / 2); ctx.lineTo(X + s, Y + s / 2);
      ctx.moveTo(X + s * (0.3 + 0.2 * n), Y); ctx.lineTo(X + s * (0.3 + 0.2 * n), Y + s / 2);
      ctx.moveTo(X + s * (0.6 + 0.2 * n), Y + s / 2); ctx.lineTo(X + s * (0.6 + 0.2 * n), Y + s);
      ctx.stroke();
      ctx.fillStyle = 'rgba(255,255,255,.07)';
      ctx.fillRect(X, Y, s, s * 0.08);
      return;
    }
    if (code === 3) { // water wall
      ctx.fillStyle = '#1c5a80';
      ctx.fillRect(X, Y, s + 0.5, s + 0.5);
      ctx.strokeStyle = 'rgba(160,215,245,.45)';
      ctx.lineWidth = Math.max(1, s * 0.05);
      for (const dy of [0.33, 0.66]) {
        ctx.beginPath();
        ctx.moveTo(X + s * 0.12, Y + s * dy);
        ctx.quadraticCurveTo(X + s * 0.31, Y + s * (dy - 0.1), X + s * 0.5, Y + s * dy);
        ctx.quadraticCurveTo(X + s * 0.69, Y + s * (dy + 0.1), X + s * 0.88, Y + s * dy);
        ctx.stroke();
      }
      return;
    }
    ctx.fillStyle = code === 1 ? '#5b3a2c' : kit.mix('#244a2a', '#2d5832', n);
    ctx.fillRect(X, Y, s + 0.5, s + 0.5);
    if (code === 1) { // spawn: a dashed pad
      ctx.strokeStyle = 'rgba(255,190,140,.5)';
      ctx.setLineDash([s * 0.12, s * 0.08]);
      ctx.lineWidth = Math.max(1, s * 0.05);
      ctx.strokeRect(X + s * 0.15, Y + s * 0.15, s * 0.7, s * 0.7);
      ctx.setLineDash([]);
    } else {
      // Grass tufts, and spikes on a trap.
      ctx.strokeStyle = 'rgba(120,190,110,.35)';
      ctx.lineWidth = Math.max(1, s * 0.035);
      for (let k = 0; k < 3; k++) {
        const gx = X + s * kit.hash(x, y, k), gy = Y + s * kit.hash(y, x, k + 9);
        ctx.beginPath();
        ctx.moveTo(gx - s * 0.05, gy - s * 0.08); ctx.lineTo(gx, gy); ctx.lineTo(gx + s * 0.05, gy - s * 0.08);
        ctx.stroke();
      }
      if (code === 5) {
        ctx.fillStyle = '#9a9a9a';
        for (let k = 0; k < 3; k++) {
          const bx = X + s * (0.22 + k * 0.28);
          ctx.beginPath();
          ctx.moveTo(bx - s * 0.1, Y + s * 0.72); ctx.lineTo(bx, Y + s * 0.35); ctx.lineTo(bx + s * 0.1, Y + s * 0.72);
          ctx.fill();
        }
      }
    }
  }

  // The static map, drawn once per size into an offscreen canvas.
  /** @type {{key: string, canvas: HTMLCanvasElement}|null} */
  let bg = null;
  /** @param {number} s */
  function background(s) {
    const dpr = window.devicePixelRatio || 1;
    const key = `${s}:${dpr}`;
    if (bg && bg.key === key) return bg.canvas;
    const c = document.createElement('canvas');
    c.width = Math.ceil(W * s * dpr);
    c.height = Math.ceil(H * s * dpr);
    const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    g.scale(dpr, dpr);
    for (let x = 0; x < W; x++) for (let y = 0; y < H; y++) tile(g, x, y, s, vt[x][y]);
    bg = { key, canvas: c };
    return c;
  }

  /**
   * The unit's tile bordered and tinted in its team's colour: whose unit it
   * is reads at a glance, whatever the animal. Drawn for every unit before
   * any unit, so that no tile covers another unit's tag.
   * @param {CanvasRenderingContext2D} ctx @param {any} u @param {number} cx @param {number} cy @param {number} s
   */
  function unitTile(ctx, u, cx, cy, s) {
    const color = env.colors[u.team % env.colors.length];
    // In the piece's unit box (the tile's half side is 1): the border's width and inset.
    const w = 2 * Math.max(2, s * 0.08) / s, e = w / 2 + 0.06;
    kit.piece(ctx, 'tile', cx, cy, s / 2, (/** @type {CanvasRenderingContext2D} */ g) => {
      g.fillStyle = kit.mix('#0b0e12', color, 0.35);
      g.globalAlpha *= 0.55;
      g.fillRect(-1 + e, -1 + e, 2 - 2 * e, 2 - 2 * e);
      g.globalAlpha /= 0.55;
      g.strokeStyle = color;
      g.lineWidth = w;
      g.strokeRect(-1 + e, -1 + e, 2 - 2 * e, 2 - 2 * e);
    }, 0, { under: true });
  }

  /**
   * The summon glow, as the 2022 viewer's: a turquoise halo around a
   * summoning unit, the wider the higher its diamond's level (that viewer's
   * glow grows from 5 to 40 px over the five levels). Drawn before every
   * team tile, so that it shines around the unit's tile, not over a tile.
   * @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} s @param {number} level
   */
  function summonGlow(ctx, cx, cy, s, level) {
    const L = Math.max(1, Math.min(5, level || 1));
    const r = s * glowRadius(L);
    kit.piece(ctx, `summon:${L}`, cx, cy, r, (/** @type {CanvasRenderingContext2D} */ g) => {
      const inner = 0.62;
      const grad = g.createRadialGradient(0, 0, inner * 0.7, 0, 0, 1);
      grad.addColorStop(0, kit.alpha(GLOW, 0));
      grad.addColorStop(0.25, kit.alpha(GLOW, 0.95));
      grad.addColorStop(0.55, kit.alpha(GLOW, 0.7));
      grad.addColorStop(1, kit.alpha(GLOW, 0));
      g.fillStyle = grad;
      g.beginPath();
      g.arc(0, 0, 1, 0, Math.PI * 2);
      g.fill();
    }, 0, { under: true });
  }

  /**
   * Where a vined unit was pulled from: where it stood before the tick when
   * that is in line with the viner (a vine runs along a row or a column),
   * else where it landed.
   * @param {any} viner @param {any} t
   */
  function pulledFrom(viner, t) {
    const b = t.lastState && t.lastState.positionBefore, v = viner.position;
    return b && v && (b.x === v.x || b.y === v.y) ? b : t.position;
  }

  /** The diamond a unit holds, if any. @param {any} u @param {any} f */
  function held(u, f) {
    return u.hasDiamond ? (f.diamonds || []).find((/** @type {any} */ x) => x.id === u.diamondId || x.ownerId === u.id) : null;
  }

  /** @param {CanvasRenderingContext2D} ctx @param {any} u @param {number} cx @param {number} cy @param {number} s @param {any} f */
  function unit(ctx, u, cx, cy, s, f) {
    const color = env.colors[u.team % env.colors.length];
    const r = s * 0.36;
    const d = held(u, f);
    const animal = u.team % ANIMALS.length;
    kit.piece(ctx, `animal:${ANIMALS[animal]}`, cx, cy, r * 1.12, (/** @type {CanvasRenderingContext2D} */ g) => DRAW_ANIMAL[animal](g, color));
    if (d) gem(ctx, cx + r * 0.85, cy - r * 0.85, s * sizeOf(d.points).k * 0.32, d.summonLevel);
  }

  /**
   * The unit's id on a tag in the team's colour, at a size read from a
   * seat: drawn once every unit is, so that the labels keep off them all.
   * @param {CanvasRenderingContext2D} ctx @param {any} u @param {number} cx @param {number} cy @param {number} s @param {any} L the frame's labels
   */
  function unitTag(ctx, u, cx, cy, s, L) {
    const r = s * 0.36;
    L.badge(ctx, u.id, cx - r * 0.75, cy + r * 1.05, { bg: '#0b0e12', fg: '#ffffff', border: env.colors[u.team % env.colors.length], size: Math.max(11, s * 0.26) });
  }

  /**
   * A vine between two points, in the viner's colour over a dark edge (any
   * team's colour reads on the grass): a wavy rope drawn as a piece, in a
   * unit box along x from -1 to 1.
   * @param {CanvasRenderingContext2D} ctx @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 @param {number} s @param {string} color
   */
  function vine(ctx, x1, y1, x2, y2, s, color) {
    const dx = x2 - x1, dy = y2 - y1, half = Math.max(1e-6, Math.hypot(dx, dy) / 2);
    kit.piece(ctx, 'vine', (x1 + x2) / 2, (y1 + y2) / 2, half, (/** @type {CanvasRenderingContext2D} */ g) => vineShape(g, half, s, color), Math.atan2(dy, dx), { under: true });
  }

  /**
   * The vine in its unit box (x from -1 to 1), for a vine half as long as
   * `half` pixels on tiles of `s` pixels.
   * @param {CanvasRenderingContext2D} g @param {number} half @param {number} s @param {string} color
   */
  function vineShape(g, half, s, color) {
    const n = Math.max(4, Math.round(2 * half / (s * 0.25))), amp = s * 0.1 / half;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    for (const [w, style] of /** @type {[number, string][]} */ ([[Math.max(3, s * 0.13), INK], [Math.max(2, s * 0.08), color]])) {
      g.strokeStyle = style;
      g.lineWidth = w / half;
      g.beginPath();
      for (let k = 0; k <= n; k++) {
        const t = k / n;
        if (k) g.lineTo(-1 + 2 * t, Math.sin(t * Math.PI * n / 2) * amp); else g.moveTo(-1, 0);
      }
      g.stroke();
    }
    // Leaves along the rope, every other wave.
    g.fillStyle = kit.mix(color, '#ffffff', 0.35);
    for (let k = 1; k < n; k += 2) {
      g.beginPath();
      g.ellipse(-1 + 2 * k / n, 0, s * 0.07 / half, s * 0.04 / half, 0.6, 0, Math.PI * 2);
      g.fill();
    }
  }

  /**
   * The vine's loop around the unit it pulled, in the viner's colour (the
   * 2022 viewer borders a vined unit in the viner's colour): drawn over
   * the animal, so that who pulled whom reads at a glance.
   * @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} s @param {string} color
   */
  function lasso(ctx, cx, cy, s, color) {
    const r = s * LASSO;
    kit.piece(ctx, 'lasso', cx, cy, r, (/** @type {CanvasRenderingContext2D} */ g) => {
      for (const [w, style] of /** @type {[number, string][]} */ ([[Math.max(4, s * 0.15), INK], [Math.max(3, s * 0.1), color]])) {
        g.strokeStyle = style;
        g.lineWidth = w / r;
        g.beginPath();
        g.arc(0, 0, 1, 0, Math.PI * 2);
        g.stroke();
      }
    }, 0, { under: true });
  }

  /** @param {any} p */
  const fmt = (p) => p ? `(${p.x}, ${p.y})` : 'not spawned';

  /** A diamond icon as an image URL, for the side panel. @param {number} level @param {number} k */
  function gemURL(level, k) {
    const size = 28, c = document.createElement('canvas');
    c.width = c.height = size * 2;
    const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    g.scale(2, 2);
    gem(g, size / 2, size / 2, size * k * 0.5, level);
    return c.toDataURL();
  }
  /** @type {string[]|null} */
  let gemURLs = null;
  /** The legend of the diamond icons (key D): colour by level, size by points. */
  function diamondLegend() {
    const dom = kit.h;
    // The icons are drawn once; the elements are built anew (a node has one parent).
    gemURLs ??= [...Array.from({ length: maxLevel }, (_, l) => gemURL(l + 1, 0.62)), ...SIZES.map((sz) => gemURL(3, sz.k))];
    const urls = gemURLs;
    const levels = Array.from({ length: maxLevel }, (_, l) =>
      dom('td', null, dom('img', { src: urls[l], alt: '' }), dom('div', null, String(l + 1))));
    const sizes = SIZES.map((sz, k) =>
      dom('td', null, dom('img', { src: urls[maxLevel + k], alt: '' }), dom('div', null, sz.name),
        dom('div', { class: 'dim' }, sz.max === Infinity ? `${sz.min}+` : sz.min === 0 ? `<${sz.max + 1}` : `${sz.min}-${sz.max}`)));
    return [dom('h3', null, 'Diamonds ', dom('span', { class: 'dim' }, '(', dom('kbd', null, 'D'), ' hides this legend)')),
      dom('div', { class: 'dim small' }, `Colour: summon level (${maxLevel} is the maximum)`),
      dom('table', { class: 'gems' }, dom('tr', null, levels)),
      dom('div', { class: 'dim small' }, 'Size: pending points'),
      dom('table', { class: 'gems' }, dom('tr', null, sizes))];
  }

  // The team turns of a tick can be shown one by one (the 2022 viewer's
  // "," and "." keys): each frame's steps hold the state after each turn.
  const nTeams = (replay.initial.teams || []).length;
  const STEPS = ['whole tick', ...Array.from({ length: nTeams }, (_, k) => `after turn ${k + 1} of ${nTeams}`)];

  /** The frame as shown: the whole tick, or the state after one team's turn. @param {any} f @param {any} o */
  function shown(f, o) {
    const k = STEPS.indexOf(o.step) - 1;
    const st = k >= 0 && f.steps ? f.steps[k] : null;
    return st ? { ...f, ...stepState(f.steps, k), step: st } : f;
  }

  /**
   * The teams and diamonds after step k: a step writes null for a team, or
   * for the diamonds, that are as in the step before it.
   * @param {any[]} steps @param {number} k
   */
  function stepState(steps, k) {
    let teams = steps[0].teams, diamonds = steps[0].diamonds;
    for (let i = 1; i <= k; i++) {
      const s = steps[i];
      teams = s.teams.map((/** @type {any} */ t, /** @type {number} */ j) => t ?? teams[j]);
      diamonds = s.diamonds ?? diamonds;
    }
    return { teams, diamonds };
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
    { label: 'a unit of a team (its animal on a tile bordered in its colour), its id on a tag', draw: (/** @type {CanvasRenderingContext2D} */ g) => {
      g.strokeStyle = env.colors[0]; g.lineWidth = 0.16; g.strokeRect(-0.95, -0.95, 1.9, 1.9);
      g.scale(0.8, 0.8); DRAW_ANIMAL[0](g, env.colors[0]);
    } },
    { label: 'summoning: a turquoise glow around the unit, wider at each level of its diamond', draw: cell((g) => {
      const grad = g.createRadialGradient(0, 0, 4, 0, 0, 10);
      grad.addColorStop(0, kit.alpha(GLOW, 0.95)); grad.addColorStop(1, kit.alpha(GLOW, 0));
      g.fillStyle = grad; g.beginPath(); g.arc(0, 0, 10, 0, Math.PI * 2); g.fill();
      g.fillStyle = '#244a2a'; g.fillRect(-5, -5, 10, 10);
    }) },
    { label: 'a vine, in the viner\'s colour, from the viner to where the unit it pulled stood; the pulled unit wears its loop', draw: cell((g) => {
      g.save(); g.scale(9, 9); vineShape(g, 9, 20, env.colors[1]); g.restore();
      g.strokeStyle = env.colors[1]; g.lineWidth = 1.6; g.beginPath(); g.arc(3, 0, 5, 0, Math.PI * 2); g.stroke();
    }) },
    { label: 'an attack this tick: the target is killed', draw: cell((g) => {
      g.strokeStyle = '#ff3b3b'; g.lineWidth = 1.4; g.beginPath();
      for (let k = 0; k < 3; k++) { const d = (k - 1) * 2.8; g.moveTo(-6 + d, -6 - d); g.lineTo(6 + d, 6 - d); }
      g.stroke();
    }) },
    { label: `a death, in the victim's colour: bold on its tick, fading over ${DEATH_TICKS} ticks`, draw: cell((g) => cross(g, env.colors[2], 5)) },
    { label: 'a diamond dropped: the points it scores', draw: cell((g) => kit.badge(g, '+12', 0, 0, { bg: env.colors[0], size: 8 })) },
    { label: 'a diamond: its cut and colour by summon level, its size by pending points (D: the legend)', draw: (/** @type {CanvasRenderingContext2D} */ g) => gemShape(g, 3) },
  ];

  return {
    symbols,
    animate: true,
    options: [
      { id: 'step', label: 'Tick shown', values: STEPS, value: STEPS[0], key: '.', help: 'the team turns of the tick, one by one, then the whole tick' },
      { id: 'legend', label: 'Diamond legend', values: [false, true], value: false, key: 'D', help: 'the legend of the diamond icons, and the pending points' },
      { id: 'paths', label: 'Unit paths', values: [false, true], value: false, key: 'P', help: 'the units\' stored paths' },
      { id: 'coords', label: 'Coordinates', values: [false, true], value: false, key: 'G', help: 'the tile coordinates' },
    ],

    /** @param {CanvasRenderingContext2D} ctx @param {any} f @param {number} i @param {any} view */
    draw(ctx, f, i, view) {
      const { s, ox, oy } = layout(view);
      const L = kit.labels(view); // ids and badges, kept apart
      const o = view.options;
      f = shown(f, o);
      const anim = view.prev && view.progress < 1 && !f.step ? kit.ease(view.progress) : 1;
      ctx.fillStyle = '#10150f';
      ctx.fillRect(0, 0, view.width, view.height);
      ctx.drawImage(background(s), ox, oy, W * s, H * s);
      const C = (/** @type {any} */ p) => ({ x: ox + (p.x + 0.5) * s, y: oy + (p.y + 0.5) * s });

      if (o.coords) {
        for (let x = 0; x < W; x++) for (let y = 0; y < H; y++) {
          kit.text(ctx, `${x},${y}`, ox + x * s + s / 2, oy + y * s + s * 0.14, { size: Math.max(9, s * 0.26), color: "rgba(230,237,243,.75)" });
        }
      }

      // Free diamonds.
      for (const d of f.diamonds || []) {
        if (d.ownerId) continue;
        const c = C(d.position);
        // Big enough to be told apart from a seat: at least a quarter of a tile.
        gem(ctx, c.x, c.y, s * (0.12 + 0.4 * sizeOf(d.points).k), d.summonLevel);
      }

      const all = units(f);
      const byId = new Map(all.map((u) => [u.id, u]));

      // Stored paths.
      if (o.paths) {
        for (const u of all) {
          if (!u.position || !u.path || !u.path.length) continue;
          const color = env.colors[u.team % env.colors.length];
          ctx.save();
          ctx.strokeStyle = kit.alpha(color, 0.8);
          ctx.lineWidth = Math.max(1.5, s * 0.06);
          ctx.setLineDash([s * 0.12, s * 0.1]);
          ctx.beginPath();
          const a = C(u.position);
          ctx.moveTo(a.x, a.y);
          for (const p of u.path) { const c = C(p); ctx.lineTo(c.x, c.y); }
          ctx.stroke();
          ctx.setLineDash([]);
          const e = C(u.path[u.path.length - 1]);
          ctx.beginPath();
          ctx.arc(e.x, e.y, s * 0.1, 0, Math.PI * 2);
          ctx.fillStyle = color;
          ctx.fill();
          ctx.restore();
        }
      }

      // Deaths: a cross in the victim's colour where a unit was killed,
      // bold on its tick, then fading over the next ones so that a death is
      // seen at any speed.
      const events = (f.teams || []).flatMap((/** @type {any} */ t) => t.events || []);
      for (let k = DEATH_TICKS - 1; k >= 0; k--) {
        const g = k === 0 ? f : i - k >= 1 ? replay.turns[i - k - 1]?.frame : null;
        if (!g) continue;
        for (const u of units(g)) {
          const died = u.lastState && u.lastState.positionBeforeDying;
          if (!died) continue;
          const c = C(died), d = s * (k ? 0.16 : 0.24);
          ctx.save();
          ctx.globalAlpha = k ? 0.65 * (1 - k / DEATH_TICKS) : 1;
          ctx.lineCap = 'round';
          for (const [w, col] of [[Math.max(3, s * 0.15), INK], [Math.max(2, s * 0.09), env.colors[u.team % env.colors.length]]]) {
            ctx.strokeStyle = /** @type {string} */ (col);
            ctx.lineWidth = /** @type {number} */ (w);
            ctx.beginPath();
            ctx.moveTo(c.x - d, c.y - d); ctx.lineTo(c.x + d, c.y + d);
            ctx.moveTo(c.x + d, c.y - d); ctx.lineTo(c.x - d, c.y + d);
            ctx.stroke();
          }
          ctx.restore();
        }
      }

      // This tick's vines, through the whole tick: each from the viner to
      // where the unit it pulled stood (the vine's reach, as the 2022 viewer
      // draws it over the tiles between them), over the units' tiles and
      // under the animals; the pulled unit slides along it and wears its
      // loop in the viner's colour.
      /** @type {Map<string, string>} the vined units' ids, and their viners' colours */
      const vined = new Map();
      /** @type {(() => void)[]} */
      const vines = [];
      for (const e of events) {
        if (e.action !== 'VINE') continue;
        const u = byId.get(e.unitId), t = byId.get(e.vineEvent.vineUnitId);
        if (!u || !u.position || !t || !t.position) continue;
        const color = env.colors[u.team % env.colors.length];
        const a = C(u.position), b = C(pulledFrom(u, t));
        vines.push(() => vine(ctx, a.x, a.y, b.x, b.y, s, color));
        vined.set(t.id, color);
      }

      // Units, moving from where they stood before the tick (a vined one
      // along the vine): their summon glows first, their tiles, the vines,
      // then the animals, the vines' loops, then their tags.
      const placed = [];
      for (const u of all) {
        if (!u.position) continue;
        const to = C(u.position);
        const before = u.lastState && u.lastState.positionBefore;
        let at = to;
        // A unit walks from where it stood; a killed one jumps.
        if (anim < 1 && before && !u.lastState.positionBeforeDying) {
          const from = C(u.lastState.wasVinedBy && byId.get(u.lastState.wasVinedBy) ? pulledFrom(byId.get(u.lastState.wasVinedBy), u) : before);
          at = { x: from.x + (to.x - from.x) * anim, y: from.y + (to.y - from.y) * anim };
        }
        placed.push({ u, at, alpha: anim < 1 && !before ? anim : 1 });
      }
      for (const pass of ['glow', 'tile', 'vine', 'unit', 'lasso', 'tag']) {
        if (pass === 'vine') { vines.forEach((draw) => draw()); continue; }
        for (const { u, at, alpha } of placed) {
          ctx.globalAlpha = alpha;
          if (pass === 'glow') { if (u.isSummoning) summonGlow(ctx, at.x, at.y, s, (held(u, f) || {}).summonLevel); }
          else if (pass === 'tile') unitTile(ctx, u, at.x, at.y, s);
          else if (pass === 'unit') unit(ctx, u, at.x, at.y, s, f);
          else if (pass === 'lasso') { const c = vined.get(u.id); if (c) lasso(ctx, at.x, at.y, s, c); }
          else unitTag(ctx, u, at.x, at.y, s, L);
        }
      }
      ctx.globalAlpha = 1;

      // This tick's vines, attacks, summons and drops.
      if (anim === 1) {
        for (const e of events) {
          const u = byId.get(e.unitId);
          if (e.action === 'ATTACK') {
            const t = byId.get(e.attackEvent.targetUnitId);
            const p = t && ((t.lastState && t.lastState.positionBeforeDying) || t.position);
            if (p) {
              const c = C(p);
              ctx.save();
              ctx.strokeStyle = '#ff3b3b';
              ctx.lineWidth = Math.max(2, s * 0.07);
              ctx.beginPath();
              for (let k = 0; k < 3; k++) {
                const d = (k - 1) * s * 0.14;
                ctx.moveTo(c.x - s * 0.3 + d, c.y - s * 0.3 - d);
                ctx.lineTo(c.x + s * 0.3 + d, c.y + s * 0.3 - d);
              }
              ctx.stroke();
              ctx.restore();
            }
          } else if (e.action === 'SUMMON' && u && u.position) {
            const c = C(u.position);
            L.badge(ctx, `level ${e.summonEvent.diamondCurrentSummonLevel}`, c.x, c.y - s * 0.62, { bg: GLOW, fg: INK, size: Math.max(8, s * 0.22) });
          } else if (e.action === 'DROP') {
            const c = C(e.dropEvent.dropPosition);
            L.badge(ctx, `+${e.dropEvent.pointsScored}`, c.x, c.y - s * 0.62, { bg: env.colors[(u ? u.team : 0) % env.colors.length], size: Math.max(9, s * 0.28) });
          }
        }
      }

      // Hovered tile.
      const ht = view.hover ? tileAt(view, view.hover.x, view.hover.y) : null;
      if (ht) {
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 1.5;
        ctx.strokeRect(ox + ht.x * s + 0.5, oy + ht.y * s + 0.5, s - 1, s - 1);
      }

      // The controls' counter: a turn is a tick (turn 0: before the first).
      kit.status(ctx, `${view.counter || `Turn ${i}`}${f.tick < 0 ? ' (before the first tick)' : ''}  \u00b7  ${f.totalTick} ticks  \u00b7  ${map.name}`, view);
      if (f.step) {
        const k = (f.teams || []).findIndex((/** @type {any} */ t) => t.id === f.step.playingTeamId);
        const who = k >= 0 ? f.teams[k].name : 'a team';
        kit.banner(ctx, `after ${who}'s turn${f.step.accepted ? '' : ' (no command in time)'}`, view, { bg: k >= 0 ? env.colors[k % env.colors.length] : '#444', size: 12 });
      } else if (o.step !== STEPS[0]) {
        kit.banner(ctx, 'no such turn in this tick', view, { bg: '#444', size: 12 });
      } else if (f.over && replay.result) kit.banner(ctx, replay.result.summary, view, { bg: '#c99a2e', fg: '#111', size: 13 });
    },

    /** @param {any} f @param {number} i @param {number} px @param {number} py @param {any} view */
    hover(f, i, px, py, view) {
      f = shown(f, view.options);
      const t = tileAt(view, px, py);
      if (!t) return null;
      const code = vt[t.x][t.y];
      const lines = [`(${t.x}, ${t.y}) ${tiles[t.x][t.y]}${code !== 0 ? ` (${TILE_NAMES[code]})` : ''}`];
      for (const u of units(f)) {
        if (!u.position || u.position.x !== t.x || u.position.y !== t.y) continue;
        const team = f.teams[u.team];
        lines.push('', `Unit ${u.id} of ${team.name} (${ANIMALS[u.team % 4]})`);
        if (u.isSummoning) lines.push('summoning');
        if (u.hasDiamond) {
          const d = (f.diamonds || []).find((/** @type {any} */ x) => x.ownerId === u.id);
          lines.push(d ? `carries a diamond: level ${d.summonLevel}, ${d.points} points` : 'carries a diamond');
        }
        if (u.path && u.path.length) lines.push(`path: ${u.path.length} step${u.path.length > 1 ? 's' : ''} to ${fmt(u.path[u.path.length - 1])}`);
        if (u.lastState) lines.push(`before this tick: ${fmt(u.lastState.positionBefore)}${u.lastState.hasSummoned ? ', summoned' : ''}`);
        if (u.lastState && u.lastState.wasVinedBy) lines.push(`vined by unit ${u.lastState.wasVinedBy} this tick`);
        if (u.lastState && u.lastState.wasAttackedBy) lines.push(`killed by unit ${u.lastState.wasAttackedBy} at ${fmt(u.lastState.positionBeforeDying)}, spawned again`);
      }
      for (const u of units(f)) {
        const d = u.lastState && u.lastState.positionBeforeDying;
        if (u.position || !d || d.x !== t.x || d.y !== t.y) continue;
        lines.push('', `Unit ${u.id} of ${f.teams[u.team].name} was killed here by unit ${u.lastState.wasAttackedBy}`);
      }
      for (const d of f.diamonds || []) {
        if (d.ownerId || d.position.x !== t.x || d.position.y !== t.y) continue;
        lines.push('', `Diamond ${d.id.slice(0, 8)}`, `level ${d.summonLevel}, ${d.points} points (${sizeOf(d.points).name})`);
      }
      return lines;
    },

    /** @param {any} f */
    scores(f) {
      // Held points score only when dropped, and rank next: the top bar
      // shows them beside the score, so that the race is seen all match.
      return (f.teams || []).map((/** @type {any} */ t) => ({
        score: t.score,
        detail: `pending ${t.pendingPoints ?? 0}, deaths ${t.deaths ?? 0}`,
        aside: `\u25c6${(t.pendingPoints ?? 0).toLocaleString('en-US')}`,
        asideTitle: 'held (pending) points: what the diamonds its units hold are worth; they score when dropped, and rank next to the score',
        rankBy: [t.score, t.pendingPoints ?? 0],
      }));
    },

    /**
     * A team's command in words, one line per unit ("unit 3: MOVE to (4, 5)"),
     * rather than its JSON.
     * @param {any} reply
     */
    output(reply) {
      const out = [];
      for (const l of reply.lines || []) {
        let m;
        try {
          m = JSON.parse(l.Text);
        } catch {
          return null; // not a command: shown as sent
        }
        if (!m || !Array.isArray(m.actions)) return null;
        if (!m.actions.length) out.push(`tick ${m.tick}: no action`);
        for (const a of m.actions) {
          const to = a.target ? ` ${a.action === 'MOVE' || a.action === 'SPAWN' ? 'to ' : 'at '}(${a.target.x}, ${a.target.y})` : '';
          out.push(`unit ${a.unitId ?? '?'}: ${a.action}${to}`);
        }
      }
      return out;
    },

    /** @param {any} f */
    status(f) {
      return (f.teams || []).map((/** @type {any} */ t) => {
        if (t.isDead) return 'disconnected';
        const n = (t.errors || []).length;
        return n ? { text: `${n} error${n > 1 ? 's' : ''}`, tone: 'warn' } : null;
      });
    },

    /** @param {any} f @param {number} i @param {any} view */
    legend(f, i, view) {
      const dom = kit.h;
      const teams = f.teams || [];
      const byUnit = new Map();
      teams.forEach((/** @type {any} */ t, /** @type {number} */ k) => t.units.forEach((/** @type {any} */ u) => byUnit.set(u.id, k)));
      const color = (/** @type {number} */ k) => ({ color: env.colors[k % env.colors.length] });
      const who = (/** @type {string} */ id) => {
        const k = byUnit.get(id);
        return k === undefined ? `unit ${id}` : dom('span', { style: color(k) }, `${teams[k].name} ${id}`);
      };
      /** @type {any[]} */
      const lines = [];
      for (const t of teams) {
        for (const e of t.events || []) {
          switch (e.action) {
            case 'SUMMON': lines.push([who(e.unitId), ` summons: level ${e.summonEvent.diamondCurrentSummonLevel}`]); break;
            case 'DROP': lines.push([who(e.unitId), ` drops a level ${e.dropEvent.diamondSummonLevel} diamond: +${e.dropEvent.pointsScored}`]); break;
            case 'VINE': lines.push([who(e.unitId), ' vines ', who(e.vineEvent.vineUnitId)]); break;
            case 'ATTACK': lines.push([who(e.unitId), ' attacks ', who(e.attackEvent.targetUnitId)]); break;
            default: lines.push(`${t.name}: ${e.action}`);
          }
        }
      }
      const errors = teams.flatMap((/** @type {any} */ t, /** @type {number} */ k) => (t.errors || []).map((/** @type {string} */ e) =>
        dom('div', { class: 'bad' }, dom('span', { style: color(k) }, String(t.name)), `: ${e}`)));
      const log = (f.log || []).map((/** @type {string} */ l) => dom('div', null, String(l)));
      const pending = teams.map((/** @type {any} */ t, /** @type {number} */ k) =>
        dom('div', { class: 'meter' }, dom('span', { class: 'swatch', style: { background: env.colors[k % env.colors.length] } }), String(t.name),
          dom('span', { class: 'grow' }), dom('b', null, String(t.pendingPoints ?? 0))));
      const top = view.options.legend
        ? [diamondLegend(), dom('h3', null, 'Pending points ', dom('span', { class: 'dim' }, '(held diamonds)')), pending]
        : dom('div', { class: 'dim small' }, 'Press ', dom('kbd', null, 'D'), ' for the diamond legend, ', dom('kbd', null, 'P'), ' for paths.');
      return [top,
        lines.length ? [dom('h3', null, `Tick ${f.tick + 1}`), dom('div', { class: 'log' }, lines.map((l) => dom('div', null, l)))] : null,
        errors.length ? [dom('h3', null, 'Errors'), dom('div', { class: 'log' }, errors)] : null,
        log.length ? [dom('h3', null, 'Server log'), dom('div', { class: 'log' }, log)] : null];
    },
  };
}
