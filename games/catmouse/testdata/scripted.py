"""A scripted catmouse AI for the tests: it answers as its script says and
logs every byte it reads.

    python3 scripted.py SCRIPT.json LOGDIR

SCRIPT maps a role (CATS, MOUSE) to a plan: {"ready": ENTRY, "states":
{"10": ENTRY, ...}, "default": [lines]}, an ENTRY being {"ms": delay,
"out": [lines], "exit": true (end without answering), "silent": true (never
answer again)}. The bytes read in each leg go to LOGDIR/ROLE-gG-lL.in.
"""
import json
import sys
import time

script = json.load(open(sys.argv[1]))
logdir = sys.argv[2]
inp = sys.stdin.buffer
plan = None
log = None
pending = []
silent = False
kind, number, role, game, leg = None, 0, None, "1", "1"


def respond(entry, default):
    global silent
    if silent:
        return
    if entry.get("exit"):
        sys.exit(0)
    if entry.get("silent"):
        silent = True
        return
    time.sleep(entry.get("ms", 0) / 1000)
    sys.stdout.write("".join(line + "\n" for line in entry.get("out", default)))
    sys.stdout.flush()


for raw in iter(inp.readline, b""):
    if log is None:
        pending.append(raw)
    else:
        log.write(raw)
        log.flush()
    words = raw.decode("utf-8", "replace").split()
    if not words:
        continue
    if words[0] == "INIT":
        kind = "INIT"
    elif words[0] == "STATE":
        kind, number = "STATE", words[1]
    elif words[0] == "ROLE":
        role = words[1]
    elif words[0] == "GAME":
        game, leg = words[1], words[3]
    elif words[0] == "END":
        if kind == "INIT":
            log = open("%s/%s-g%s-l%s.in" % (logdir, role, game, leg), "wb")
            log.write(b"".join(pending))
            log.flush()
            plan = script.get(role, {})
            respond(plan.get("ready", {}), ["READY"])
        else:
            respond(plan.get("states", {}).get(number, {}), plan.get("default", ["MOVE"]))
