// Cats & Mouse starter bot in Java: start here. Write your strategy in
// tick(); Catmouse.java reads the input and writes the answers.
//
// Its cats walk shortest paths to the mouse; its mouse runs where the
// nearest cat is farthest and dashes when every step is dangerous; both
// draw what they think (F5/F6 in the viewer).
//
// Build: javac -d . *.java     Run: java -cp . Bot
// Debug with System.err: stderr is kept in the replay (System.out is for
// the answers only).
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public class Bot {
    static final int FAR = 1_000_000_000;

    /** Returns this turn's orders; state is the game, dbg the drawing pad. */
    static Catmouse.Orders tick(Catmouse.State state, Catmouse.Dbg dbg) {
        Catmouse.Board board = state.board;
        Catmouse.Orders orders = new Catmouse.Orders();
        if (state.role.equals("CATS")) {
            // Every cat walks a shortest path to the mouse.
            Map<Catmouse.Cell, Integer> toMouse = board.distances(state.mouse);
            for (int i = 0; i < state.cats.size(); i++) {
                Catmouse.Cell cat = state.cats.get(i);
                Catmouse.Step best = null;
                int bestD = toMouse.getOrDefault(cat, FAR);
                for (Catmouse.Step s : board.neighbours(cat)) {
                    int d = toMouse.getOrDefault(s.to(), FAR);
                    if (d < bestD) {
                        best = s;
                        bestD = d;
                    }
                }
                if (best == null) {
                    orders.stay("C" + i);
                } else {
                    orders.step("C" + i, best.dir());
                    dbg.arrow(cat.q(), cat.r(), best.to().q(), best.to().r(), "orange");
                }
            }
            dbg.circle(state.mouse.q(), state.mouse.r(), 0.6, "#ff000080", false);
            return orders;
        }

        // The mouse goes where the nearest cat is farthest, never next to a
        // cat if it can help it, and dashes only when every step is dangerous.
        List<Map<Catmouse.Cell, Integer>> fromCats = new ArrayList<>();
        for (Catmouse.Cell c : state.cats) fromCats.add(board.distances(c));
        java.util.function.ToIntFunction<Catmouse.Cell> nearestCat = cell -> {
            int m = FAR;
            for (Map<Catmouse.Cell, Integer> d : fromCats) m = Math.min(m, d.getOrDefault(cell, FAR));
            return m;
        };
        Catmouse.Step choice = new Catmouse.Step(-1, state.mouse); // -1: stay
        for (Catmouse.Step s : board.neighbours(state.mouse)) {
            if (nearestCat.applyAsInt(s.to()) > nearestCat.applyAsInt(choice.to())) choice = s;
        }
        int safety = nearestCat.applyAsInt(choice.to());
        if (safety <= 1 && state.dashCooldown == 0) {
            Catmouse.Dash dash = null;
            for (Catmouse.Dash d : board.dashes(state.mouse)) {
                if (dash == null || nearestCat.applyAsInt(d.to()) > nearestCat.applyAsInt(dash.to())) dash = d;
            }
            if (dash != null && nearestCat.applyAsInt(dash.to()) > safety) {
                dbg.text(dash.to().q(), dash.to().r(), "run (" + nearestCat.applyAsInt(dash.to()) + ")", "yellow");
                return orders.dash(dash.d1(), dash.d2());
            }
        }
        dbg.text(choice.to().q(), choice.to().r(), "run (" + safety + ")", "yellow");
        return choice.dir() < 0 ? orders.stay("M") : orders.step("M", choice.dir());
    }

    public static void main(String[] args) throws Exception {
        Catmouse.run(Bot::tick);
    }
}
