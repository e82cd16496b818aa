// Jungle Blitz (Coveo Blitz 2022) protocol for the TypeScript starter kit:
// you should not need to change this file. Write your bot in bot.ts.
//
// As the 2022 starter kits did, it connects to ws://0.0.0.0:8765 and
// registers with the TOKEN environment variable when it is set, by team name
// otherwise. Arena also gives the server's address in ARENA_WS_URL (when
// port 8765 is taken by another server, for instance). With --stdio it
// speaks Arena's stdin/stdout mode instead: one TICK per line in, one
// COMMAND per line out (`arena play jungle --bot "stdio:node dist/index.js --stdio"`).
import * as readline from "readline";
import WebSocket from "ws";
import { Bot } from "./bot";
import { Tick, TickMessage } from "./jungle";

/** The COMMAND answering one TICK message, logging the team's errors. */
function answer(bot: Bot, message: TickMessage): string {
  const tick = new Tick(message);
  tick.myTeam?.errors.forEach((error) => console.error(`Bot command Error: ${error}`));
  return JSON.stringify({ type: "COMMAND", tick: tick.tick, actions: bot.getNextMove(tick) });
}

function webSocketMode(): void {
  const webSocket = new WebSocket(process.env.ARENA_WS_URL || "ws://0.0.0.0:8765");
  const bot = new Bot();
  webSocket.on("open", () => {
    if (process.env.TOKEN) {
      webSocket.send(JSON.stringify({ type: "REGISTER", token: process.env.TOKEN }));
    } else {
      webSocket.send(JSON.stringify({ type: "REGISTER", teamName: "MyBot TypeScript" }));
    }
  });
  webSocket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    if (message.type !== "TICK") return;
    console.log(`Playing tick ${message.tick} of ${message.totalTick}`);
    webSocket.send(answer(bot, message as TickMessage));
  });
  webSocket.on("close", () => console.log("The game is over: the server closed the connection."));
  webSocket.on("error", (error) => console.error(`WebSocket error: ${error.message}`));
}

async function stdioMode(): Promise<void> {
  const bot = new Bot();
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.type !== "TICK") continue;
    process.stdout.write(answer(bot, message as TickMessage) + "\n");
  }
}

if (process.argv.includes("--stdio")) {
  console.log = console.error; // stdout carries the COMMANDs: logs go to stderr
  stdioMode();
} else {
  webSocketMode();
}
