#!/usr/bin/env python3
"""Jungle Blitz (Coveo Blitz 2022) starter kit for Python, over stdin/stdout.

Arena sends one TICK as a JSON object per line on stdin; answer one COMMAND
as a JSON object per line on stdout. Print your logs on stderr: anything on
stdout that is not a JSON command ends your game.

    arena play jungle --bot "stdio:python3 kits/jungle/python/application.py" --bot builtin:greedy

You should not need to change this file: write your bot in bot.py.
"""
import json
import sys

from bot import Bot


def main():
    bot = Bot()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        if message.get("type") != "TICK":
            continue
        my_team = next((t for t in message["teams"] if t["id"] == message["teamId"]), None)
        if my_team:
            for error in my_team["errors"]:
                print(f"Bot command error: {error}", file=sys.stderr)
        command = {"type": "COMMAND", "tick": message["tick"], "actions": bot.get_next_move(message)}
        sys.stdout.write(json.dumps(command, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
