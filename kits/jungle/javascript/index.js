// You should not need to change this file: it only talks to the game server.
// Write your bot in bot.js.
//
// As the 2022 starter kits did, it connects to ws://0.0.0.0:8765 and registers
// with the TOKEN environment variable when it is set, by team name otherwise.
// Arena also gives the server's address in ARENA_WS_URL (when port 8765 is
// taken by another server, for instance).
const WebSocket = require("ws");
const { Bot } = require("./bot");

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

  console.log(`Playing tick ${gameMessage.tick} of ${gameMessage.totalTick}`);

  const myTeam = (gameMessage.teams || []).find((team) => team.id === gameMessage.teamId);
  if (myTeam) {
    myTeam.errors.forEach((error) => console.error(`Bot command Error: ${error}`));
  }

  webSocket.send(
    JSON.stringify({
      type: "COMMAND",
      tick: gameMessage.tick,
      actions: bot.getNextMove(gameMessage),
    })
  );
};

webSocket.onclose = () => {
  console.log("The game is over: the server closed the connection.");
};

webSocket.onerror = (error) => {
  console.error(`WebSocket error: ${error.message}`);
};
