// Territory (Ready AI Code 2020) protocol for the Java starter kit: you
// should not need to change it. Write your strategy in Bot.java.
//
// It reads the turn JSON (with a small JSON reader: the JDK has none) into
// typed state (a Board: the tiles with their tokens, your head, neck and
// body, MaxMovement and MovementLeft) with a few questions about it (deadly,
// avoid, distanceHome, safe), and gives the moves as constants (UP, DOWN,
// LEFT, RIGHT, NONE). run() speaks stdin/stdout: one turn JSON line in, one
// move line out. The protocol is in docs/games/territory.md of the Arena
// repository.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

final class Territory {
    static final String UP = "UP", DOWN = "DOWN", LEFT = "LEFT", RIGHT = "RIGHT", NONE = "NONE";
    static final List<String> MOVE_ORDER = List.of(UP, DOWN, LEFT, RIGHT);
    static final Map<String, Tile> MOVES = Map.of(UP, new Tile(0, 1), DOWN, new Tile(0, -1), LEFT, new Tile(-1, 0), RIGHT, new Tile(1, 0));
    static final Map<String, String> TURN_RIGHT = Map.of(UP, RIGHT, RIGHT, DOWN, DOWN, LEFT, LEFT, UP);

    /** A tile; X grows to the right, Y upwards. */
    record Tile(int x, int y) {
        Tile plus(Tile d) {
            return new Tile(x + d.x, y + d.y);
        }
    }

    /**
     * The turn JSON, read into tiles. Y grows upwards; Map is row by row
     * from the top: element i is tile (i % N, N - 1 - i / N).
     */
    static final class Board {
        final int n;
        final String selfId;
        final int turn; // stdin/stdout mode only
        final String neckToken;
        // Each tile's token split on "-": "P<id>" body, "p<id>" neck,
        // "P<id>*" head, "W" wall, "B" bomb, "I" ice, "D" decay.
        final Map<Tile, List<String>> tokens = new HashMap<>();
        final Tile head;
        final Set<Tile> body = new HashSet<>();
        final List<Tile> bodyTiles = new ArrayList<>(); // in map order
        final List<Tile> neck = new ArrayList<>(); // oldest first
        final int maxMovement, movementLeft;

        @SuppressWarnings("unchecked")
        Board(Map<String, Object> state) {
            n = num(state.get("MapWidth"));
            selfId = (String) state.get("SelfId");
            turn = state.containsKey("Turn") ? num(state.get("Turn")) : 0;
            neckToken = "p" + selfId;
            List<Object> map = (List<Object>) state.get("Map");
            for (int i = 0; i < map.size(); i++) {
                String token = (String) map.get(i);
                tokens.put(new Tile(i % n, n - 1 - i / n), token.isEmpty() ? List.of() : Arrays.asList(token.split("-")));
            }
            Map<String, Object> own = (Map<String, Object>) state.get("OccupiedTiles");
            List<Tile> heads = tiles(own.get("Head"));
            head = heads.isEmpty() ? new Tile(-1, -1) : heads.get(0);
            bodyTiles.addAll(tiles(own.get("Body")));
            body.addAll(bodyTiles);
            neck.addAll(tiles(own.get("Neck")));
            maxMovement = num(state.get("MaxMovement"));
            movementLeft = num(state.get("MovementLeft"));
        }

        @SuppressWarnings("unchecked")
        private static List<Tile> tiles(Object list) {
            List<Tile> out = new ArrayList<>();
            for (Object o : (List<Object>) list) {
                Map<String, Object> t = (Map<String, Object>) o;
                out.add(new Tile(num(t.get("X")), num(t.get("Y"))));
            }
            return out;
        }

        private static int num(Object o) {
            return ((Number) o).intValue();
        }

        boolean atHome() {
            return body.contains(head);
        }

        Tile step(String move) {
            return head.plus(MOVES.get(move));
        }

        /** Tiles that kill us at once: off the map, walls, bombs, our neck
         * (and the tile we stand on, which becomes neck when we are out). */
        boolean deadly(Tile tile) {
            List<String> parts = tokens.get(tile);
            if (parts == null || parts.contains("W") || parts.contains("B")) return true;
            if (neck.contains(tile) || parts.contains(neckToken)) return true;
            return tile.equals(head) && !atHome();
        }

        /** Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown). */
        boolean avoid(Tile tile) {
            return deadly(tile) || tokens.get(tile).contains("I") || tokens.get(tile).contains("D");
        }

        /** Fewest moves from each tile to our body, around what we avoid. */
        Map<Tile, Integer> distanceHome() {
            Map<Tile, Integer> dist = new HashMap<>();
            ArrayDeque<Tile> queue = new ArrayDeque<>();
            for (Tile t : bodyTiles) {
                dist.put(t, 0);
                queue.add(t);
            }
            while (!queue.isEmpty()) {
                Tile h = queue.poll();
                for (String m : MOVE_ORDER) {
                    Tile t = h.plus(MOVES.get(m));
                    if (!dist.containsKey(t) && tokens.containsKey(t) && !avoid(t)) {
                        dist.put(t, dist.get(h) + 1);
                        queue.add(t);
                    }
                }
            }
            return dist;
        }

        /** Moving there keeps a way home within the movement left. */
        boolean safe(Tile tile, Map<Tile, Integer> dist) {
            if (deadly(tile)) return false;
            if (body.contains(tile)) return true;
            int left = movementLeft - 1; // a move that ends outside costs one
            Integer d = dist.get(tile);
            return d != null && d >= 1 && d <= left;
        }
    }

    /** stdin/stdout mode: every turn line is read into a Board and play's
     * move is written; the final line ("Final": true) needs no answer. */
    @SuppressWarnings("unchecked")
    static void run(Function<Board, String> play) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue;
            Map<String, Object> state = (Map<String, Object>) new Json(line).value();
            if (Boolean.TRUE.equals(state.get("Final"))) {
                System.err.println("final turn " + state.get("Turn"));
                continue;
            }
            System.out.println(play.apply(new Board(state)));
            System.out.flush();
        }
    }

    /** A small JSON reader: objects (LinkedHashMap), arrays (ArrayList),
     * strings, numbers (Long or Double), booleans and null. */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
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

    private Territory() {}
}
