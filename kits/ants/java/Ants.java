// Ants & Crystals protocol for the Java starter kit: you should not need to
// change it. Write your strategy in Bot.java.
//
// It reads the whole input into typed state (a Game with its Cells: type,
// resources, neighbours, ants of both players, the bases, the scores and
// the all-pairs distances) and gives the actions as functions (beacon,
// line, waitAction, message) whose results are joined with ";" into the
// turn's answer. The protocol is in docs/games/ants.md of the Arena
// repository.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

final class Ants {
    static final int EMPTY = 0, EGG = 1, CRYSTAL = 2;

    /** One cell of the map. */
    static final class Cell {
        final int index;
        final int type; // EMPTY, EGG or CRYSTAL; never changes
        final int initialResources;
        final int[] neighbors; // per direction 0..5, -1 when there is none
        int resources; // what is left, updated every turn
        int myAnts, oppAnts;

        Cell(int index, int type, int initialResources, int[] neighbors) {
            this.index = index;
            this.type = type;
            this.initialResources = initialResources;
            this.neighbors = neighbors;
            this.resources = initialResources;
        }
    }

    /** The whole game as this player sees it. */
    static final class Game {
        final List<Cell> cells = new ArrayList<>();
        int[] myBases = new int[0], oppBases = new int[0];
        int turn, myScore, oppScore;
        int[][] dist; // all-pairs distances, -1: unreachable

        void readInit(Input in) throws IOException {
            int n = Integer.parseInt(in.line().trim());
            for (int i = 0; i < n; i++) {
                int[] f = numbers(in.line());
                cells.add(new Cell(i, f[0], f[1], Arrays.copyOfRange(f, 2, 8)));
            }
            in.line(); // number of bases per player
            myBases = numbers(in.line());
            oppBases = numbers(in.line());
            dist = new int[n][];
            for (int i = 0; i < n; i++) dist[i] = bfs(i);
        }

        // The score line is sent in league 4 (Silver+) only: it is the only
        // line with two numbers.
        void readTurn(Input in) throws IOException {
            turn++;
            int[] row = numbers(in.line());
            if (row.length == 2) {
                myScore = row[0];
                oppScore = row[1];
                row = numbers(in.line());
            }
            for (int i = 0; i < cells.size(); i++) {
                if (i > 0) row = numbers(in.line());
                Cell c = cells.get(i);
                c.resources = row[0];
                c.myAnts = row[1];
                c.oppAnts = row[2];
            }
        }

        int[] bfs(int src) {
            int[] d = new int[cells.size()];
            Arrays.fill(d, -1);
            d[src] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(src));
            while (!queue.isEmpty()) {
                int h = queue.poll();
                for (int m : cells.get(h).neighbors) {
                    if (m >= 0 && d[m] < 0) {
                        d[m] = d[h] + 1;
                        queue.add(m);
                    }
                }
            }
            return d;
        }

        /** My base nearest to cell c (lowest index on ties). */
        int nearestBase(int c) {
            int best = myBases[0];
            for (int b : myBases) {
                long db = dist[b][c] < 0 ? Long.MAX_VALUE : dist[b][c];
                long dbest = dist[best][c] < 0 ? Long.MAX_VALUE : dist[best][c];
                if (db < dbest || (db == dbest && b < best)) best = b;
            }
            return best;
        }

        int myAntTotal() {
            return cells.stream().mapToInt(c -> c.myAnts).sum();
        }

        int oppAntTotal() {
            return cells.stream().mapToInt(c -> c.oppAnts).sum();
        }
    }

    static String beacon(int cell, int strength) {
        return "BEACON " + cell + " " + strength;
    }

    static String line(int source, int target, int strength) {
        return "LINE " + source + " " + target + " " + strength;
    }

    static String waitAction() {
        return "WAIT";
    }

    static String message(String text) {
        return "MESSAGE " + text.replace(';', ',').replace('\n', ' ');
    }

    /** The referee's lines; the end of the input ends the bot. */
    static final class Input {
        private final BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));

        String line() throws IOException {
            String s = reader.readLine();
            if (s == null) System.exit(0); // the match is over
            return s;
        }
    }

    static int[] numbers(String s) {
        String[] f = s.trim().split("\\s+");
        int[] v = new int[f.length];
        for (int i = 0; i < f.length; i++) v[i] = Integer.parseInt(f[i]);
        return v;
    }

    /** Reads the game, then every turn calls play and writes its actions. */
    static void run(Function<Game, List<String>> play) throws IOException {
        Input in = new Input();
        Game game = new Game();
        game.readInit(in);
        while (true) {
            game.readTurn(in);
            List<String> actions = play.apply(game);
            System.out.println(actions.isEmpty() ? waitAction() : String.join(";", actions));
            System.out.flush();
        }
    }

    private Ants() {}
}
