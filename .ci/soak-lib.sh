# Functions of .ci/soak (sourced): the platform's processes, its store,
# the teams' bots and the figures read from the store. They use the
# variables .ci/soak sets: BIN, D, U, PORT, PG (a PostgreSQL URL, or empty
# for a data directory).

# --- the store ---------------------------------------------------------

# as_pg CMD...: runs CMD as the postgres user when we are root
as_pg() {
  if [ "$(id -u)" = 0 ]; then chown -R postgres "$D/pg" && runuser -u postgres -- "$@"; else "$@"; fi
}

# pg_start: a throwaway PostgreSQL cluster in $D/pg, as the postgres user
# (PostgreSQL refuses root), with its database "arena"; sets PG.
pg_start() {
  local bin port
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  port=$((PORT + 100))
  mkdir -p "$D/pg"
  as_pg "$bin/initdb" -D "$D/pg/data" -U arena --auth=trust -E UTF8 --no-sync > "$D/pg/initdb.log" 2>&1
  as_pg "$bin/pg_ctl" -D "$D/pg/data" -l "$D/pg/log" -w -t 60 \
    -o "-p $port -k $D/pg -c listen_addresses=127.0.0.1 -c max_connections=300" start > /dev/null
  PG_STOP=("$bin/pg_ctl" -D "$D/pg/data" -m fast stop)
  psql -X -q "postgres://arena@127.0.0.1:$port/postgres" -c "CREATE DATABASE arena"
  PG="postgres://arena@127.0.0.1:$port/arena?sslmode=disable"
  "$BIN" migrate --db "$PG" > /dev/null
}
pg_stop() { [ -z "${PG_STOP:-}" ] || as_pg "${PG_STOP[@]}" > /dev/null 2>&1 || true; }

# store: the flags that name the platform's store to the CLI
store() { if [ -n "$PG" ]; then echo --db "$PG"; else echo --data "$D/data"; fi; }

# sql QUERY: the rows, tab-separated (sqlite3 or psql)
sql() {
  if [ -n "$PG" ]; then
    psql -X -At -F $'\t' "$PG" -c "$1"
  else
    sqlite3 -separator $'\t' -cmd '.timeout 30000' "$D/data/arena.db" "$1"
  fi
}

# --- the platform's processes ------------------------------------------

# serve: starts the server (SP); on SQLite it builds and plays too
serve() {
  if [ -n "$PG" ]; then
    "$BIN" serve --db "$PG" --data "$D/server" --addr 127.0.0.1:$PORT >> "$D/serve.log" 2>&1 &
  else
    "$BIN" serve --data "$D/data" --addr 127.0.0.1:$PORT --build-timeout 60s --team-storage-mib 64 >> "$D/serve.log" 2>&1 &
  fi
  SP=$!
  for _ in $(seq 100); do curl -sf "$U/" > /dev/null && return; sleep 0.2; done
  echo "the server did not start"; exit 1
}

# work: starts the worker (WP) of a PostgreSQL platform; its directory
# is kept across its deaths (its cache). A heartbeat of 1 s: a killed
# worker's jobs go back to the queue after 6 s.
work() {
  "$BIN" worker --db "$PG" --data "$D/worker" --cores "$(nproc)" --heartbeat 1s \
    --build-timeout 60s --team-storage-mib 64 >> "$D/worker.log" 2>&1 &
  WP=$!
}

# crash NAME PID: SIGKILLs it and waits for it
crash() {
  kill -9 "$2"; wait "$2" 2>/dev/null || true
  echo "$1 killed at $(date +%T)"
}

rss() { ps -o rss= -p "$1" | tr -d ' '; }
zombies() { ps -o stat= --ppid "$1" | grep -c '^Z' || true; }

# --- teams -------------------------------------------------------------

join() { # join INVITE NAME: prints the team's token
  local out
  # (joins from one address are limited to a burst of 10, then 10 a minute)
  until out=$("$BIN" team join --server "$U" --invite "$1" --name "$2" --json 2>> "$D/join.log"); do sleep 6; done
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])' <<< "$out"
}
submit() { # submit TOKEN FILE
  ARENA_SERVER=$U ARENA_TOKEN=$1 "$BIN" submit "$2" > /dev/null || true
}
httpbot() { # httpbot TOKEN URL
  ARENA_SERVER=$U ARENA_TOKEN=$1 "$BIN" httpbot "$2" > /dev/null
}

# urlbot PORT: an honest HTTP bot (the territory python-http kit) on PORT
urlbot() {
  (cd "$D/httpkit" && PORT=$1 exec python3 bot.py >> "$D/urlbot-$1.log" 2>&1) &
  BOTS+=($!)
}

# silent PORT: a dead URL that takes connections and never answers (the
# worst kind: a closed port is refused at once)
silent() {
  python3 -c 'import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(1024)
while True: time.sleep(3600)' "$1" &
  BOTS+=($!)
}

# teams suspend|resume ARRAY [REASON]: the organiser suspends the teams
# named in the array ARRAY ("EVENT NAME" each) or lets them back, through
# the server with the organiser's token (ORG); a server being restarted
# is waited for
teams() {
  local -n list=$2
  local t ev name i
  for t in "${list[@]}"; do
    read -r ev name <<< "$t"
    i=0
    until "$BIN" event team "$1" "$ev" --server "$U" --token "$ORG" --team "$name" \
      ${3:+--reason "$3"} >> "$D/suspend.log" 2>&1; do
      i=$((i + 1))
      [ "$i" -lt 30 ] || { echo "could not $1 $name (its log: $D/suspend.log)"; exit 1; }
      sleep 2
    done
  done
}

# --- figures -----------------------------------------------------------

# hundredths N: N/100 written with two decimals
hundredths() { printf '%d.%02d' $(($1 / 100)) $(($1 % 100)); }

# played: the SQL of a match's time, in seconds since the epoch
played() {
  if [ -n "$PG" ]; then echo "EXTRACT(EPOCH FROM played)::bigint"; else echo "CAST(strftime('%s', played) AS INTEGER)"; fi
}

# seat_rate EVENT PREFIX FROM TO: the games a minute, in hundredths, of
# EVENT's teams whose names start with PREFIX (their seats in matches
# played without error) between FROM and TO (epoch seconds), leaving out
# the spans in EXCL ("FROM TO" each); then the seconds counted
seat_rate() {
  EXCL_SPANS="${EXCL[*]:-}" python3 - "$3" "$4" <(sql "SELECT id, name FROM teams WHERE event_id = $1") \
    <(sql "SELECT $(played), teams FROM matches WHERE event_id = $1 AND error = ''") "$2" <<'PY'
import os, re, sys
lo, hi, teams, matches, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
ids = {int(l.split("\t")[0]) for l in open(teams) if l.split("\t")[1].startswith(prefix)}
words = [int(x) for x in os.environ["EXCL_SPANS"].split()]
spans = list(zip(words[::2], words[1::2]))
out = lambda t: any(a <= t < b for a, b in spans)
counted = sum(1 for t in range(lo, hi) if not out(t))
seats = 0
for l in open(matches):
    t, seated = l.split("\t", 1)
    if lo <= int(t) < hi and not out(int(t)):
        seats += sum(1 for x in re.findall(r"\d+", seated) if int(x) in ids)
print(seats * 6000 // max(counted, 1), counted)
PY
}

# team_matches EVENT PREFIX: each team of EVENT whose name starts with
# PREFIX, with its matches and those among them that it lost at once
# (its seat's message says it did not start)
team_matches() {
  python3 - <(sql "SELECT id, name FROM teams WHERE event_id = $1 AND name LIKE '$2%' ORDER BY id") \
    <(sql "SELECT teams FROM matches WHERE event_id = $1") <<'PY'
import re, sys
teams = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
rows = [{int(x) for x in re.findall(r"\d+", l)} for l in open(sys.argv[2])]
for tid, name in teams:
    print(f"{name}: {sum(1 for r in rows if int(tid) in r)} matches")
PY
}

# disk: MiB the platform keeps: the data directory; on PostgreSQL, the
# server's and worker's directories and the database
disk() {
  if [ -n "$PG" ]; then
    echo $(( $(du -sm "$D/server" "$D/worker" | awk '{s += $1} END {print s}') + $(sql "SELECT pg_database_size('arena') / 1048576") ))
  else
    du -sm "$D/data" | cut -f1
  fi
}

# stalled: microseconds some task of the machine waited for a CPU since
# boot (PSI; 0 where the kernel does not report it)
stalled() { awk '/^some/ { sub("total=", "", $5); print $5; f = 1 } END { if (!f) print 0 }' /proc/pressure/cpu 2>/dev/null || echo 0; }
