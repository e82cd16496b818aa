// Territory (Ready AI Code 2020) starter bot in Java: start here. Write your
// strategy in play(); Territory.java reads the turn and writes the move.
//
// This bot walks square loops out of its body, growing with MaxMovement, and
// comes back before MovementLeft runs out; it never steps on a wall, a bomb
// or its own neck. Ideas: cut the others' necks, loop around open ground,
// keep away from heads that could cut yours.
//
// Build: javac -d . *.java     Run: java -cp . Bot
// Debug with System.err: stderr is kept in the replay (System.out is for the
// moves only).
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

public class Bot {
    private int loops;
    private List<String> legs = new ArrayList<>(); // the moves left in the current loop

    /** A loop from the head: straight out of the body, across, and back.
     * Its side grows with MaxMovement. */
    List<String> plan(Territory.Board b) {
        int side = Math.max(2, b.maxMovement / 4);
        int bestInside = -1;
        String bestD = null;
        for (int k = 0; k < 4; k++) {
            String d = Territory.MOVE_ORDER.get((loops + k) % 4);
            Territory.Tile t = b.head;
            int inside = 0;
            while (true) { // walk through our body to its edge
                t = t.plus(Territory.MOVES.get(d));
                if (!b.body.contains(t)) break;
                inside++;
            }
            if (!b.avoid(t) && (bestD == null || inside < bestInside)) {
                bestInside = inside;
                bestD = d;
            }
        }
        List<String> legs = new ArrayList<>();
        if (bestD == null) return legs;
        loops++;
        Map<String, String> r = Territory.TURN_RIGHT;
        String across = loops % 2 == 1 ? r.get(bestD) : r.get(r.get(r.get(bestD)));
        String back = r.get(r.get(bestD));
        legs.addAll(Collections.nCopies(bestInside + side, bestD));
        legs.addAll(Collections.nCopies(side, across));
        legs.addAll(Collections.nCopies(side + bestInside, back));
        return legs;
    }

    /** Returns this turn's move: UP, DOWN, LEFT, RIGHT or NONE. */
    String play(Territory.Board b) {
        Map<Territory.Tile, Integer> dist = b.distanceHome();
        if (b.atHome() && legs.isEmpty()) legs = plan(b);
        if (!legs.isEmpty()) {
            String m = legs.get(0);
            Territory.Tile t = b.step(m);
            if (b.safe(t, dist) && !b.avoid(t)) {
                legs.remove(0);
                if (!b.atHome() && b.body.contains(t)) legs.clear(); // back home: the loop is closed
                return m;
            }
            legs.clear();
        }
        // Head home by the shortest way, or anywhere safe.
        String best = Territory.NONE;
        int bestD = Integer.MAX_VALUE;
        for (String m : Territory.MOVE_ORDER) {
            Territory.Tile t = b.step(m);
            if (!b.safe(t, dist)) continue;
            int d = b.body.contains(t) ? 0 : dist.getOrDefault(t, 99);
            if (d < bestD) {
                bestD = d;
                best = m;
            }
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        Bot bot = new Bot();
        Territory.run(bot::play);
    }
}
