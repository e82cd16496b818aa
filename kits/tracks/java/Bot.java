// Back Track King (tracks) starter bot in Java: start here. Write your
// strategy in play(); Tracks.java reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active yet
// (the same answers as the other kits' starting bots). Ideas: DISRUPT the
// regions where the opponent's tracks pay it the most, avoid building in
// regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Build: javac -d . *.java     Run: java -cp . Bot
// Debug with System.err: stderr is kept in the replay (System.out is for
// the answers only). Answer within 50 ms (1000 ms on the first turn).
import java.util.ArrayList;
import java.util.List;

public class Bot {
    /** Returns this turn's actions (see Tracks.java); none means WAIT. */
    static List<String> play(Tracks.Game g) {
        List<String> actions = new ArrayList<>();
        // The nearest desired connection that is not active yet: the least
        // (distance, town, desired town).
        int bestD = Integer.MAX_VALUE, bestT = -1, bestU = -1;
        for (Tracks.Town t : g.towns) {
            for (int u : t.desired) {
                if (g.active(t.id, u)) continue;
                Tracks.Town v = g.towns.get(u);
                int d = Math.abs(t.x - v.x) + Math.abs(t.y - v.y);
                if (d < bestD || (d == bestD && (t.id < bestT || (t.id == bestT && u < bestU)))) {
                    bestD = d;
                    bestT = t.id;
                    bestU = u;
                }
            }
        }
        if (bestT >= 0) {
            Tracks.Town t = g.towns.get(bestT), u = g.towns.get(bestU);
            actions.add(Tracks.autoplace(t.x, t.y, u.x, u.y));
        }
        return actions;
    }

    public static void main(String[] args) throws Exception {
        Tracks.run(Bot::play);
    }
}
