// Jungle Blitz (Coveo Blitz 2022) protocol for the JavaScript starter kit:
// you should not need to change this file. Write your bot in bot.js.
//
// As the 2022 starter kits did, it connects to ws://0.0.0.0:8765 and
// registers with the TOKEN environment variable when it is set, by team name
// otherwise. Arena also gives the server's address in ARENA_WS_URL (when
// port 8765 is taken by another server, for instance). With --stdio it
// speaks Arena's stdin/stdout mode instead: one TICK per line in, one
// COMMAND per line out (`arena play jungle --bot "stdio:node index.js --stdio"`).
//
// Every TICK is handed to the bot as it comes (see the types in jungle.js),
// and the bot's actions are sent back as the COMMAND of that tick.
"use strict";
const { Bot } = require("./bot");
const { readTick } = require("./jungle");

/** The COMMAND answering one TICK message, logging the team's errors. */
function answer(bot, gameMessage) {
  const tick = readTick(gameMessage);
  if (tick.myTeam) tick.myTeam.errors.forEach((error) => console.error(`Bot command Error: ${error}`));
  return JSON.stringify({ type: "COMMAND", tick: tick.tick, actions: bot.getNextMove(tick) });
}

function webSocketMode() {
  const WebSocket = require("ws");
  const webSocket = new WebSocket(process.env.ARENA_WS_URL || "ws://0.0.0.0:8765");
  let bot;

  webSocket.onopen = () => {
    bot = new Bot();
    if (process.env.TOKEN) {
      webSocket.send(JSON.stringify({ type: "REGISTER", token: process.env.TOKEN }));
    } else {
      webSocket.send(JSON.stringify({ type: "REGISTER", teamName: "MyBot JavaScript" }));
    }
  };

  webSocket.onmessage = (message) => {
    const gameMessage = JSON.parse(message.data.toString());
    if (gameMessage.type !== "TICK") return;
    console.log(`Playing tick ${gameMessage.tick} of ${gameMessage.totalTick}`);
    webSocket.send(answer(bot, gameMessage));
  };

  webSocket.onclose = () => {
    console.log("The game is over: the server closed the connection.");
  };

  webSocket.onerror = (error) => {
    console.error(`WebSocket error: ${error.message}`);
  };
}

async function stdioMode() {
  const readline = require("readline");
  const bot = new Bot();
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const gameMessage = JSON.parse(line);
    if (gameMessage.type !== "TICK") continue;
    process.stdout.write(answer(bot, gameMessage) + "\n");
  }
}

if (process.argv.includes("--stdio")) {
  // stdout carries the COMMANDs: logs go to stderr.
  console.log = console.error;
  stdioMode();
} else {
  webSocketMode();
}
