// @ts-check
// The generic renderer: shows any game's frames as text, so that a game
// without a renderer of its own can still be replayed and followed live.
// If a frame has a "scores" array, the scoreboard shows it.

/** @param {any} replay @param {{colors: string[]}} env */
export default function create(replay, env) {
  return {
    /** @param {CanvasRenderingContext2D} ctx @param {any} frame @param {number} i @param {any} view */
    draw(ctx, frame, i, view) {
      ctx.fillStyle = '#1b1f24';
      ctx.fillRect(0, 0, view.width, view.height);
      ctx.fillStyle = '#d0d7de';
      ctx.font = '12px monospace';
      // One line per top-level key, its value compact and wrapped.
      const width = Math.max(40, Math.floor((view.width - 16) / 7.3));
      const lines = [];
      for (const [k, v] of Object.entries(frame || {})) {
        const text = `${k}: ${JSON.stringify(v)}`;
        for (let at = 0; at < text.length; at += width) lines.push((at ? '    ' : '') + text.slice(at, at + width));
      }
      const rows = Math.floor((view.height - 16) / 14);
      lines.slice(0, rows).forEach((l, k) => ctx.fillText(l, 8, 16 + k * 14));
      if (lines.length > rows) ctx.fillText(`… ${lines.length - rows} more lines`, 8, 16 + rows * 14);
    },
    hover() {
      return null;
    },
    /** @param {any} frame */
    scores(frame) {
      const s = frame && Array.isArray(frame.scores) ? frame.scores : [];
      return replay.players.map((/** @type {any} */ _, /** @type {number} */ k) => ({ score: s[k] ?? '' }));
    },
  };
}
