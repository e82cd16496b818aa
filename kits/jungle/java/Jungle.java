// Jungle Blitz (Coveo Blitz 2022) protocol for the Java starter kit: you
// should not need to change it. Write your bot in Bot.java.
//
// As the 2022 starter kits did, it connects over WebSocket (the JDK's
// java.net.http.WebSocket) to ws://0.0.0.0:8765 and registers with the
// TOKEN environment variable when it is set, by team name otherwise. Arena
// also gives the server's address in ARENA_WS_URL (when port 8765 is taken
// by another server, for instance). With the argument --stdio it speaks
// Arena's stdin/stdout mode instead: one TICK per line in, one COMMAND per
// line out.
//
// Every TICK is read (with a small JSON reader: the JDK has none) into
// typed state (Tick: the tiles, the diamonds, the teams and their units,
// your team, distances along the server's paths), and the actions are
// functions: spawn, move, summon, drop, vine, attack, none. The protocol is
// in docs/games/jungle.md of the Arena repository.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

final class Jungle {
    static final String EMPTY = "EMPTY", WALL = "WALL", SPAWN = "SPAWN";

    record Position(int x, int y) {
        static Position read(Object o) {
            if (!(o instanceof Map<?, ?> m)) return null;
            return new Position(((Number) m.get("x")).intValue(), ((Number) m.get("y")).intValue());
        }

        String json() {
            return "{\"x\":" + x + ",\"y\":" + y + "}";
        }
    }

    /** A diamond; position is its holder's when held, ownerId null when it lies on the map. */
    record Diamond(String id, Position position, int summonLevel, int points, String ownerId) {}

    /** A unit; position null when not on the board; lastState as sent (docs/games/jungle.md). */
    record Unit(String id, String teamId, Position position, List<Position> path, boolean hasDiamond,
                boolean hasSpawned, boolean isSummoning, String diamondId, Map<String, Object> lastState) {}

    /** A team; errors are your rejected actions of the previous tick (yours only). */
    record Team(String id, String name, int score, boolean isDead, List<Unit> units, List<String> errors) {}

    /** One TICK. */
    static final class Tick {
        final int tick, totalTick;
        final List<List<String>> tiles; // tiles.get(x).get(y): EMPTY, WALL or SPAWN
        final List<Diamond> diamonds = new ArrayList<>();
        final List<Team> teams = new ArrayList<>();
        final String teamId; // yours
        final Map<String, Object> gameConfig;
        final int width, height;
        Team myTeam;

        @SuppressWarnings("unchecked")
        Tick(Map<String, Object> m) {
            tick = num(m.get("tick"));
            totalTick = num(m.get("totalTick"));
            Map<String, Object> map = (Map<String, Object>) m.get("map");
            tiles = new ArrayList<>();
            for (Object col : (List<Object>) map.get("tiles")) {
                List<String> c = new ArrayList<>();
                for (Object t : (List<Object>) col) c.add((String) t);
                tiles.add(c);
            }
            for (Object o : (List<Object>) map.get("diamonds")) {
                Map<String, Object> d = (Map<String, Object>) o;
                diamonds.add(new Diamond((String) d.get("id"), Position.read(d.get("position")), num(d.get("summonLevel")),
                        num(d.get("points")), (String) d.get("ownerId")));
            }
            for (Object o : (List<Object>) m.get("teams")) {
                Map<String, Object> t = (Map<String, Object>) o;
                List<Unit> units = new ArrayList<>();
                for (Object uo : (List<Object>) t.get("units")) {
                    Map<String, Object> u = (Map<String, Object>) uo;
                    List<Position> path = new ArrayList<>();
                    for (Object p : (List<Object>) u.get("path")) path.add(Position.read(p));
                    Object last = u.get("lastState");
                    units.add(new Unit((String) u.get("id"), (String) u.get("teamId"), Position.read(u.get("position")), path,
                            Boolean.TRUE.equals(u.get("hasDiamond")), Boolean.TRUE.equals(u.get("hasSpawned")),
                            Boolean.TRUE.equals(u.get("isSummoning")), (String) u.get("diamondId"),
                            last instanceof Map ? (Map<String, Object>) last : Map.of()));
                }
                List<String> errors = new ArrayList<>();
                for (Object e : (List<Object>) t.get("errors")) errors.add(String.valueOf(e));
                teams.add(new Team((String) t.get("id"), (String) t.get("name"), num(t.get("score")),
                        Boolean.TRUE.equals(t.get("isDead")), units, errors));
            }
            teamId = (String) m.get("teamId");
            Object gc = m.get("gameConfig");
            gameConfig = gc instanceof Map ? (Map<String, Object>) gc : Map.of();
            width = tiles.size();
            height = width > 0 ? tiles.get(0).size() : 0;
            for (Team t : teams) if (t.id().equals(teamId)) myTeam = t;
        }

        private static int num(Object o) {
            return o == null ? 0 : ((Number) o).intValue();
        }

        /** The tile at p, null off the map. */
        String tile(Position p) {
            return p.x() >= 0 && p.y() >= 0 && p.x() < width && p.y() < height ? tiles.get(p.x()).get(p.y()) : null;
        }

        /** The spawn tiles, x then y. */
        List<Position> spawns() {
            List<Position> out = new ArrayList<>();
            for (int x = 0; x < width; x++)
                for (int y = 0; y < height; y++)
                    if (tiles.get(x).get(y).equals(SPAWN)) out.add(new Position(x, y));
            return out;
        }

        /** The units on the board, by position. */
        Map<Position, Unit> occupied() {
            Map<Position, Unit> out = new LinkedHashMap<>();
            for (Team t : teams) for (Unit u : t.units()) if (u.position() != null) out.put(u.position(), u);
            return out;
        }

        /** Steps from start to every tile a unit there can walk to, as the
         * server's paths go: never through walls or the tiles in blocked
         * (the other units, say); spawn tiles only from spawn tiles (off
         * spawn they are walls). */
        Map<Position, Integer> distances(Position start, Collection<Position> blocked) {
            Map<Position, Integer> dist = new HashMap<>();
            dist.put(start, 0);
            ArrayDeque<Position> queue = new ArrayDeque<>(List.of(start));
            Set<Position> block = new HashSet<>(blocked);
            while (!queue.isEmpty()) {
                Position p = queue.poll();
                for (Position q : List.of(new Position(p.x(), p.y() - 1), new Position(p.x(), p.y() + 1),
                        new Position(p.x() - 1, p.y()), new Position(p.x() + 1, p.y()))) {
                    String t = tile(q);
                    if (dist.containsKey(q) || block.contains(q) || t == null || t.equals(WALL)) continue;
                    if (t.equals(SPAWN) && !SPAWN.equals(tile(p))) continue;
                    dist.put(q, dist.get(p) + 1);
                    queue.add(q);
                }
            }
            return dist;
        }
    }

    // The actions, as the JSON objects of the COMMAND.
    private static String action(String kind, String unitId, Position target) {
        return "{\"type\":\"UNIT\",\"action\":\"" + kind + "\",\"unitId\":" + Json.quote(unitId)
                + (target == null ? "" : ",\"target\":" + target.json()) + "}";
    }

    static String spawn(String unitId, Position target) { return action("SPAWN", unitId, target); }
    static String move(String unitId, Position target) { return action("MOVE", unitId, target); }
    static String summon(String unitId) { return action("SUMMON", unitId, null); }
    static String drop(String unitId, Position target) { return action("DROP", unitId, target); }
    static String vine(String unitId, Position target) { return action("VINE", unitId, target); }
    static String attack(String unitId, Position target) { return action("ATTACK", unitId, target); }
    static String none(String unitId) { return action("NONE", unitId, null); }

    /** The COMMAND answering a TICK message, or null for another message. */
    @SuppressWarnings("unchecked")
    private static String answer(String text, Function<Tick, List<String>> play) {
        Map<String, Object> m = (Map<String, Object>) new Json(text).value();
        if (!"TICK".equals(m.get("type"))) return null;
        Tick tick = new Tick(m);
        if (tick.myTeam != null) for (String e : tick.myTeam.errors()) System.err.println("Bot command error: " + e);
        return "{\"type\":\"COMMAND\",\"tick\":" + tick.tick + ",\"actions\":[" + String.join(",", play.apply(tick)) + "]}";
    }

    /** Answers a small made-up TICK before registering: the JVM loads and
     * links the classes a TICK needs while no clock runs, not during the
     * first real tick (1150 ms, JVM start-up excluded). */
    private static void warmUp(Function<Tick, List<String>> play) {
        String tick = "{\"type\":\"TICK\",\"tick\":0,\"totalTick\":1,\"map\":{\"tiles\":[[\"SPAWN\",\"EMPTY\"],[\"EMPTY\",\"EMPTY\"]],"
                + "\"diamonds\":[{\"id\":\"d\",\"position\":{\"x\":1,\"y\":1},\"summonLevel\":1,\"points\":0}]},\"gameConfig\":{},"
                + "\"teamPlayOrderings\":{},\"teamId\":\"t\",\"teams\":[{\"isDead\":false,\"name\":\"w\",\"score\":0,\"units\":["
                + "{\"id\":\"1\",\"teamId\":\"t\",\"position\":{\"x\":0,\"y\":1},\"path\":[],\"hasDiamond\":false,\"hasSpawned\":true,"
                + "\"isSummoning\":false,\"lastState\":{\"positionBefore\":null,\"hasSummoned\":false}},"
                + "{\"id\":\"2\",\"teamId\":\"t\",\"position\":null,\"path\":[],\"hasDiamond\":false,\"hasSpawned\":false,"
                + "\"isSummoning\":false,\"lastState\":{}}],\"id\":\"t\",\"errors\":[]}]}";
        try {
            for (int i = 0; i < 20; i++) answer(tick, play);
        } catch (RuntimeException e) {
            System.err.println("warm-up: " + e); // the bot's own problem shows on the real ticks
        }
    }

    /** Sends one message and waits until it is written. Java's WebSocket
     * refuses a send while the previous one is pending ("Send pending"), and
     * TICK 0 can arrive, on the listener's thread, before the REGISTER's
     * send has completed on the main thread: one lock orders them. */
    static synchronized void send(WebSocket ws, String text) {
        ws.sendText(text, true).join();
    }

    /** Plays a game: over WebSocket, or stdin/stdout with --stdio. */
    static void run(Function<Tick, List<String>> play, String[] args) throws Exception {
        if (List.of(args).contains("--stdio")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            for (String line; (line = in.readLine()) != null; ) {
                if (line.isBlank()) continue;
                String command = answer(line, play);
                if (command == null) continue;
                System.out.println(command);
                System.out.flush();
            }
            return;
        }
        warmUp(play);
        String url = System.getenv().getOrDefault("ARENA_WS_URL", "ws://0.0.0.0:8765");
        CountDownLatch closed = new CountDownLatch(1);
        WebSocket.Listener listener = new WebSocket.Listener() {
            private final StringBuilder message = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                message.append(data);
                if (last) {
                    String command = answer(message.toString(), play);
                    message.setLength(0);
                    if (command != null) send(ws, command);
                }
                ws.request(1);
                return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                System.out.println("The game is over: the server closed the connection.");
                closed.countDown();
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void onError(WebSocket ws, Throwable error) {
                System.err.println("WebSocket error: " + error);
                closed.countDown();
            }
        };
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(URI.create(url), listener).join();
        String token = System.getenv("TOKEN");
        send(ws, token != null ? "{\"type\":\"REGISTER\",\"token\":" + Json.quote(token) + "}"
                : "{\"type\":\"REGISTER\",\"teamName\":\"MyBot Java\"}");
        closed.await();
        System.exit(0);
    }

    /** A small JSON reader: objects (LinkedHashMap), arrays (ArrayList),
     * strings, numbers (Long or Double), booleans and null; and quote() for
     * writing strings. */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        static String quote(String v) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : v.toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            return b.append('"').toString();
        }

        Object value() {
            skip();
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    Map<String, Object> m = new LinkedHashMap<>();
                    i++;
                    skip();
                    if (s.charAt(i) == '}') { i++; return m; }
                    while (true) {
                        skip();
                        String k = string();
                        skip();
                        expect(':');
                        m.put(k, value());
                        skip();
                        if (s.charAt(i++) == '}') return m;
                    }
                }
                case '[': {
                    List<Object> a = new ArrayList<>();
                    i++;
                    skip();
                    if (s.charAt(i) == ']') { i++; return a; }
                    while (true) {
                        a.add(value());
                        skip();
                        if (s.charAt(i++) == ']') return a;
                    }
                }
                case '"':
                    return string();
                case 't': i += 4; return Boolean.TRUE;
                case 'f': i += 5; return Boolean.FALSE;
                case 'n': i += 4; return null;
                default: {
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
                    String num = s.substring(start, i);
                    if (num.isEmpty()) throw new IllegalArgumentException("bad JSON at " + start);
                    return num.matches("-?\\d+") ? (Object) Long.parseLong(num) : (Object) Double.parseDouble(num);
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case 'r': b.append('\r'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: b.append(e);
                }
            }
        }

        private void expect(char c) {
            if (s.charAt(i++) != c) throw new IllegalArgumentException("bad JSON at " + (i - 1) + ": want " + c);
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        }
    }

    private Jungle() {}
}
