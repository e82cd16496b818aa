"""Your bot.

This one spawns its units on random spawn tiles, sends each unit without a
diamond to the nearest free diamond (the server finds the path), and drops a
diamond it holds next to itself to score its points.

The TICK message (see docs/games/jungle.md):
  message["map"]["tiles"][x][y]  "EMPTY", "WALL" or "SPAWN"
  message["map"]["diamonds"]     {id, position: {x, y}, summonLevel, points, ownerId?}
  message["teams"]               {id, name, score, isDead, units, errors}
  message["teamId"]              your team
Each unit: {id, teamId, position (None when not on the board), path,
hasDiamond, hasSpawned, isSummoning, lastState, diamondId?}.

Return one action per unit:
  {"type": "UNIT", "action": "SPAWN"|"MOVE"|"SUMMON"|"DROP"|"VINE"|"ATTACK"|"NONE",
   "unitId": "1", "target": {"x": 0, "y": 0}}
"""
import random


class Bot:
    def __init__(self):
        self.random = random.Random()

    def get_next_move(self, message):
        tiles = message["map"]["tiles"]
        width, height = len(tiles), len(tiles[0]) if tiles else 0

        def tile(p):
            if 0 <= p["x"] < width and 0 <= p["y"] < height:
                return tiles[p["x"]][p["y"]]
            return None

        spawns = [{"x": x, "y": y} for x in range(width) for y in range(height) if tiles[x][y] == "SPAWN"]
        taken = {(u["position"]["x"], u["position"]["y"])
                 for t in message["teams"] for u in t["units"] if u["position"]}
        free_diamonds = [d["position"] for d in message["map"]["diamonds"] if not d.get("ownerId")]
        my_team = next(t for t in message["teams"] if t["id"] == message["teamId"])

        actions = []
        for unit in my_team["units"]:
            if not unit["hasSpawned"]:
                if spawns:
                    actions.append(self.action("SPAWN", unit, self.random.choice(spawns)))
                continue
            p = unit["position"]
            if unit["hasDiamond"] and not unit["isSummoning"] and tile(p) == "EMPTY":
                for q in ({"x": p["x"], "y": p["y"] - 1}, {"x": p["x"], "y": p["y"] + 1},
                          {"x": p["x"] - 1, "y": p["y"]}, {"x": p["x"] + 1, "y": p["y"]}):
                    if tile(q) == "EMPTY" and (q["x"], q["y"]) not in taken:
                        actions.append(self.action("DROP", unit, q))
                        break
                else:
                    actions.append(self.action("NONE", unit))
                continue
            if free_diamonds:
                nearest = min(free_diamonds, key=lambda d: abs(d["x"] - p["x"]) + abs(d["y"] - p["y"]))
                actions.append(self.action("MOVE", unit, nearest))
            else:
                target = {"x": self.random.randrange(width), "y": self.random.randrange(height)}
                actions.append(self.action("MOVE", unit, target))
        return actions

    @staticmethod
    def action(kind, unit, target=None):
        a = {"type": "UNIT", "action": kind, "unitId": unit["id"]}
        if target is not None:
            a["target"] = target
        return a
