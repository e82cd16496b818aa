#!/usr/bin/env python3
"""A process bot for the territory tests (stdin/stdout mode).

Without --answers it moves its head to a neighbouring tile of its own body
(a free move that never dies). Options:
  --log FILE        append every line read, byte for byte, to FILE
  --answers FILE    answer the lines of FILE in order instead
  --sleep T:MS      sleep MS milliseconds before answering turn T ("T+" for
                    turn T and every later one)
  --crash-at T      exit with status 3 when turn T arrives
  --hang-from T     from turn T on, read everything and never answer
  --double-at T     answer turn T with two lines: the move, then LEFT
  --exit            exit at once
"""
import json
import sys
import time

args = sys.argv[1:]
opts = {"sleep": {}}
while args:
    a = args.pop(0)
    if a in ("--log", "--answers", "--crash-at", "--double-at", "--hang-from"):
        opts[a[2:]] = args.pop(0)
    elif a == "--sleep":
        t, ms = args.pop(0).split(":")
        opts["sleep"][t] = int(ms)
    elif a == "--exit":
        opts[a[2:]] = True
    else:
        sys.exit("unknown option " + a)
if opts.get("exit"):
    sys.exit(0)
answers = None
if "answers" in opts:
    with open(opts["answers"]) as f:
        answers = [l.rstrip("\n") for l in f]
log = open(opts["log"], "ab") if "log" in opts else None
k = 0
while True:
    raw = sys.stdin.buffer.readline()
    if not raw:
        break
    if log:
        log.write(raw)
        log.flush()
    state = json.loads(raw)
    if state["Final"]:
        continue
    turn = state["Turn"]
    if opts.get("crash-at") == str(turn):
        print("crashing on purpose at turn %d" % turn, file=sys.stderr)
        sys.exit(3)
    if "hang-from" in opts and turn >= int(opts["hang-from"]):
        continue
    ms = opts["sleep"].get(str(turn), 0)
    for t, v in opts["sleep"].items():
        if t.endswith("+") and turn >= int(t[:-1]):
            ms = v
    if ms:
        time.sleep(ms / 1000)
    if answers is not None:
        move = answers[k] if k < len(answers) else "NONE"
        k += 1
    else:
        head = state["OccupiedTiles"]["Head"][0]
        body = {(t["X"], t["Y"]) for t in state["OccupiedTiles"]["Body"]}
        move = "NONE"
        for name, dx, dy in (("UP", 0, 1), ("RIGHT", 1, 0), ("DOWN", 0, -1), ("LEFT", -1, 0)):
            if (head["X"] + dx, head["Y"] + dy) in body:
                move = name
                break
    out = move + "\n"
    if opts.get("double-at") == str(turn):
        out += "LEFT\n"
    sys.stdout.write(out)
    sys.stdout.flush()
