// Your bot. Like the 2022 starter kits' bot, this one spawns its units on
// random spawn tiles, then sends each to a random tile; a unit that steps on a
// diamond picks it up, and this bot then drops it next to itself to score.
//
// gameMessage is the TICK (see ../../../docs/games/jungle.md): map.tiles[x][y]
// is "EMPTY", "WALL" or "SPAWN"; map.diamonds; teams with their units; teamId
// is yours. Return one action per unit:
//   { type: "UNIT", action: "SPAWN"|"MOVE"|"SUMMON"|"DROP"|"VINE"|"ATTACK"|"NONE",
//     unitId: "1", target: { x, y } }
class Bot {
  constructor() {
    console.log("Initializing your super mega duper bot");
  }

  getNextMove(gameMessage) {
    const tiles = gameMessage.map.tiles;
    const width = tiles.length;
    const height = width > 0 ? tiles[0].length : 0;
    const spawns = [];
    for (let x = 0; x < width; x++) {
      for (let y = 0; y < height; y++) {
        if (tiles[x][y] === "SPAWN") spawns.push({ x, y });
      }
    }
    const taken = new Set();
    gameMessage.teams.forEach((team) =>
      team.units.forEach((unit) => unit.position && taken.add(`${unit.position.x},${unit.position.y}`))
    );
    const tileAt = (p) => (p.x >= 0 && p.y >= 0 && p.x < width && p.y < height ? tiles[p.x][p.y] : undefined);
    const random = (n) => Math.floor(Math.random() * n);

    const myTeam = gameMessage.teams.find((team) => team.id === gameMessage.teamId);
    return myTeam.units.map((unit) => {
      if (!unit.hasSpawned) {
        return { type: "UNIT", action: "SPAWN", unitId: unit.id, target: spawns[random(spawns.length)] };
      }
      if (unit.hasDiamond && !unit.isSummoning && tileAt(unit.position) === "EMPTY") {
        const p = unit.position;
        const free = [
          { x: p.x, y: p.y - 1 },
          { x: p.x, y: p.y + 1 },
          { x: p.x - 1, y: p.y },
          { x: p.x + 1, y: p.y },
        ].find((q) => tileAt(q) === "EMPTY" && !taken.has(`${q.x},${q.y}`));
        if (free) {
          return { type: "UNIT", action: "DROP", unitId: unit.id, target: free };
        }
        return { type: "UNIT", action: "NONE", unitId: unit.id };
      }
      return { type: "UNIT", action: "MOVE", unitId: unit.id, target: { x: random(width), y: random(height) } };
    });
  }
}

module.exports = { Bot };
