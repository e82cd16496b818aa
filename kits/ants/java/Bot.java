// Ants & Crystals starter bot in Java: start here. Write your strategy in
// play(); Ants.java reads the input and writes the answers.
//
// This bot places LINEs from its bases to the nearest resources, eggs first
// early on or while it has fewer ants than its opponent, as many targets as
// its ants can hold in a chain.
//
// Build: javac -d . *.java     Run: java -cp . Bot
// Debug with System.err: stderr is kept in the replay (System.out is for
// the answers only).
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public class Bot {
    /** Returns this turn's actions (see Ants.java: beacon, line, waitAction, message). */
    static List<String> play(Ants.Game g) {
        int myAnts = g.myAntTotal();
        boolean wantEggs = g.turn <= 8 || myAnts < g.oppAntTotal();
        List<int[]> targets = new ArrayList<>(); // {eggs first, distance, index}
        for (Ants.Cell c : g.cells) {
            int d = g.dist[g.nearestBase(c.index)][c.index];
            if (c.resources > 0 && d >= 0 && (c.type == Ants.CRYSTAL || wantEggs)) {
                targets.add(new int[] {c.type == Ants.EGG && wantEggs ? 0 : 1, d, c.index});
            }
        }
        targets.sort(Comparator.<int[]>comparingInt(t -> t[0]).thenComparingInt(t -> t[1]).thenComparingInt(t -> t[2]));
        List<String> actions = new ArrayList<>();
        int budget = myAnts / 2;
        for (int[] t : targets) {
            int d = t[1], c = t[2];
            if (d + 1 > budget && !actions.isEmpty()) continue;
            budget -= d + 1;
            actions.add(Ants.line(g.nearestBase(c), c, 1));
        }
        actions.add(Ants.message(myAnts + " ants, " + actions.size() + " targets"));
        return actions;
    }

    public static void main(String[] args) throws Exception {
        Ants.run(Bot::play);
    }
}
