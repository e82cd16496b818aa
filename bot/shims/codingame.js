// Arena's CodinGame shim for Node.js bots. Arena preloads it into every
// Node process bot (NODE_OPTIONS=--require) so that bots written for
// CodinGame, which call the global readline(), print() and printErr(), run
// unchanged. It defines only what is missing and reads nothing until the
// bot first calls readline(), so bots that read process.stdin themselves
// are not affected.
'use strict';
(function () {
  const fs = require('fs');
  let pending = Buffer.alloc(0);
  let eof = false;
  const chunk = Buffer.alloc(65536);

  function fill() {
    for (;;) {
      try {
        const n = fs.readSync(0, chunk, 0, chunk.length, null);
        if (n === 0) { eof = true; return; }
        pending = Buffer.concat([pending, chunk.subarray(0, n)]);
        return;
      } catch (e) {
        if (e.code === 'EAGAIN') { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1); continue; }
        if (e.code === 'EOF') { eof = true; return; }
        throw e;
      }
    }
  }

  function readline() {
    for (;;) {
      const i = pending.indexOf(10);
      if (i >= 0) {
        let line = pending.subarray(0, i).toString('utf8');
        pending = pending.subarray(i + 1);
        if (line.endsWith('\r')) line = line.slice(0, -1);
        return line;
      }
      if (eof) {
        if (pending.length === 0) return undefined;
        const rest = pending.toString('utf8');
        pending = Buffer.alloc(0);
        return rest;
      }
      fill();
    }
  }

  if (typeof globalThis.readline !== 'function') globalThis.readline = readline;
  if (typeof globalThis.print !== 'function') globalThis.print = (...a) => console.log(...a);
  if (typeof globalThis.printErr !== 'function') globalThis.printErr = (...a) => console.error(...a);
})();
