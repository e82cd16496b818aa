// Jungle Blitz starter bot in Java: start here. Write your strategy in
// getNextMove(); Jungle.java talks to the server and holds the state.
//
// This bot spawns each unit on the free spawn tile nearest to a free
// diamond, drops a diamond it holds next to itself to score its points,
// attacks an enemy carrier next to it (the diamond passes to the attacker),
// and otherwise sends each unit to the nearest free diamond it can reach, or
// else next to the nearest enemy carrier, never two units to one place (the
// server finds the path). Ideas: SUMMON to raise a diamond's level before
// dropping it, VINE carriers in line of sight, run from attackers.
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

    /** The four neighbours of p: up, down, left, right. */
    static List<Jungle.Position> around(Jungle.Position p) {
        return List.of(new Jungle.Position(p.x(), p.y() - 1), new Jungle.Position(p.x(), p.y() + 1),
                new Jungle.Position(p.x() - 1, p.y()), new Jungle.Position(p.x() + 1, p.y()));
    }

    /** Returns this tick's actions, one per unit of yours (see Jungle.java). */
    List<String> getNextMove(Jungle.Tick t) {
        Set<Jungle.Position> taken = new HashSet<>(t.occupied().keySet());
        List<Jungle.Position> freeDiamonds = new ArrayList<>();
        for (Jungle.Diamond d : t.diamonds) if (d.ownerId() == null) freeDiamonds.add(d.position());
        // The other teams' carriers that can be attacked (not on a spawn tile).
        List<Jungle.Position> carriers = new ArrayList<>();
        for (Jungle.Team team : t.teams) {
            if (team.id().equals(t.teamId)) continue;
            for (Jungle.Unit u : team.units())
                if (u.hasDiamond() && u.position() != null && !Jungle.SPAWN.equals(t.tile(u.position()))) carriers.add(u.position());
        }
        Set<Jungle.Position> targets = new HashSet<>(); // where our units go
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
                for (Jungle.Position q : around(p)) {
                    if (Jungle.EMPTY.equals(t.tile(q)) && !taken.contains(q)) {
                        action = Jungle.drop(unit.id(), q);
                        break;
                    }
                }
                actions.add(action);
                continue;
            }
            Jungle.Position near = null;
            for (Jungle.Position c : carriers) if (near == null && distance(c, p) == 1) near = c;
            if (near != null && !unit.hasDiamond() && !Jungle.SPAWN.equals(t.tile(p))) {
                actions.add(Jungle.attack(unit.id(), near));
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
            if (target == null) { // no free diamond: a tile next to an enemy carrier
                for (Jungle.Position c : carriers) {
                    for (Jungle.Position q : around(c)) {
                        if (!dist.containsKey(q) || q.equals(p) || targets.contains(q)) continue;
                        if (target == null || dist.get(q) < dist.get(target)) target = q;
                    }
                }
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
