// Jungle Blitz starter bot in Java: start here. Write your strategy in
// getNextMove(); Jungle.java talks to the server and holds the state.
//
// This bot spawns each unit on the free spawn tile nearest to a free
// diamond, sends each unit without a diamond to the nearest free diamond it
// can reach that no other unit of its goes for (the server finds the path),
// and drops a diamond it holds next to itself to score its points. Ideas:
// SUMMON to raise a diamond's level before dropping it, VINE and ATTACK the
// other teams' carriers.
//
// Build: javac -d . *.java     Run: java -cp . Bot
// Log with System.out or System.err (kept in the replay).
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

public class Bot {
    static int distance(Jungle.Position a, Jungle.Position b) {
        return Math.abs(a.x() - b.x()) + Math.abs(a.y() - b.y());
    }

    /** Returns this tick's actions, one per unit of yours (see Jungle.java). */
    List<String> getNextMove(Jungle.Tick t) {
        Set<Jungle.Position> taken = new HashSet<>(t.occupied().keySet());
        List<Jungle.Position> freeDiamonds = new ArrayList<>();
        for (Jungle.Diamond d : t.diamonds) if (d.ownerId() == null) freeDiamonds.add(d.position());
        Set<Jungle.Position> targets = new HashSet<>(); // the diamonds a unit of ours goes for
        List<String> actions = new ArrayList<>();
        for (Jungle.Unit unit : t.myTeam.units()) {
            if (!unit.hasSpawned()) {
                // The free spawn tile nearest to a free diamond (the first one without diamonds).
                Jungle.Position best = null;
                int bestNear = Integer.MAX_VALUE;
                for (Jungle.Position s : t.spawns()) {
                    if (taken.contains(s)) continue;
                    int near = freeDiamonds.isEmpty() ? 0 : Integer.MAX_VALUE;
                    for (Jungle.Position d : freeDiamonds) near = Math.min(near, distance(s, d));
                    if (best == null || near < bestNear) {
                        best = s;
                        bestNear = near;
                    }
                }
                if (best != null) {
                    taken.add(best);
                    actions.add(Jungle.spawn(unit.id(), best));
                }
                continue;
            }
            Jungle.Position p = unit.position();
            if (unit.hasDiamond() && !unit.isSummoning() && Jungle.EMPTY.equals(t.tile(p))) {
                String action = Jungle.none(unit.id());
                for (Jungle.Position q : List.of(new Jungle.Position(p.x(), p.y() - 1), new Jungle.Position(p.x(), p.y() + 1),
                        new Jungle.Position(p.x() - 1, p.y()), new Jungle.Position(p.x() + 1, p.y()))) {
                    if (Jungle.EMPTY.equals(t.tile(q)) && !taken.contains(q)) {
                        action = Jungle.drop(unit.id(), q);
                        break;
                    }
                }
                actions.add(action);
                continue;
            }
            Set<Jungle.Position> blocked = new HashSet<>(taken);
            blocked.remove(p);
            Map<Jungle.Position, Integer> dist = t.distances(p, blocked);
            Jungle.Position target = null;
            for (Jungle.Position d : freeDiamonds) {
                if (!dist.containsKey(d) || targets.contains(d)) continue;
                if (target == null || dist.get(d) < dist.get(target)) target = d;
            }
            if (target != null) {
                targets.add(target);
                actions.add(Jungle.move(unit.id(), target));
            } else {
                actions.add(Jungle.none(unit.id()));
            }
        }
        return actions;
    }

    public static void main(String[] args) throws Exception {
        Bot bot = new Bot();
        Jungle.run(bot::getNextMove, args);
    }
}
