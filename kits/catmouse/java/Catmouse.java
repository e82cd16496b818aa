// Cats & Mouse (Cod'INSA 2025 final) protocol for the Java starter kit: you
// should not need to change it. Write your strategy in Bot.java.
//
// It reads the whole input into typed state (State, Board) and speaks the
// protocol (docs/games/catmouse.md of the Arena repository) so that your
// bot only writes one function, as the original SDK asked:
//
//   Catmouse.Orders tick(Catmouse.State state, Catmouse.Dbg dbg)
//
// state is the game as the referee sent it, dbg the debug drawing pad:
// every call appends one DBG line, sent before your MOVE line and shown in
// the viewer (F5: the cats' drawings, F6: the mouse's).
//
// Orders: per piece ("C0", "C1", ..., "M") stay, a direction 0..5 for one
// step, or a dash (two directions) for the mouse. Pieces you leave out
// stay. Directions, counter-clockwise from east: 0 E (+1,0), 1 NE (+1,-1),
// 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1). Cells are axial
// (q, r), q first, centre (0, 0).
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

final class Catmouse {
    static final int[][] DIRS = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

    /** A cell in axial coordinates. */
    record Cell(int q, int r) {
        /** The neighbour in direction d. */
        Cell add(int d) {
            return new Cell(q + DIRS[d][0], r + DIRS[d][1]);
        }
    }

    /** Distance between two cells, ignoring terrain and walls. */
    static int hexDistance(Cell a, Cell b) {
        int dq = a.q - b.q, dr = a.r - b.r;
        return Math.max(Math.abs(dq), Math.max(Math.abs(dr), Math.abs(dq + dr)));
    }

    /** A legal step: its direction and the cell it reaches. */
    record Step(int dir, Cell to) {}

    /** A legal dash: its two directions and the cell it reaches. */
    record Dash(int d1, int d2, Cell to) {}

    /** The map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain) and
     * the walls between cells. */
    static final class Board {
        final int radius;
        final Map<Cell, Character> terrain = new LinkedHashMap<>();
        private final Set<List<Cell>> walls = new HashSet<>();

        Board(int radius, List<String> rows, List<int[]> wallList) {
            this.radius = radius;
            for (int k = 0; k < rows.size(); k++) {
                int r = k - radius;
                int qmin = Math.max(-radius, -radius - r);
                String row = rows.get(k);
                for (int j = 0; j < row.length(); j++) terrain.put(new Cell(qmin + j, r), row.charAt(j));
            }
            for (int[] w : wallList) {
                Cell a = new Cell(w[0], w[1]), b = new Cell(w[2], w[3]);
                walls.add(List.of(a, b));
                walls.add(List.of(b, a));
            }
        }

        List<Cell> cells() {
            return new ArrayList<>(terrain.keySet());
        }

        boolean plain(Cell c) {
            Character t = terrain.get(c);
            return t != null && t == '.';
        }

        /** A step is legal onto a plain cell of the map with no wall between. */
        boolean canStep(Cell c, int d) {
            Cell n = c.add(d);
            return plain(n) && !walls.contains(List.of(c, n));
        }

        /** Every legal step from c. */
        List<Step> neighbours(Cell c) {
            List<Step> out = new ArrayList<>();
            for (int d = 0; d < 6; d++) if (canStep(c, d)) out.add(new Step(d, c.add(d)));
            return out;
        }

        /** Every legal dash from c (two legal steps that do not come back). */
        List<Dash> dashes(Cell c) {
            List<Dash> out = new ArrayList<>();
            for (Step a : neighbours(c))
                for (Step b : neighbours(a.to))
                    if (b.dir != (a.dir + 3) % 6) out.add(new Dash(a.dir, b.dir, b.to));
            return out;
        }

        /** Legal steps from start to every reachable cell. */
        Map<Cell, Integer> distances(Cell start) {
            Map<Cell, Integer> dist = new HashMap<>();
            dist.put(start, 0);
            ArrayDeque<Cell> todo = new ArrayDeque<>(List.of(start));
            while (!todo.isEmpty()) {
                Cell c = todo.poll();
                for (Step s : neighbours(c)) {
                    if (!dist.containsKey(s.to)) {
                        dist.put(s.to, dist.get(c) + 1);
                        todo.add(s.to);
                    }
                }
            }
            return dist;
        }
    }

    /** What the referee told us. From INIT: role ("CATS" or "MOUSE"), game,
     * leg, board, ncats, maxTurns, timeoutMs. From each STATE: turn, cats
     * (C0 first), mouse, dashCooldown, dashUses, last (piece -> action
     * applied at the previous turn) and errors (the ERROR lines about our
     * previous answer). */
    static final class State {
        String role = "CATS";
        int game = 1, leg = 1;
        Board board;
        int ncats, maxTurns = 300, timeoutMs = 200;
        int turn;
        List<Cell> cats = new ArrayList<>();
        Cell mouse;
        int dashCooldown, dashUses;
        Map<String, String> last = new HashMap<>();
        List<String> errors = new ArrayList<>();

        void readInit(List<String> lines) {
            List<String> rows = new ArrayList<>();
            List<int[]> walls = new ArrayList<>();
            int radius = 0;
            for (String line : lines) {
                String[] w = line.trim().split("\\s+");
                switch (w[0]) {
                    case "ROLE": role = w[1]; break;
                    case "GAME": game = Integer.parseInt(w[1]); leg = Integer.parseInt(w[3]); break;
                    case "RADIUS": radius = Integer.parseInt(w[1]); break;
                    case "ROW": rows.add(w[2]); break;
                    case "WALL":
                        walls.add(new int[] {Integer.parseInt(w[1]), Integer.parseInt(w[2]), Integer.parseInt(w[3]), Integer.parseInt(w[4])});
                        break;
                    case "CATS": ncats = Integer.parseInt(w[1]); break;
                    case "MAXTURNS": maxTurns = Integer.parseInt(w[1]); break;
                    case "TIMEOUT": timeoutMs = Integer.parseInt(w[1]); break;
                    default: break;
                }
            }
            board = new Board(radius, rows, walls);
        }

        void readState(List<String> lines) {
            cats = new ArrayList<>();
            errors = new ArrayList<>();
            for (String line : lines) {
                String[] w = line.trim().split("\\s+");
                switch (w[0]) {
                    case "STATE": turn = Integer.parseInt(w[1]); break;
                    case "CAT": cats.add(new Cell(Integer.parseInt(w[2]), Integer.parseInt(w[3]))); break;
                    case "MOUSE": mouse = new Cell(Integer.parseInt(w[1]), Integer.parseInt(w[2])); break;
                    case "DASH": dashCooldown = Integer.parseInt(w[1]); dashUses = Integer.parseInt(w[2]); break;
                    case "LAST":
                        last = new HashMap<>();
                        for (int i = 1; i < w.length; i++) {
                            String[] kv = w[i].split(":", 2);
                            last.put(kv[0], kv.length > 1 ? kv[1] : "");
                        }
                        break;
                    case "ERROR": errors.add(line); break;
                    default: break;
                }
            }
        }
    }

    /** This turn's orders, by piece. */
    static final class Orders {
        final Map<String, String> byPiece = new TreeMap<>();

        Orders stay(String piece) {
            byPiece.put(piece, "S");
            return this;
        }

        Orders step(String piece, int dir) {
            byPiece.put(piece, Integer.toString(dir));
            return this;
        }

        Orders dash(int d1, int d2) {
            byPiece.put("M", "" + d1 + d2);
            return this;
        }

        String line() {
            StringBuilder b = new StringBuilder("MOVE");
            byPiece.forEach((p, a) -> b.append(' ').append(p).append(':').append(a));
            return b.toString();
        }
    }

    static String num(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e6) return Long.toString((long) x);
        return new BigDecimal(x).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Debug drawings, in fractional axial coordinates (a cell's centre is
     * its (q, r)); lengths in cell-to-cell units; angles in degrees,
     * counter-clockwise from east. Colours: "#RRGGBB", "#RRGGBBAA" or red
     * green blue yellow orange purple cyan magenta white black gray pink
     * brown. At most 500 drawings per turn. */
    static final class Dbg {
        final List<String> lines = new ArrayList<>();

        void segment(double q1, double r1, double q2, double r2, String color) {
            lines.add("DBG SEGMENT " + num(q1) + " " + num(r1) + " " + num(q2) + " " + num(r2) + " " + color);
        }

        /** An infinite line through both points. */
        void line(double q1, double r1, double q2, double r2, String color) {
            lines.add("DBG LINE " + num(q1) + " " + num(r1) + " " + num(q2) + " " + num(r2) + " " + color);
        }

        /** An arrow from (q1, r1), its head at (q2, r2). */
        void arrow(double q1, double r1, double q2, double r2, String color) {
            lines.add("DBG ARROW " + num(q1) + " " + num(r1) + " " + num(q2) + " " + num(r2) + " " + color);
        }

        /** A filled polygon of 3 to 32 vertices {q, r}. */
        void polygon(List<double[]> points, String color) {
            StringBuilder b = new StringBuilder("DBG POLYGON " + color);
            for (double[] p : points) b.append(' ').append(num(p[0])).append(' ').append(num(p[1]));
            lines.add(b.toString());
        }

        /** A circle of radius 0 < radius <= 50, filled if fill. */
        void circle(double q, double r, double radius, String color, boolean fill) {
            lines.add("DBG CIRCLE " + num(q) + " " + num(r) + " " + num(radius) + " " + color + (fill ? " FILL" : ""));
        }

        /** An arc drawn counter-clockwise from angle start to angle end. */
        void arc(double q, double r, double radius, double start, double end, String color) {
            lines.add("DBG ARC " + num(q) + " " + num(r) + " " + num(radius) + " " + num(start) + " " + num(end) + " " + color);
        }

        /** Up to 80 bytes of text at (q, r). */
        void text(double q, double r, String text, String color) {
            lines.add("DBG TEXT " + num(q) + " " + num(r) + " " + color + " " + text);
        }
    }

    /** Plays one leg: answers INIT with READY, every STATE with tick's
     * drawings and orders, and stops at GAMEOVER. */
    static void run(BiFunction<State, Dbg, Orders> tick) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        State state = new State();
        List<String> block = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            if (line.startsWith("GAMEOVER")) {
                System.err.println(line);
                return;
            }
            block.add(line);
            if (!line.trim().equals("END")) continue;
            StringBuilder out = new StringBuilder();
            if (block.get(0).startsWith("INIT")) {
                state.readInit(block);
                out.append("READY\n");
            } else {
                state.readState(block);
                for (String e : state.errors) System.err.println("turn " + state.turn + ": " + e);
                Dbg dbg = new Dbg();
                Orders orders = tick.apply(state, dbg);
                for (String l : dbg.lines) out.append(l).append('\n');
                out.append(orders == null ? "MOVE" : orders.line()).append('\n');
            }
            System.out.print(out);
            System.out.flush();
            block = new ArrayList<>();
        }
    }

    private Catmouse() {}
}
