// @ts-check
// Arena's match player: one shell for every game. It loads a replay (or
// follows a live match), owns the controls, the scoreboard, the bots' output
// panel, the tooltip and the help overlay, and asks the game's renderer
// (web/games/<game>.js) to draw frames. The player computes no rules: all it
// shows comes from the replay. A new game adds a renderer and nothing else.
//
// A renderer module is self-contained (it imports nothing: the offline export
// loads it from a Blob URL). Its default export is a factory:
//
//   export default function create(replay, env) { return renderer; }
//
// replay is the replay object (it grows while a match is live); env holds
// {colors: string[] (one per seat), names: string[], kit} where kit is the
// drawing toolkit below (KIT: h, fit, hexPath, roundRect, arrow, badge, text,
// labels, piece, alpha, mix, hash, ease). The renderer object:
//
//   draw(ctx, frame, i, view)        draw frame i (0 = initial) on a 2D context;
//                                    view = {width, height, options,
//                                    hover: {x,y}|null, progress, prev,
//                                    counter}; counter is the controls' turn
//                                    counter ("Turn 30 / 63"), which the
//                                    board's status line starts with, so
//                                    that the board and the controls agree
//   hover(frame, i, x, y, view)      tooltip lines for canvas point x,y, or
//                                    null; an empty string draws a rule
//                                    between blocks of lines
//   scores(frame, i)                 per seat: {score, detail?, aside?, rankBy?}:
//                                    aside is a short text the top bar shows
//                                    beside the score while the match goes
//                                    on (jungle's held points, the catmouse
//                                    hunt), with asideTitle as its tooltip;
//                                    rankBy (numbers, compared in order,
//                                    higher first) ranks the top bar before
//                                    the end instead of the score;
//                                    progress (0 to 1) fills a bar along
//                                    the chip's foot, in the player's
//                                    colour (ants: the way to half of the
//                                    crystals, as the 2023 HUD's bar)
//   messages?(frame, i)              per seat: a bot MESSAGE text, or null
//   status?(frame, i)                per seat: game status at this turn
//                                    (timeout, disqualified, eliminated...): a
//                                    text, {text, tone: 'warn'|'info'}, or null
//   options?                         [{id, label, values, value, key?, help?}]:
//                                    the gear menu; a key cycles the values;
//                                    values [false,true] make a toggle
//   legend?(frame, i, view)          what the side panel shows: DOM built
//                                    with kit.h (a node or a list of nodes
//                                    and texts), or null; never markup
//   output?(reply, k, frame, i)      the lines to show for seat k's answer of
//                                    turn i (its commands in words), instead
//                                    of the raw lines; null: the raw lines
//   symbols?                         [{label, draw(g)}]: what the board's
//                                    symbols mean; each draw paints its
//                                    symbol in a unit box (-1..1), and the
//                                    side panel lists them under "Symbols"
//   colors?                          string[]: seat colours of this game (the
//                                    scoreboard uses them), instead of COLORS
//   animate?                         true: when the player moves one turn
//                                    forward while playing (up to 4x) or
//                                    following a live match (a step with the
//                                    arrows snaps), draw is called on every animation
//                                    frame with view.progress going from 0 to 1
//                                    and view.prev the previous frame (at rest:
//                                    progress 1, prev null)
//
// The shell keeps option values in view.options (by id) and redraws on change.

/**
 * The labels of the board being drawn (KIT.labels), which the pieces drawn
 * after it keep off their middle; null when the last draw placed none.
 * @type {{reserve: (x0:number, y0:number, x1:number, y1:number) => void}|null}
 */
let activeLabels = null;
/** The middle of a piece that no label may cover: this part of its radius. */
const PIECE_CORE = 0.5;

export const COLORS = ['#22a1e4', '#ff1d5c', '#2ecc71', '#f39c12', '#a66cff', '#f2e35c', '#ff82d4', '#b07a4f'];

const SPEEDS = [0.5, 1, 2, 4, 8, 16];
/**
 * A recorded match's first turns come alone (GET ?turns=N), so that the
 * board is drawn at once; the whole replay follows (a long match's can be
 * 60 MB).
 */
const HEAD_TURNS = 50;
/** Above this speed (8 turns a second) turns snap instead of moving. */
const MAX_ANIMATED_SPEED = 4;

/**
 * The drawing toolkit handed to renderers as env.kit: small helpers that
 * every board needs, so that each renderer stays short and self-contained.
 */
export const KIT = {
  /** Build DOM for the side panel (legend): see h below. */
  h: (/** @type {string} */ tag, /** @type {Record<string, any>|null} */ attrs, /** @type {Child[]} */ ...children) => h(tag, attrs, ...children),
  /**
   * Fit a board of w x h units into the view, centred, with a margin.
   * @param {number} w @param {number} h @param {{width:number,height:number}} view @param {number} [margin]
   * @returns {{s:number, ox:number, oy:number}} canvas x = ox + s*u
   */
  fit(w, h, view, margin = 12) {
    const s = Math.max(1, Math.min((view.width - 2 * margin) / w, (view.height - 2 * margin) / h));
    return { s, ox: (view.width - s * w) / 2, oy: (view.height - s * h) / 2 };
  },
  /** The height of the bands above and below a board: the status line (turn counter) on top, banners below. */
  band: 26,
  /**
   * Fit a board between the status band at the top and the banner band at
   * the bottom, so that no banner ever covers the turn counter or the board.
   * @param {number} w @param {number} h @param {{width:number,height:number}} view @param {number} [margin]
   * @returns {{s:number, ox:number, oy:number}}
   */
  fitBanded(w, h, view, margin = 12) {
    const f = KIT.fit(w, h, { width: view.width, height: Math.max(1, view.height - 2 * KIT.band) }, margin);
    return { s: f.s, ox: f.ox, oy: f.oy + KIT.band };
  },
  /**
   * The largest font size up to `size` at which text fits in `width` pixels.
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {number} width @param {number} size @param {string} [weight]
   */
  fitSize(ctx, text, width, size, weight = '') {
    ctx.save();
    ctx.font = `${weight}${size}px system-ui, sans-serif`;
    const w = ctx.measureText(text).width;
    ctx.restore();
    return w <= width ? size : Math.max(7, Math.floor(size * width / w));
  },
  /** The smallest font of a status line: smaller is not read from a seat. */
  statusMin: 11,
  /**
   * The status line (the turn counter first, then the game's words, parts
   * joined by " · ") in the top band, left-aligned. It shrinks to the
   * canvas width down to statusMin; a line still too long then takes two
   * rows, broken between parts, rather than shrinking out of sight.
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {{width:number}} view
   */
  status(ctx, text, view) {
    const width = view.width - 24, o = { align: /** @type {CanvasTextAlign} */ ('left'), color: '#a7b3bf' };
    const one = KIT.fitSize(ctx, text, width, 13);
    const parts = text.split(/\s+\u00b7\s+/);
    if (one >= KIT.statusMin || parts.length < 2) {
      KIT.text(ctx, text, 12, KIT.band / 2, { ...o, size: Math.max(one, KIT.statusMin) });
      return;
    }
    // The break that leaves the longer row shortest.
    let best = 1, bestW = Infinity;
    for (let k = 1; k < parts.length; k++) {
      const w = Math.max(KIT.measure(ctx, parts.slice(0, k).join(' \u00b7 '), 11), KIT.measure(ctx, parts.slice(k).join(' \u00b7 '), 11));
      if (w < bestW) { best = k; bestW = w; }
    }
    const rows = [parts.slice(0, best).join(' \u00b7 '), parts.slice(best).join(' \u00b7 ')];
    const size = Math.max(KIT.statusMin, Math.min(12, ...rows.map((r) => KIT.fitSize(ctx, r, width, 12))));
    rows.forEach((r, k) => KIT.text(ctx, r, 12, KIT.band / 2 + (k ? 1 : -1) * (size / 2 + 0.5), { ...o, size }));
  },
  /**
   * The width of a text at a size.
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {number} size @param {string} [weight]
   */
  measure(ctx, text, size, weight = '') {
    ctx.save();
    ctx.font = `${weight}${size}px system-ui, sans-serif`;
    const w = ctx.measureText(text).width;
    ctx.restore();
    return w;
  },
  /**
   * A banner (the winner, a leg's result) in the bottom band, centred and
   * shrunk to the canvas width down to statusMin, then in two rows: it
   * covers neither the status line nor the board.
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {{width:number,height:number}} view
   * @param {{bg?:string, fg?:string, size?:number}} [o]
   */
  banner(ctx, text, view, o = {}) {
    const width = view.width - 24 - 14;
    const size = KIT.fitSize(ctx, text, width, o.size ?? 14, '600 ');
    const rows = size < KIT.statusMin ? KIT.halves(ctx, text, width) : null;
    if (!rows) {
      KIT.badge(ctx, text, view.width / 2, view.height - KIT.band / 2, { ...o, size });
      return;
    }
    // Two rows on one background, filling the band, rather than one row
    // shrunk out of sight (a catmouse result at 800x600).
    const rs = Math.max(7, Math.min(12, ...rows.map((r) => KIT.fitSize(ctx, r, width, 12, '600 '))));
    const cy = view.height - KIT.band / 2 - 1; // the lower row's descenders stay on the canvas
    ctx.save();
    ctx.font = `600 ${rs}px system-ui, sans-serif`;
    const w = Math.max(...rows.map((r) => ctx.measureText(r).width)) + rs * 0.9, h = KIT.band - 2;
    KIT.roundRect(ctx, view.width / 2 - w / 2, cy - h / 2, w, h, 6);
    ctx.fillStyle = o.bg || 'rgba(0,0,0,.7)';
    ctx.fill();
    ctx.fillStyle = o.fg || '#fff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    rows.forEach((r, k) => ctx.fillText(r, view.width / 2, cy + (k ? 1 : -1) * (rs / 2 + 0.25)));
    ctx.restore();
  },
  /**
   * A text broken in two rows that fit a width at the status size, at its
   * strongest break (" \u00b7 ", then ", ", then a space) that leaves the
   * longer row shortest; null when no break makes them fit.
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {number} width
   * @returns {string[]|null}
   */
  halves(ctx, text, width) {
    let fallback = null;
    for (const [sep, keep] of /** @type {[string, string][]} */ ([[' \u00b7 ', ''], [', ', ','], [' ', '']])) {
      const parts = text.split(sep);
      let best = null, bestW = Infinity;
      for (let k = 1; k < parts.length; k++) {
        const rows = [parts.slice(0, k).join(sep) + keep, parts.slice(k).join(sep)];
        const w = Math.max(...rows.map((r) => KIT.measure(ctx, r, KIT.statusMin, '600 ')));
        if (w < bestW) { best = rows; bestW = w; }
      }
      if (best && bestW <= width) return best;
      if (best && !fallback) fallback = best;
    }
    return fallback;
  },
  /**
   * A label placer for one frame: badges and texts drawn through it are
   * kept apart. Each goes where it is asked if that box is free, else it is
   * moved up or down by its own height until one is (the first free one of
   * seven tries), else beside it by its width (the asked place when none
   * is free). reserve() marks a box that
   * labels must avoid. Given the view, labels stay on the canvas and off the
   * status band at the top and the banner band at the bottom.
   * @param {{width:number, height:number}} [view]
   * @returns {{reserve: (x0:number, y0:number, x1:number, y1:number) => void,
   *   badge: (ctx:CanvasRenderingContext2D, text:string, x:number, y:number, o?:any) => void,
   *   text: (ctx:CanvasRenderingContext2D, text:string, x:number, y:number, o?:any) => void}}
   */
  labels(view) {
    /** @type {number[][]} */
    const placed = view ? [[-1e9, -1e9, 1e9, KIT.band], [-1e9, view.height - KIT.band, 1e9, 1e9]] : [];
    const inside = (/** @type {number[]} */ b) => !view || (b[0] >= 0 && b[2] <= view.width);
    const free = (/** @type {number[]} */ b) => inside(b) && !placed.some((p) => b[0] < p[2] && b[2] > p[0] && b[1] < p[3] && b[3] > p[1]);
    /**
     * The first free box for a label of w x h centred on (x, y).
     * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} dx how far the label's centre is right of x
     */
    const place = (x, y, w, h, dx) => {
      for (const k of [0, -1, 1, -2, 2, -3, 3]) {
        const b = [x + dx - w / 2, y + k * h - h / 2, x + dx + w / 2, y + k * h + h / 2];
        if (free(b)) { placed.push(b); return { x, y: y + k * h }; }
      }
      // A crowded spot: beside it, left or right, before giving up.
      for (const k of [-1, 1, -2, 2]) {
        for (const j of [0, -1, 1]) {
          const b = [x + dx + k * w - w / 2, y + j * h - h / 2, x + dx + k * w + w / 2, y + j * h + h / 2];
          if (free(b)) { placed.push(b); return { x: x + k * w, y: y + j * h }; }
        }
      }
      placed.push([x + dx - w / 2, y - h / 2, x + dx + w / 2, y + h / 2]);
      return { x, y };
    };
    const width = (/** @type {CanvasRenderingContext2D} */ ctx, /** @type {string} */ font, /** @type {string} */ text) => {
      ctx.save();
      ctx.font = font;
      const w = ctx.measureText(text).width;
      ctx.restore();
      return w;
    };
    /** @type {{reserve: (x0:number, y0:number, x1:number, y1:number) => void,
     *   badge: (ctx:CanvasRenderingContext2D, text:string, x:number, y:number, o?:any) => void,
     *   text: (ctx:CanvasRenderingContext2D, text:string, x:number, y:number, o?:any) => void}} */
    const placer = {
      reserve(x0, y0, x1, y1) { placed.push([x0, y0, x1, y1]); },
      badge(ctx, text, x, y, o = {}) {
        const size = o.size ?? 12;
        const w = width(ctx, `${o.bold === false ? '' : '600 '}${size}px system-ui, sans-serif`, text) + size * 0.7;
        const at = place(x, y, w + 2, size * 1.35 + 1, 0);
        KIT.badge(ctx, text, at.x, at.y, o);
      },
      text(ctx, text, x, y, o = {}) {
        const size = o.size ?? 12;
        const w = width(ctx, `${o.bold ? '700 ' : ''}${size}px system-ui, sans-serif`, text) + size * 0.3;
        const align = o.align || 'center';
        const dx = align === 'left' || align === 'start' ? w / 2 : align === 'right' || align === 'end' ? -w / 2 : 0;
        const at = place(x, y, w, size * 1.15, dx);
        KIT.text(ctx, text, at.x, at.y, o);
      },
    };
    // The pieces drawn from now on keep their middle free of labels.
    activeLabels = view ? placer : null;
    return placer;
  },
  /** A hexagon path. @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} r @param {boolean} [pointy] */
  hexPath(ctx, x, y, r, pointy = true) {
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k + (pointy ? 30 : 0));
      const px = x + r * Math.cos(a), py = y + r * Math.sin(a);
      if (k) ctx.lineTo(px, py); else ctx.moveTo(px, py);
    }
    ctx.closePath();
  },
  /** A rounded rectangle path. @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r */
  roundRect(ctx, x, y, w, h, r) {
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  },
  /**
   * An arrow from (x1,y1) to (x2,y2), shortened by `gap` at both ends.
   * @param {CanvasRenderingContext2D} ctx @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2
   * @param {{color?:string, width?:number, head?:number, gap?:number, dash?:number[]}} [o]
   */
  arrow(ctx, x1, y1, x2, y2, o = {}) {
    const width = o.width ?? 2, head = o.head ?? width * 3.5, gap = o.gap ?? 0;
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
    if (len <= 2 * gap + 1) return;
    const ux = dx / len, uy = dy / len;
    const ax = x1 + ux * gap, ay = y1 + uy * gap, bx = x2 - ux * gap, by = y2 - uy * gap;
    ctx.save();
    ctx.strokeStyle = ctx.fillStyle = o.color || '#fff';
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    if (o.dash) ctx.setLineDash(o.dash);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx - ux * head * 0.8, by - uy * head * 0.8);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(bx, by);
    ctx.lineTo(bx - ux * head - uy * head * 0.6, by - uy * head + ux * head * 0.6);
    ctx.lineTo(bx - ux * head + uy * head * 0.6, by - uy * head - ux * head * 0.6);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  },
  /**
   * A rounded label centred on (x,y).
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {number} x @param {number} y
   * @param {{bg?:string, fg?:string, size?:number, bold?:boolean, border?:string}} [o]
   */
  badge(ctx, text, x, y, o = {}) {
    const size = o.size ?? 12;
    ctx.save();
    ctx.font = `${o.bold === false ? '' : '600 '}${size}px system-ui, sans-serif`;
    const w = ctx.measureText(text).width + size * 0.7, h = size * 1.35;
    KIT.roundRect(ctx, x - w / 2, y - h / 2, w, h, h / 2.5);
    ctx.fillStyle = o.bg || 'rgba(0,0,0,.7)';
    ctx.fill();
    if (o.border) {
      ctx.strokeStyle = o.border;
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    ctx.fillStyle = o.fg || '#fff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, y + size * 0.05);
    ctx.restore();
  },
  /**
   * Text with a dark outline, readable on any background.
   * @param {CanvasRenderingContext2D} ctx @param {string} text @param {number} x @param {number} y
   * @param {{size?:number, color?:string, align?:CanvasTextAlign, base?:CanvasTextBaseline, bold?:boolean, outline?:string}} [o]
   */
  text(ctx, text, x, y, o = {}) {
    const size = o.size ?? 12;
    ctx.save();
    ctx.font = `${o.bold ? '700 ' : ''}${size}px system-ui, sans-serif`;
    ctx.textAlign = o.align || 'center';
    ctx.textBaseline = o.base || 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(2, size / 4);
    ctx.strokeStyle = o.outline || 'rgba(0,0,0,.85)';
    ctx.strokeText(text, x, y);
    ctx.fillStyle = o.color || '#fff';
    ctx.fillText(text, x, y);
    ctx.restore();
  },
  /** A #rrggbb colour with an alpha. @param {string} hex @param {number} a */
  alpha(hex, a) {
    const [r, g, b] = rgb(hex);
    return `rgba(${r},${g},${b},${a})`;
  },
  /** Mix two #rrggbb colours: t=0 gives a, t=1 gives b. @param {string} a @param {string} b @param {number} t */
  mix(a, b, t) {
    const x = rgb(a), y = rgb(b);
    const c = x.map((v, k) => Math.round(v + (y[k] - v) * t));
    return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
  },
  /** A deterministic pseudo-random number in [0,1) from integers. @param {...number} n */
  hash(...n) {
    let h = 2166136261;
    for (const v of n) {
      h ^= v | 0;
      h = Math.imul(h, 16777619);
      h ^= h >>> 13;
      h = Math.imul(h, 0x5bd1e995);
      h ^= h >>> 15;
    }
    return (h >>> 0) / 4294967296;
  },
  /**
   * Draw one of the game's pieces (a unit, an ant, a gem, a train): `draw`
   * paints it in a unit box (about -1..1 on both axes, y down) that is
   * placed at (x, y), scaled by r and turned by angle, so that every piece
   * grows and shrinks with the board. The browser tests read what was drawn
   * where from window.__arenaPieces when they set it (nothing is kept
   * otherwise).
   * @param {CanvasRenderingContext2D} ctx @param {string} kind @param {number} x @param {number} y @param {number} r
   * @param {(ctx: CanvasRenderingContext2D) => void} draw @param {number} [angle]
   * @param {{under?: boolean}} [o] under: a piece labels may cover (a
   *   conveyor's chevrons), which keeps no room free of them
   */
  piece(ctx, kind, x, y, r, draw, angle = 0, o = {}) {
    ctx.save();
    ctx.translate(x, y);
    if (angle) ctx.rotate(angle);
    ctx.scale(r, r);
    draw(ctx);
    ctx.restore();
    // No label placed after a piece covers its middle (a badge may touch
    // its rim): a label that would moves aside, as from another label.
    if (activeLabels && ctx.canvas.isConnected && !o.under) {
      const c = r * PIECE_CORE;
      activeLabels.reserve(x - c, y - c, x + c, y + c);
    }
    const seen = /** @type {any} */ (window).__arenaPieces;
    if (seen && ctx.canvas.isConnected) {
      const m = ctx.getTransform();
      seen.push({ kind, x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f, r: r * Math.hypot(m.a, m.b) });
    }
  },
  /** Ease in and out. @param {number} t */
  ease(t) {
    t = Math.max(0, Math.min(1, t));
    return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  },
};

/**
 * @typedef {Node|string|number|null|undefined|false|any[]} Child
 * A child of h(): a node, text (never parsed as markup), nothing, or a list.
 */

/**
 * Build an element: h('td', {class: 'name', title: t, style: {color: c}}, 'text', node, [more]).
 * Every string is text, never markup, so what a bot or a replay says cannot
 * become HTML; attributes named on... are refused (listeners go through
 * addEventListener). Renderers get it as env.kit.h.
 * @param {string} tag
 * @param {Record<string, any>|null} [attrs] class, style (an object), dataset (an object), or attribute values
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'style') Object.assign(el.style, v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (/^on/i.test(k)) throw new Error(`h: no ${k} attribute; use addEventListener`);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  el.append(...flatten(children));
  return el;
}

/** The nodes and texts of a list of children. @param {Child[]} children @returns {(Node|string)[]} */
function flatten(children) {
  /** @type {(Node|string)[]} */
  const out = [];
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) out.push(...flatten(c));
    else out.push(typeof c === 'number' ? String(c) : c);
  }
  return out;
}

/** @param {string} hex @returns {number[]} */
function rgb(hex) {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((k) => parseInt(h.slice(k, k + 2), 16));
}

/** A flag's tone as a class name: only the known ones. @param {any} t */
function tone(t) {
  return t === 'warn' || t === 'info' ? t : '';
}

/** Milliseconds from a duration in nanoseconds. @param {number|undefined} ns */
function ms(ns) {
  return ns ? (ns / 1e6).toFixed(1) : '0.0';
}

/**
 * A turn that came as a line of text, parsed the first time one of its
 * fields is read (and then kept parsed): the page holds a long replay's
 * turns as text and pays for each only when it is shown.
 * @param {string} text
 * @returns {any}
 */
export function lazyTurn(text) {
  /** @type {any} */
  let turn = null;
  const get = () => {
    if (!turn) { turn = JSON.parse(text); text = ''; }
    return turn;
  };
  return new Proxy({}, {
    get: (_, k) => get()[k],
    has: (_, k) => k in get(),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_, k) => Object.getOwnPropertyDescriptor(get(), k),
  });
}

/**
 * Read a replay in lines (the server's ?lines=1, the offline page): the
 * first line is the replay's fields before its turns, then one turn a line,
 * then the fields after them. push() takes text as it comes, in pieces of
 * any size; end() says there is no more.
 * @param {(head: any) => void} onHead the first line, parsed
 * @param {(text: string) => void} onTurn each turn, as its text
 * @param {(tail: any) => void} onTail the last line, parsed
 */
export function replayLines(onHead, onTurn, onTail) {
  /** @type {string[]} */
  let pieces = [];
  /** The last whole line: a turn unless no other line follows it. @type {string|null} */
  let held = null;
  let lines = 0;
  const line = (/** @type {string} */ text) => {
    if (lines++ === 0) { onHead(JSON.parse(text)); return; }
    if (held !== null) onTurn(held);
    held = text;
  };
  return {
    push(/** @type {string} */ chunk) {
      let from = 0;
      for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
        pieces.push(chunk.slice(from, nl));
        line(pieces.join(''));
        pieces = [];
        from = nl + 1;
      }
      if (from < chunk.length) pieces.push(chunk.slice(from));
    },
    end() {
      if (pieces.length) line(pieces.join(''));
      pieces = [];
      if (held === null) throw new Error('the replay has no last line');
      onTail(JSON.parse(held));
      held = null;
    },
  };
}

/**
 * Load the renderer module of a game, falling back to the generic one.
 * @param {string} game
 */
async function loadRenderer(game) {
  const embed = /** @type {any} */ (window).ARENA_EMBED;
  if (embed) {
    const url = URL.createObjectURL(new Blob([embed.renderer], { type: 'text/javascript' }));
    return (await import(url)).default;
  }
  try {
    return (await import(`/games/${game}.js`)).default;
  } catch (e) {
    console.warn(`no renderer for ${game}, using the generic one`, e);
    const generic = '/games/generic.js'; // a path of the server, not of this file
    return (await import(generic)).default;
  }
}

/** Whether this is the offline page of `arena replay html` (no server). */
function offline() {
  return !!(/** @type {any} */ (window).ARENA_EMBED);
}

/** The turn named by the address (#turn=N), or -1. */
function turnInAddress() {
  const m = /^#turn=(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : -1;
}

export class Player {
  /**
   * @param {HTMLElement} root the element to build the player in
   * @param {{id?: string, replay?: any, rest?: () => Promise<string>}} source a match id to fetch/follow, or a replay;
   *   with a replay that has more turns to come (more: true), rest gives them in lines after the first ones
   *   (the offline page's second block: no header, the turns after those of replay, the fields after the turns)
   */
  constructor(root, source) {
    this.root = root;
    this.source = source;
    this.frame = 0;
    this.playing = false;
    this.speed = 2;
    /** @type {Record<string, any>} */
    this.options = {};
    /** @type {{x:number,y:number}|null} */
    this.mouse = null;
    this.live = false;
    /** The rest of a long replay is being fetched (its first turns are shown). */
    this.loading = false;
    /**
     * End was pressed while loading: the turn it showed then (0: it was
     * not), left for the last turn once all have come.
     */
    this.wantEnd = 0;
    /** Why a live match stopped before its end, once it has. */
    this.stopMessage = '';
    this.timer = 0;
    /** The playback clock: when play was pressed (or the clock restarted), on which frame, and the period of a turn in ms. */
    this.clock = { start: 0, frame: 0, period: 250 };
    this.hashTimer = 0;
    /** The controls' turn counter, which boards repeat in their status line. */
    this.counter = '';
    /** @type {string[]} */
    this.colors = COLORS;
    /** The animation of a step forward: frame drawn, start time, length in ms. */
    this.anim = { frame: -1, start: 0, length: 0 };
    this.raf = 0;
    /** ends the page-wide listeners (destroy) */
    this.listening = new AbortController();
    // Set by start() and build().
    /** @type {any} */
    this.replay = null;
    /** @type {any} */
    this.renderer = null;
    const none = /** @type {any} */ (null);
    /** @type {HTMLCanvasElement} */
    this.canvas = none;
    /** @type {HTMLInputElement} */
    this.slider = none;
    /** @type {HTMLElement} */ this.tooltip = none;
    /** @type {HTMLElement} */ this.helpBox = none;
    /** @type {HTMLElement} */ this.turnLabel = none;
    /** @type {HTMLElement} */ this.playButton = none;
    /** @type {HTMLElement} */ this.scoreBody = none;
    /** @type {HTMLElement} */ this.topBar = none;
    /** @type {HTMLElement} */ this.resultBox = none;
    /** @type {HTMLElement} */ this.legendBox = none;
    /** @type {HTMLElement} */ this.botsBox = none;
    /** @type {HTMLElement} */ this.gearMenu = none;
    /** @type {HTMLElement} */ this.liveBadge = none;
    /** @type {HTMLButtonElement} */ this.cancelButton = none;
    /** @type {HTMLElement|null} */ this.downloadLink = null;
    /** Whether a top-bar name fits its chip, by name, width and text shown. @type {Map<string, boolean>} */
    this.fitCache = new Map();
    /** The side panel's list of the board's symbols, built once. @type {HTMLElement|null} */
    this.symbolsBox = null;
  }

  async start() {
    let rep = this.source.replay;
    // A match just started from the page may not have its initial frame yet.
    for (let wait = 0; !rep || (!rep.initial && !rep.error && wait < 100); wait++) {
      if (rep) await new Promise((r) => setTimeout(r, 300));
      rep = await (await fetch(`/api/matches/${encodeURIComponent(this.source.id || "")}?turns=${HEAD_TURNS}`)).json();
    }
    if (rep.error) throw new Error(rep.error);
    if (!rep.initial) throw new Error('the match did not start');
    this.replay = rep;
    const create = await loadRenderer(rep.game);
    const names = rep.players.map((/** @type {any} */ p) => p.name);
    this.renderer = create(rep, { colors: COLORS, names, kit: KIT });
    this.colors = this.renderer.colors || COLORS;
    for (const o of this.renderer.options || []) this.options[o.id] = o.value;
    document.title = `${rep.game}: ${names.join(' vs ')} \u2013 Arena`;
    this.build();
    this.bindKeys();
    const asked = turnInAddress();
    // No result yet: a live match (a long replay's first turns come without theirs).
    const live = !rep.result && !rep.more && !!this.source.id;
    if (asked >= 0) {
      // A shared link to a turn opens on it (a live match then waits there).
      this.show(asked);
      if (live) {
        this.follow();
        this.cancelButton.hidden = !sessionStorage.getItem(`arena-cancel-${this.source.id}`);
      }
    } else if (live) {
      // A live match opens on its newest turn and follows it; the page
      // that started it may stop it.
      this.follow();
      this.show(this.last());
      this.cancelButton.hidden = !sessionStorage.getItem(`arena-cancel-${this.source.id}`);
    } else {
      this.show(0);
    }
    if (rep.more) this.loadRest(asked);
  }

  /**
   * Fetch the rest of a match whose first turns came alone, in lines
   * (?lines=1): each turn is kept as text and parsed when first shown, so
   * a 3000-turn replay is all there as soon as its bytes are, without one
   * JSON.parse of 60 MB. The page shows and plays the first turns
   * meanwhile; the counter and the timeline grow as turns come, and
   * playback waits at the last one that came.
   * @param {number} asked the turn the address names, or -1
   */
  async loadRest(asked) {
    this.loading = true;
    this.show(this.frame);
    const had = this.last();
    try {
      const turns = this.replay.turns;
      // The server sends every turn (the first ones again); the offline
      // page's rest (source.rest) starts after the ones it gave first.
      const skip = this.source.rest ? 0 : had;
      let seen = 0, shown = performance.now();
      const reader = replayLines((head) => { if (head.error) throw new Error(head.error); },
        (text) => { if (seen++ >= skip) turns.push(lazyTurn(text)); },
        (tail) => { delete this.replay.more; Object.assign(this.replay, tail); });
      if (this.source.rest) {
        reader.push(await this.source.rest());
        reader.end();
        return;
      }
      const res = await fetch(`/api/matches/${encodeURIComponent(this.source.id || '')}?lines=1`);
      if (!res.ok || !res.body) throw new Error(res.ok ? 'no body' : (await res.json()).error || res.statusText);
      const chunks = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await chunks.read();
        if (done) break;
        reader.push(value);
        // The timeline grows as turns come (a few times a second, not per chunk).
        if (performance.now() - shown > 250 && !this.playing) {
          shown = performance.now();
          this.show(this.frame);
        }
      }
      reader.end();
    } catch (e) {
      this.stopMessage = `Only the first ${this.last()} turns could be loaded: ${e}`;
    } finally {
      this.restLoaded(had, asked);
    }
  }

  /**
   * The rest of a long replay has come (or could not): show where the
   * address or End asked, if the viewer stayed on the last turn of the first ones.
   * @param {number} had the turns there were before @param {number} asked the turn the address names, or -1
   */
  restLoaded(had, asked) {
    if (this.replay.more) this.stopMessage ||= `Only the first ${this.last()} turns could be loaded: the replay ended early`;
    this.loading = false;
    // A link to a turn beyond the first ones opens on it once it is here;
    // End pressed meanwhile goes to the real end, whenever it was pressed
    // (turns come while the rest loads: End then showed the last so far),
    // unless the viewer moved since.
    const stayed = !this.playing && this.frame === (this.wantEnd || had);
    const at = !stayed ? this.frame : this.wantEnd ? this.last() : asked > had ? asked : had;
    this.wantEnd = 0;
    this.show(at);
  }

  /**
   * Frame i: the initial one, then one per turn (a turn that came as a line
   * is parsed here, the first time it is shown).
   * @param {number} i
   */
  frameAt(i) {
    return i === 0 ? this.replay.initial : this.replay.turns[i - 1]?.frame;
  }

  last() {
    return this.replay.turns.length;
  }

  build() {
    const rep = this.replay;
    const league = rep.league ? `, league ${rep.league}` : '';
    const button = (/** @type {string} */ act, /** @type {string} */ title, /** @type {string} */ text) =>
      h('button', { 'data-act': act, title, class: act === 'play' ? 'play' : null }, text);
    this.root.replaceChildren(
      h('header', { class: 'match-head' },
        // The offline page has no server to go back to (its '/' is file:///).
        offline() ? h('span', { class: 'home', title: 'An Arena match, offline' }, 'Arena')
          : h('a', { href: '/', class: 'home', title: 'All matches' }, 'Arena'),
        h('h1', null, String(rep.game), ' ', h('small', null, `seed ${rep.seed}${league}`)),
        h('span', { class: 'live-badge', hidden: true }, 'LIVE'),
        h('nav', { class: 'match-nav' }),
        h('span', { class: 'grow' }),
        h('button', { class: 'cancel', title: 'Stop this match (you started it)', hidden: true }, 'Stop match'),
        this.source.id ? h('a', { class: 'button download', title: 'Download the replay file', href: `/api/matches/${encodeURIComponent(this.source.id)}?download=1`, download: true },
          '\u2913', h('span', { class: 'wide' }, ' Download replay')) : null,
        h('button', { class: 'gear', title: 'Display options' }, '\u2699'),
        h('button', { class: 'help-button', title: 'Help (H)' }, '?')),
      h('div', { class: 'gear-menu', hidden: true }),
      h('div', { class: 'topbar' }),
      h('main', { class: 'match-main' },
        h('section', { class: 'board' },
          h('canvas'),
          h('div', { class: 'tooltip', hidden: true }),
          h('div', { class: 'help', hidden: true })),
        h('aside', { class: 'side' },
          h('table', { class: 'scoreboard' }, h('tbody')),
          h('div', { class: 'result' }),
          h('div', { class: 'legend' }),
          h('div', { class: 'bots' }))),
      h('footer', { class: 'controls' },
        button('start', 'First turn (Home)', '\u21e4'),
        button('back', 'Previous turn (Left)', '\u25c0'),
        button('play', 'Play / pause (Space)', '\u25b6'),
        button('fwd', 'Next turn (Right)', '\u25b6\u25b6'),
        button('end', 'Last turn (End)', '\u21e5'),
        h('input', { class: 'slider', type: 'range', min: 0, value: 0, 'aria-label': 'Turn' }),
        h('span', { class: 'turn' }),
        h('label', null, 'speed ', h('select', { class: 'speed' },
          SPEEDS.map((sp) => h('option', { value: sp, selected: sp === this.speed }, `${sp}x`))))));
    const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (this.root.querySelector(s));
    this.canvas = /** @type {HTMLCanvasElement} */ (q('canvas'));
    this.tooltip = q('.tooltip');
    this.helpBox = q('.help');
    this.slider = /** @type {HTMLInputElement} */ (q('.slider'));
    this.turnLabel = q('.turn');
    this.playButton = q('.play');
    this.scoreBody = q('.scoreboard tbody');
    this.topBar = q('.topbar');
    this.resultBox = q('.result');
    this.legendBox = q('.legend');
    this.botsBox = q('.bots');
    this.gearMenu = q('.gear-menu');
    this.liveBadge = q('.live-badge');
    this.cancelButton = /** @type {HTMLButtonElement} */ (q('.cancel'));
    this.downloadLink = /** @type {HTMLElement|null} */ (this.root.querySelector('.download'));
    this.cancelButton.addEventListener('click', () => this.cancel());
    this.root.querySelectorAll('.controls button').forEach((b) => {
      b.addEventListener('click', () => this.act(/** @type {HTMLElement} */ (b).dataset.act || ''));
      // No focus on click: Space must not press the last clicked button too.
      b.addEventListener('mousedown', (e) => e.preventDefault());
    });
    this.slider.addEventListener('input', () => this.show(Number(this.slider.value)));
    q('.speed').addEventListener('change', (e) => { this.speed = Number(/** @type {HTMLSelectElement} */ (e.target).value); this.schedule(); });
    q('.gear').addEventListener('click', () => { this.gearMenu.hidden = !this.gearMenu.hidden; });
    q('.help-button').addEventListener('click', () => this.toggleHelp());
    // A click outside the gear menu or the help closes it (not the clicks on
    // the buttons that open them, which toggle).
    document.addEventListener('click', (e) => {
      const t = /** @type {Node} */ (e.target);
      if (!this.gearMenu.hidden && !this.gearMenu.contains(t) && !q('.gear').contains(t)) this.gearMenu.hidden = true;
      if (!this.helpBox.hidden && !this.helpBox.contains(t) && !q('.help-button').contains(t)) this.helpBox.hidden = true;
    }, { signal: this.listening.signal });
    this.canvas.addEventListener('mousemove', (e) => {
      const r = this.canvas.getBoundingClientRect();
      this.mouse = { x: e.clientX - r.left, y: e.clientY - r.top };
      this.draw(); // renderers may highlight what is under the mouse
      this.drawTooltip(e.clientX - r.left, e.clientY - r.top);
    });
    this.canvas.addEventListener('mouseleave', () => { this.mouse = null; this.tooltip.hidden = true; this.draw(); });
    const resizes = new ResizeObserver(() => { this.draw(); this.updateSide(); });
    resizes.observe(q('.board'));
    this.listening.signal.addEventListener('abort', () => resizes.disconnect());
    this.buildGear();
    this.buildHelp();
    if (this.source.id) this.buildNav();
  }

  /** Links to the previous and next matches of the same game (the Blitz page's "Previous, Game i/N, Next"). */
  async buildNav() {
    try {
      const list = (await (await fetch('/api/matches')).json()).filter((/** @type {any} */ m) => m.game === this.replay.game).reverse();
      const k = list.findIndex((/** @type {any} */ m) => m.id === this.source.id);
      if (k < 0 || list.length < 2) return;
      const link = (/** @type {any} */ m, /** @type {Child} */ text, /** @type {string} */ title) => m
        ? h('a', { href: `/match/${encodeURIComponent(m.id)}`, title: `${title}: ${m.players.join(' vs ')}` }, text) : h('span', { class: 'dim' }, text);
      /** @type {HTMLElement} */ (this.root.querySelector('.match-nav')).replaceChildren(
        link(list[k - 1], ['\u2039', h('span', { class: 'wide' }, ' Previous')], 'Previous match'), ' ', h('span', { class: 'dim' }, `${k + 1} / ${list.length}`), ' ',
        link(list[k + 1], [h('span', { class: 'wide' }, 'Next '), '\u203a'], 'Next match'));
    } catch (e) {
      console.warn('no match list', e);
    }
  }

  buildGear() {
    const opts = this.renderer.options || [];
    if (!opts.length) {
      this.gearMenu.replaceChildren(h('p', null, 'This game has no display options.'));
      return;
    }
    this.gearMenu.replaceChildren(...opts.map((/** @type {any} */ o) =>
      h('label', null, String(o.label), o.key ? [' ', h('kbd', null, String(o.key))] : null,
        h('select', { 'data-opt': o.id }, o.values.map((/** @type {any} */ v, /** @type {number} */ k) =>
          h('option', { value: k, selected: v === this.options[o.id] }, typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v)))))));
    this.gearMenu.querySelectorAll('select').forEach((sel) => sel.addEventListener('change', () => {
      const o = opts.find((/** @type {any} */ x) => x.id === sel.dataset.opt);
      this.setOption(o, o.values[Number(sel.value)]);
      sel.blur(); // give the keys back to the player (arrows would change the select)
    }));
  }

  /** @param {any} o @param {any} v */
  setOption(o, v) {
    this.options[o.id] = v;
    const sel = /** @type {HTMLSelectElement|null} */ (this.gearMenu.querySelector(`select[data-opt="${o.id}"]`));
    if (sel) sel.value = String(o.values.indexOf(v));
    this.draw();
    this.updateSide();
  }

  buildHelp() {
    const keys = [
      ['Space', 'play / pause'], ['Left / Right', 'previous / next turn'], ['Home / End', 'first / last turn'],
      ['+ (=) / -', 'faster / slower'], ['H', 'this help'], ['Esc', 'close the help and the menu'],
    ];
    for (const o of this.renderer.options || []) if (o.key) keys.push([o.key, o.help || o.label]);
    this.helpBox.replaceChildren(h('h2', null, 'Keys'),
      h('table', null, keys.map(([k, text]) => h('tr', null, h('td', null, h('kbd', null, k)), h('td', null, text)))),
      h('p', null, 'Hover the board for details. The gear menu holds the display options.'),
      h('p', { class: 'dim' }, 'Press H or Esc to close.'));
  }

  toggleHelp() {
    this.helpBox.hidden = !this.helpBox.hidden;
  }

  /** Close the gear menu and the help (Esc, a click elsewhere). */
  closeMenus() {
    this.gearMenu.hidden = true;
    this.helpBox.hidden = true;
  }

  /**
   * Stop this player for good: its playback, its page-wide listeners and
   * its board's resize observer (a page that opens one player after
   * another, as the editor does).
   */
  destroy() {
    this.playing = false;
    clearTimeout(this.timer);
    cancelAnimationFrame(this.raf);
    this.listening.abort();
  }

  bindKeys() {
    // the page-wide listeners end with the player (destroy)
    const signal = this.listening.signal;
    // An address edited on an open page (#turn=N) moves to that turn, as a
    // link to it would open it.
    window.addEventListener('hashchange', () => {
      const t = turnInAddress();
      if (t < 0 || t === this.frame) return;
      this.playing = false;
      this.show(t);
      this.schedule();
    }, { signal });
    document.addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
      // typing in a text area or an editor (the platform's code editor
      // beside the player, in a shadow root: its element is the path's first)
      const typed = e.composedPath()[0];
      if (typed instanceof HTMLTextAreaElement || (typed instanceof HTMLElement && typed.isContentEditable)) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key;
      const act = { ' ': 'play', ArrowLeft: 'back', ArrowRight: 'fwd', Home: 'start', End: 'end' }[k];
      if (act) {
        e.preventDefault();
        this.act(act);
        return;
      }
      if (k === 'h' || k === 'H') { this.toggleHelp(); return; }
      if (k === 'Escape') { this.closeMenus(); return; }
      // = is the unshifted + on most keyboards.
      if (k === '+' || k === '=' || k === '-') {
        const i = SPEEDS.indexOf(this.speed) + (k === '-' ? -1 : 1);
        this.speed = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i))];
        /** @type {HTMLSelectElement} */ (this.root.querySelector('.speed')).value = String(this.speed);
        this.schedule();
        return;
      }
      for (const o of this.renderer.options || []) {
        if (o.key && o.key.toLowerCase() === k.toLowerCase()) {
          e.preventDefault(); // F5 and F6 would reload the page or move the focus
          const i = o.values.indexOf(this.options[o.id]);
          this.setOption(o, o.values[(i + 1) % o.values.length]);
          return;
        }
      }
    }, { signal });
  }

  /** @param {string} act */
  act(act) {
    const n = this.last();
    switch (act) {
      case 'play':
        if (!this.playing && this.frame >= n && !this.live && !this.loading) this.frame = 0;
        this.playing = !this.playing;
        this.schedule();
        this.show(this.frame);
        return;
      case 'back': this.playing = false; this.show(this.frame - 1); break;
      case 'fwd': this.playing = false; this.show(this.frame + 1); break;
      case 'start': this.playing = false; this.show(0); break;
      case 'end': this.playing = false; this.show(n); this.wantEnd = this.loading ? n : 0; break;
    }
    this.schedule();
  }

  /**
   * Start or stop playback. Turns are due on a clock: the k-th turn after
   * play was pressed is due k periods later, whatever drawing costs, so the
   * speed chosen is the speed seen; a turn that comes due while the last one
   * is still being drawn is skipped rather than delaying all that follow.
   */
  schedule() {
    clearTimeout(this.timer);
    this.playButton.textContent = this.playing ? '\u275a\u275a' : '\u25b6';
    this.playButton.classList.toggle('on', this.playing);
    if (!this.playing) return;
    this.clock = { start: performance.now(), frame: this.frame, period: 500 / this.speed };
    this.tick();
  }

  /** Show the turn the playback clock says is due, and wait for the next one. */
  tick() {
    const c = this.clock, n = this.last();
    const due = c.frame + Math.floor((performance.now() - c.start) / c.period);
    if (due > this.frame) {
      const to = Math.min(due, n);
      // One turn forward is animated (when the speed leaves time to watch it); a skip snaps.
      if (to > this.frame) this.show(to, to === this.frame + 1 && this.speed <= MAX_ANIMATED_SPEED);
      if (due > n) {
        if (!this.live && !this.loading) {
          this.playing = false;
          this.schedule();
          return;
        }
        // The next turns are coming (a live match, a long replay loading):
        // the clock starts again from the last one, not to rush through them.
        this.clock = { start: performance.now(), frame: this.frame, period: c.period };
      }
    }
    const k = this.clock;
    const next = k.start + (this.frame - k.frame + 1) * k.period;
    this.timer = window.setTimeout(() => this.tick(), Math.max(0, next - performance.now()));
  }

  /**
   * @param {number} i the frame to show
   * @param {boolean} [moving] the match is playing at a pace that leaves
   *   time to watch the move (playback up to 4x, a live match followed):
   *   one turn forward is animated; otherwise (a step, a jump, high speed)
   *   the board snaps to the frame
   */
  show(i, moving = false) {
    const n = this.last();
    const before = this.frame;
    this.frame = Math.max(0, Math.min(n, i));
    if (this.renderer.animate && moving && this.frame === before + 1) {
      // One turn forward: animate it, within the time a turn has on screen.
      const length = this.playing ? Math.min(600, 0.85 * 500 / this.speed) : 300;
      this.anim = { frame: this.frame, start: performance.now(), length };
      cancelAnimationFrame(this.raf);
      const tick = () => {
        this.draw();
        if (this.progress() < 1) this.raf = requestAnimationFrame(tick);
      };
      this.raf = requestAnimationFrame(tick);
    } else if (this.frame !== before) {
      this.anim.frame = -1;
    }
    this.slider.max = String(n);
    this.slider.value = String(this.frame);
    this.counter = `Turn ${this.frame} / ${n}${this.live ? '+' : ''}${this.loading ? '\u2026' : ''}`;
    this.turnLabel.textContent = this.counter;
    this.turnLabel.title = this.loading ? 'loading the rest of the match' : '';
    // The address names the turn shown, so that a link to it can be shared.
    // A live page following the newest turn names none: reloaded, it follows.
    // Written once the turn has stayed 250 ms: browsers refuse (Safari
    // throws) more than about 100 address changes in 30 s, and 16x shows 32
    // turns a second.
    const hash = this.live && this.frame === n ? '' : `#turn=${this.frame}`;
    clearTimeout(this.hashTimer);
    this.hashTimer = window.setTimeout(() => {
      if (location.hash !== hash) history.replaceState(history.state, '', hash || location.pathname + location.search);
    }, 250);
    this.draw();
    this.updateSide();
  }

  /** How far the animation of the current frame is, from 0 to 1 (1: at rest). */
  progress() {
    if (this.anim.frame !== this.frame || this.anim.length <= 0) return 1;
    return Math.min(1, (performance.now() - this.anim.start) / this.anim.length);
  }

  view() {
    const progress = this.progress();
    const prev = progress < 1 && this.frame > 0 ? this.frameAt(this.frame - 1) : null;
    return { width: this.canvas.clientWidth, height: this.canvas.clientHeight, options: this.options, hover: this.mouse, progress, prev, counter: this.counter };
  }

  draw() {
    if (!this.canvas) return;
    const board = /** @type {HTMLElement} */ (this.canvas.parentElement);
    const w = board.clientWidth, h = board.clientHeight;
    // a board with no size (hidden, or taken out of the page) shows nothing,
    // and a renderer's cached layer of no size cannot be drawn
    if (w === 0 || h === 0) return;
    const dpr = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
      this.canvas.style.width = w + 'px';
      this.canvas.style.height = h + 'px';
    }
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    try {
      this.renderer.draw(ctx, this.frameAt(this.frame), this.frame, this.view());
    } catch (e) {
      console.error(e);
      ctx.fillStyle = '#c00';
      ctx.fillText(`renderer error: ${e}`, 10, 20);
    }
    if (this.mouse && !this.tooltip.hidden) this.drawTooltip(this.mouse.x, this.mouse.y);
  }

  /** @param {number} x @param {number} y */
  drawTooltip(x, y) {
    const lines = this.renderer.hover(this.frameAt(this.frame), this.frame, x, y, this.view());
    if (!lines || !lines.length) {
      this.tooltip.hidden = true;
      return;
    }
    this.tooltip.replaceChildren(...lines.map((/** @type {string} */ l) => l === '' ? h('hr') : h('div', null, String(l))));
    this.tooltip.hidden = false;
    const board = /** @type {HTMLElement} */ (this.canvas.parentElement);
    const left = Math.min(x + 14, board.clientWidth - this.tooltip.offsetWidth - 4);
    const top = Math.min(y + 14, board.clientHeight - this.tooltip.offsetHeight - 4);
    this.tooltip.style.left = Math.max(0, left) + 'px';
    this.tooltip.style.top = Math.max(0, top) + 'px';
  }

  /**
   * The bar above the board, as the events' viewers had: each player in
   * seat order with its colour, name, score and rank (the result's at the
   * end; before, by the current score when the game's scores are numbers).
   * @param {any[]} scores @param {boolean} atEnd
   */
  topChips(scores, atEnd) {
    const rep = this.replay;
    // Before the end: ranked by the renderer's rankBy (jungle: score, then
    // held points), else by the score when the game's scores are numbers.
    const keys = rep.players.map((/** @type {any} */ _, /** @type {number} */ k) => {
      const s = scores[k] || {};
      return Array.isArray(s.rankBy) ? s.rankBy.map(Number) : [Number(s.score)];
    });
    const numeric = keys.every((/** @type {number[]} */ v) => v.every((x) => Number.isFinite(x)));
    const above = (/** @type {number[]} */ a, /** @type {number[]} */ b) => {
      for (let j = 0; j < Math.max(a.length, b.length); j++) if ((a[j] ?? 0) !== (b[j] ?? 0)) return (a[j] ?? 0) > (b[j] ?? 0);
      return false;
    };
    return rep.players.map((/** @type {any} */ p, /** @type {number} */ k) => {
      const rank = atEnd ? rep.result.players[k].rank
        : numeric ? 1 + keys.filter((/** @type {number[]} */ v) => above(v, keys[k])).length : 0;
      const color = this.colors[k % this.colors.length];
      const s = scores[k] || {};
      const fill = Number(s.progress);
      return h('div', { class: 'chip', 'data-seat': k, style: { borderColor: color } },
        Number.isFinite(fill) ? h('span', { class: 'chip-progress', title: s.asideTitle ? String(s.asideTitle) : null,
          style: { width: `${(100 * Math.max(0, Math.min(1, fill))).toFixed(1)}%`, background: color } }) : null,
        h('span', { class: 'chip-rank' }, rank ? `#${rank}` : ''),
        h('span', { class: 'chip-name', title: String(p.name), style: { color } }, String(p.name)),
        h('span', { class: 'chip-score' }, String(s.score ?? '')),
        s.aside && !atEnd ? h('span', { class: 'chip-aside', title: s.asideTitle ? String(s.asideTitle) : null }, String(s.aside)) : null);
    });
  }

  /**
   * The top bar's names, shortened to their chips so that two players stay
   * told apart ("greedy" and "greedy#2" must not both read "gree\u2026"):
   * a name that does not fit keeps its start and, after an ellipsis, its
   * end when that tells it from the others (a "#2", a version). The whole
   * name stays the chip's tooltip.
   */
  fitChipNames() {
    const els = /** @type {HTMLElement[]} */ ([...this.topBar.querySelectorAll('.chip-name')]);
    if (!els.length) return;
    const names = els.map((e) => e.title);
    const widths = els.map((e) => e.clientWidth);
    const all = names.join('\n');
    // Measured in the chip itself (what the browser lays out is what is
    // seen), once per name and width: scores change the chips' widths
    // rarely, the turns change a lot.
    /** @param {number} k @param {string} text */
    const fits = (k, text) => {
      const key = `${all}\n${k}\n${widths[k]}\n${text}`;
      let ok = this.fitCache.get(key);
      if (ok === undefined) {
        els[k].textContent = text;
        ok = els[k].scrollWidth <= els[k].clientWidth;
        this.fitCache.set(key, ok);
      }
      return ok;
    };
    if (this.fitCache.size > 5000) this.fitCache.clear();
    /** The longest start of names[k] that fits with the ellipsis and `tail`. @param {number} k @param {string} tail */
    const cut = (k, tail) => {
      const name = names[k];
      let lo = 1, hi = name.length - tail.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (fits(k, name.slice(0, mid) + '\u2026' + tail)) lo = mid; else hi = mid - 1;
      }
      return name.slice(0, lo) + '\u2026' + tail;
    };
    const shown = names.map((name, k) => {
      if (fits(k, name)) return name;
      // A counter or version at the end ("#2", "_v3") is what tells clones apart.
      const m = /[#_\-.:]\w{1,4}$/.exec(name);
      return cut(k, m && m.index > 0 ? m[0] : '');
    });
    // Still alike: keep as much of the end as tells each apart.
    for (let k = 0; k < names.length; k++) {
      if (!shown.some((t, j) => j !== k && t === shown[k])) continue;
      const name = names[k];
      let tail = 1;
      while (tail < name.length && names.some((o, j) => j !== k && o.endsWith(name.slice(-tail)))) tail++;
      shown[k] = cut(k, name.slice(-Math.min(name.length - 1, Math.max(tail, 3))));
    }
    els.forEach((e, k) => { if (e.textContent !== shown[k]) e.textContent = shown[k]; });
  }

  updateSide() {
    const rep = this.replay, i = this.frame;
    const frame = this.frameAt(i);
    const scores = this.renderer.scores(frame, i) || [];
    const messages = this.renderer.messages ? this.renderer.messages(frame, i) : [];
    const status = this.renderer.status ? this.renderer.status(frame, i) : [];
    const turn = i > 0 ? rep.turns[i - 1] : null;
    const atEnd = rep.result && i === this.last();
    // At the end the scoreboard lists the players by rank; before, by seat.
    const seats = rep.players.map((/** @type {any} */ _, /** @type {number} */ k) => k);
    if (atEnd) seats.sort((/** @type {number} */ a, /** @type {number} */ b) => rep.result.players[a].rank - rep.result.players[b].rank || a - b);
    this.scoreBody.replaceChildren(...seats.flatMap((/** @type {number} */ k) => {
      const p = rep.players[k];
      const s = scores[k] || {};
      const r = atEnd ? rep.result.players[k] : null;
      const reply = turn ? turn.replies[k] : null;
      const flags = [];
      // A timeout whose prompt could not be written, the bot's input pipe
      // full (reply.unread), is what the result calls stopped-reading; one
      // the machine caused (reply.starved), starved.
      if (reply && reply.status !== 'answered' && reply.status !== 'not-asked') flags.push(reply.unread ? 'stopped-reading' : reply.starved ? 'starved' : reply.status);
      if (status[k]) flags.push(status[k]);
      const said = flags.map((f) => typeof f === 'string' ? f : f.text).join(' ');
      if (r && r.status !== 'ok' && !said.includes(r.status)) flags.push(r.status);
      const row = h('tr', { class: 'seat', 'data-seat': k },
        h('td', null, h('span', { class: 'swatch', style: { background: this.colors[k % this.colors.length] } })),
        h('td', { class: 'rank' }, r ? '#' + r.rank : ''),
        h('td', { class: 'name' }, h('div', { class: 'who', title: String(p.name) }, String(p.name)), s.detail ? h('div', { class: 'detail' }, String(s.detail)) : null,
          flags.length ? h('div', { class: 'flags' }, flags.map((f, n) => [n ? ' ' : '', typeof f === 'string'
            ? h('span', { class: 'flag' }, f) : h('span', { class: `flag ${tone(f.tone)}` }, String(f.text))])) : null),
        h('td', { class: 'score' }, String(s.score ?? '')));
      return messages[k] ? [row, h('tr', { class: 'message' }, h('td'), h('td', { colspan: 3 }, `\u201c${messages[k]}\u201d`))] : [row];
    }));
    this.topBar.replaceChildren(...this.topChips(scores, atEnd));
    this.fitChipNames();
    if (atEnd) {
      this.resultBox.replaceChildren(h('div', { class: 'summary' }, String(rep.result.summary || 'Match over')),
        ...rep.result.players.map((/** @type {any} */ p) => p.message ? h('div', null, h('b', null, String(p.name)), ': ', String(p.message)) : null).filter(Boolean));
    } else {
      // A match stopped before its end (a server limit, its Stop button) says why.
      this.resultBox.replaceChildren(...(this.stopMessage ? [h('div', { class: 'summary' }, this.stopMessage)] : []));
    }
    // A renderer's legend is DOM it built with env.kit.h (or plain text).
    const legend = this.renderer.legend ? this.renderer.legend(frame, i, this.view()) : null;
    this.legendBox.replaceChildren(...flatten([legend, this.symbols()]));
    // A list cut by its height fades out at the bottom: a sign that it scrolls.
    this.legendBox.querySelectorAll('.log').forEach((l) => l.classList.toggle('overflows', l.scrollHeight > l.clientHeight + 1));
    this.botsBox.replaceChildren(...(turn ? turn.replies.map((/** @type {any} */ r, /** @type {number} */ k) =>
      h('details', { class: 'bot', open: !!(r.lines && r.lines.length) },
        h('summary', null, h('span', { class: 'swatch', style: { background: this.colors[k % this.colors.length] } }), ' ',
          `${rep.players[k].name}: ${r.status}${r.late ? ' (late)' : ''} ${r.time ? ms(r.time) + ' ms' : ''}${r.cpu ? `, cpu ${ms(r.cpu)} ms` : ''}`),
        r.error ? h('div', { class: 'error' }, String(r.error)) : null,
        r.unread ? h('div', { class: 'error' }, `stopped reading its input: its input pipe was full when this turn's prompt was due (${(r.unread / 1024).toFixed(1)} KiB unread)`) : null,
        r.lines && r.lines.length ? this.output(r, k, frame, i) : null,
        r.stderr ? h('pre', { class: 'err' }, String(r.stderr)) : null))
      : [h('p', { class: 'dim' }, 'Initial state. Step forward to see the bots\' answers.')]));
  }

  /**
   * A bot's answer: in the game's words when its renderer reads them
   * (jungle's JSON commands as one line per unit), else the lines as sent.
   * @param {any} r the reply @param {number} k its seat @param {any} frame @param {number} i
   */
  output(r, k, frame, i) {
    const raw = () => h('pre', { class: 'out' }, r.lines.map((/** @type {any} */ l) =>
      (l.Text.length > 2000 ? l.Text.slice(0, 2000) + '\u2026' : l.Text) + (l.TooLong ? ' [line too long]' : '')).join('\n'));
    let said = null;
    try {
      said = this.renderer.output ? this.renderer.output(r, k, frame, i) : null;
    } catch (e) {
      console.warn('output', e);
    }
    if (!said || !said.length) return raw();
    // The raw answer stays one click away.
    return [h('pre', { class: 'out said' }, said.map(String).join('\n')),
      h('details', { class: 'raw' }, h('summary', null, 'as sent'), raw())];
  }

  /**
   * What the board's symbols mean (the renderer's symbols): each drawn in a
   * small canvas with its meaning beside, built once.
   */
  symbols() {
    const list = this.renderer.symbols || [];
    if (!list.length) return null;
    if (this.symbolsBox) return this.symbolsBox;
    const size = 22, dpr = window.devicePixelRatio || 1;
    const rows = list.map((/** @type {any} */ sym) => {
      const c = /** @type {HTMLCanvasElement} */ (h('canvas', { width: Math.round(size * dpr), height: Math.round(size * dpr), style: { width: size + 'px', height: size + 'px' } }));
      const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
      g.setTransform(dpr * size / 2.4, 0, 0, dpr * size / 2.4, dpr * size / 2, dpr * size / 2);
      try {
        sym.draw(g);
      } catch (e) {
        console.warn('symbol', e);
      }
      return h('div', { class: 'symbol' }, c, h('span', null, String(sym.label)));
    });
    this.symbolsBox = h('details', { class: 'symbols', open: true }, h('summary', null, 'Symbols'), rows);
    return this.symbolsBox;
  }

  /**
   * Follow a live match over a WebSocket: catch up, then take each turn.
   * A connection that closes before the match's end (the server dropped a
   * viewer too slow to keep up, a network hiccup) is opened again: its
   * first message is the whole match so far, so nothing is lost.
   * @param {number} [retries] connections left to try before giving up
   */
  follow(retries = 5) {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/matches/${encodeURIComponent(this.source.id || "")}/live`);
    let ended = false;
    this.live = true;
    this.liveBadge.hidden = false;
    ws.onmessage = (ev) => {
      retries = 5;
      const m = JSON.parse(ev.data);
      const atEnd = this.frame === this.last();
      if (m.type === 'replay') {
        Object.assign(this.replay, m.replay);
        if (m.turns) this.replay.turns = m.turns; // a live catch-up sends them beside the header
        ended = !!m.replay.result;
        if (m.error) {
          this.stopped(m.error);
          ended = true;
          this.stopLive();
        }
      } else if (m.type === 'turn') {
        this.replay.turns.push(m.turn);
      } else if (m.type === 'end') {
        this.replay.result = m.result;
        this.replay.outcome = m.outcome;
        ended = true;
        this.stopLive();
      } else if (m.type === 'error') {
        this.stopped(m.error);
        ended = true;
        this.stopLive();
      }
      // A viewer at the newest turn follows the match as it is played.
      if (atEnd && !this.playing) this.show(this.last(), m.type === 'turn');
      else this.show(this.frame);
    };
    ws.onclose = () => {
      if (!ended && retries > 0) {
        window.setTimeout(() => this.follow(retries - 1), 1000);
        return;
      }
      this.stopLive();
    };
  }

  /**
   * A live match stopped before its end: the server keeps no replay of it
   * (only finished matches are saved), so the page offers none to download
   * and says so, rather than a link that soon answers "not found".
   * @param {string} why
   */
  stopped(why) {
    this.stopMessage = `The match stopped: ${why}. It was not saved: there is no replay to download.`;
    if (this.downloadLink) this.downloadLink.hidden = true;
  }

  /** Stop the match (this page started it: it holds the match's token). */
  async cancel() {
    const token = sessionStorage.getItem(`arena-cancel-${this.source.id}`);
    if (!token) return;
    this.cancelButton.disabled = true;
    const res = await fetch(`/api/matches/${encodeURIComponent(this.source.id || '')}/cancel`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }),
    });
    if (res.ok) sessionStorage.removeItem(`arena-cancel-${this.source.id}`);
    else this.cancelButton.disabled = false;
  }

  stopLive() {
    if (!this.live) return;
    this.live = false;
    this.liveBadge.hidden = true;
    this.cancelButton.hidden = true;
    this.show(this.frame);
  }
}
