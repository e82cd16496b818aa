// Back Track King (tracks) protocol for the Java starter kit: you should not
// need to change it. Write your strategy in Bot.java.
//
// It reads the whole input into typed state (the map and the towns once,
// then the board every turn) and gives the game's actions as functions
// (autoplace, placeTracks, disrupt, disruptAt, waitAction, message) whose
// results are joined with ";" into the turn's answer. The rules and the
// protocol are in docs/games/tracks.md of the Arena repository.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

final class Tracks {
    static final int PLAINS = 0, RIVER = 1, MOUNTAIN = 2, POI = 3; // terrains: costs 1, 2, 3, 3
    static final int NO_TRACK = -1, NEUTRAL = 2; // track owners besides the player ids 0 and 1

    static final class Cell {
        final int x, y;
        final int region; // never changes
        final int terrain; // PLAINS, RIVER, MOUNTAIN or POI; never changes
        int trackOwner = NO_TRACK; // -1 none, 0 or 1 a player, 2 neutral
        int instability; // of the cell's region
        boolean inked;
        List<String> connections = List.of(); // the active connections whose path holds the cell, "T-U"

        Cell(int x, int y, int region, int terrain) {
            this.x = x;
            this.y = y;
            this.region = region;
            this.terrain = terrain;
        }
    }

    static final class Town {
        final int id, x, y;
        final List<Integer> desired; // the ids of the towns it wants to be connected to

        Town(int id, int x, int y, List<Integer> desired) {
            this.id = id;
            this.x = x;
            this.y = y;
            this.desired = desired;
        }
    }

    static final class Game {
        int myId, width, height;
        final List<Cell> cells = new ArrayList<>(); // row by row: cells.get(y * width + x)
        final List<Town> towns = new ArrayList<>(); // by id
        int turn; // 1 on the first turn
        int myScore, foeScore;

        Cell at(int x, int y) {
            return cells.get(y * width + x);
        }

        boolean inside(int x, int y) {
            return x >= 0 && y >= 0 && x < width && y < height;
        }

        Town townAt(int x, int y) {
            for (Town t : towns) if (t.x == x && t.y == y) return t;
            return null;
        }

        /** The connection t-u (t requesting) is active: it holds t's town cell. */
        boolean active(int t, int u) {
            return at(towns.get(t).x, towns.get(t).y).connections.contains(t + "-" + u);
        }

        void readInit(Input in) throws IOException {
            myId = Integer.parseInt(in.line().trim());
            width = Integer.parseInt(in.line().trim());
            height = Integer.parseInt(in.line().trim());
            for (int i = 0; i < width * height; i++) {
                String[] f = in.line().split(" ");
                cells.add(new Cell(i % width, i / width, Integer.parseInt(f[0]), Integer.parseInt(f[1])));
            }
            int n = Integer.parseInt(in.line().trim());
            for (int i = 0; i < n; i++) {
                String[] f = in.line().split(" ");
                List<Integer> wants = new ArrayList<>();
                if (!f[3].equals("x")) for (String d : f[3].split(",")) wants.add(Integer.parseInt(d));
                towns.add(new Town(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]), wants));
            }
        }

        void readTurn(Input in) throws IOException {
            turn++;
            myScore = Integer.parseInt(in.line().trim());
            foeScore = Integer.parseInt(in.line().trim());
            for (Cell c : cells) {
                String[] f = in.line().split(" ");
                c.trackOwner = Integer.parseInt(f[0]);
                c.instability = Integer.parseInt(f[1]);
                c.inked = f[2].equals("1");
                c.connections = f[3].equals("x") ? List.of() : Arrays.asList(f[3].split(","));
            }
        }
    }

    static String autoplace(int fromX, int fromY, int toX, int toY) {
        return "AUTOPLACE " + fromX + " " + fromY + " " + toX + " " + toY;
    }

    static String placeTracks(int x, int y) {
        return "PLACE_TRACKS " + x + " " + y;
    }

    static String disrupt(int region) {
        return "DISRUPT " + region;
    }

    static String disruptAt(int x, int y) {
        return "DISRUPT " + x + " " + y;
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
            if (s == null) System.exit(0); // the game is over
            return s;
        }
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

    private Tracks() {}
}
