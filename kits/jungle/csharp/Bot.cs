// Jungle Blitz starter bot in C#: start here. Write your strategy in
// NextMove; Jungle.cs and Json.cs talk to the server.
//
// This bot spawns its units on the spawn tiles nearest to the free
// diamonds and sends each unit to the nearest free diamond no other of its
// units is after. A carrier SUMMONs its diamond up to the highest level
// while no enemy is near, and drops it to score its points when an enemy
// comes within 2 tiles or the game is about to end (then picks it up
// again). Ideas: ATTACK and VINE enemy carriers, flee from enemies, keep
// units off the enemies' paths.
//
// Build: mcs -optimize -out:bot.exe Bot.cs Jungle.cs Json.cs
// Run:   arena play jungle --bot "mono bot.exe" --bot builtin:greedy
// Debug with Console.Error: stderr is kept in the replay.
using System.Collections.Generic;
using System.Linq;

public class Bot
{
    // How near (in tiles) an enemy makes a carrier drop its diamond.
    const int Danger = 2;

    public List<Action> NextMove(GameMessage msg)
    {
        var actions = new List<Action>();
        Team team = msg.MyTeam();
        if (team == null) return actions;
        var occupied = msg.Occupied();
        var free = msg.Diamonds.Where(d => d.OwnerId == null).Select(d => d.Position).ToList(); // on the ground
        var onGround = new HashSet<Position>(free);
        var targeted = new HashSet<Position>();
        var spawned = new HashSet<Position>();
        foreach (Unit u in team.Units)
        {
            if (!u.Position.HasValue && !u.HasSpawned)
            {
                // The free spawn tile nearest to a free diamond.
                Position? best = null;
                int bestD = 0;
                foreach (Position s in msg.TilesOf("SPAWN"))
                {
                    if (occupied.Contains(s) || spawned.Contains(s)) continue;
                    Position? p = Nearest(free, s, null);
                    int d = p.HasValue ? Position.Distance(s, p.Value) : 1 << 30;
                    if (!best.HasValue || d < bestD) { best = s; bestD = d; }
                }
                if (best.HasValue)
                {
                    spawned.Add(best.Value);
                    actions.Add(Action.Spawn(u.Id, best.Value));
                }
            }
            else if (!u.Position.HasValue || u.IsSummoning)
            {
                // Dead, or locked while it summons: nothing to do.
            }
            else if (u.HasDiamond)
            {
                Diamond d = msg.Diamond(u.DiamondId);
                if (d == null) continue;
                Position here = u.Position.Value;
                bool threatened = msg.Enemies().Any(e => Position.Distance(e.Position.Value, here) <= Danger);
                if (threatened || msg.Tick >= msg.TotalTick - 3)
                {
                    foreach (Position p in here.Neighbours())
                        if (msg.TileAt(p) == "EMPTY" && !occupied.Contains(p) && !onGround.Contains(p))
                        {
                            actions.Add(Action.Drop(u.Id, p));
                            break;
                        }
                }
                else if (d.SummonLevel < msg.MaximumDiamondSummonLevel && msg.Tick + d.SummonLevel + 1 < msg.TotalTick - 3)
                {
                    actions.Add(Action.Summon(u.Id));
                }
            }
            else
            {
                Position? p = Nearest(free, u.Position.Value, targeted);
                if (p.HasValue)
                {
                    targeted.Add(p.Value);
                    actions.Add(Action.Move(u.Id, p.Value));
                }
            }
        }
        return actions;
    }

    // The free diamond nearest to from, among those not taken.
    static Position? Nearest(List<Position> free, Position from, HashSet<Position> taken)
    {
        Position? best = null;
        foreach (Position p in free)
            if ((taken == null || !taken.Contains(p)) && (!best.HasValue || Position.Distance(from, p) < Position.Distance(from, best.Value)))
                best = p;
        return best;
    }
}
