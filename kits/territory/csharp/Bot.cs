// Territory starter bot in C#: start here. Write your strategy in Play;
// Territory.cs reads the turn JSON and writes the moves.
//
// The strategy is deliberately simple (the Python kit's, move for move):
// walk a square loop out of the body and come back before MovementLeft
// runs out; never step on a wall, a bomb or our own neck.
//
// Build: mcs -optimize -out:bot.exe Bot.cs Territory.cs Json.cs
// Run:   arena play territory --bot "mono bot.exe" --bot builtin:greedy --bot builtin:random --bot builtin:hunter
// Debug with Console.Error: stderr is kept in the replay.
using System;
using System.Collections.Generic;
using System.Linq;

public class Bot
{
    int loops;
    Queue<Move> legs = new Queue<Move>(); // the moves left in the current loop

    // A loop from the head: straight out of the body, across, and back.
    // Its side grows with MaxMovement.
    Queue<Move> Plan(Board b)
    {
        int side = Math.Max(2, b.MaxMovement / 4);
        int bestInside = -1;
        Move d = Move.NONE;
        for (int k = 0; k < 4; k++)
        {
            Move m = Moves.All[(loops + k) % 4];
            Tile t = b.Head;
            int inside = 0;
            for (;;)
            {
                // walk through our body to its edge
                t = t.Step(m);
                if (!b.Body.Contains(t)) break;
                inside++;
            }
            if (!b.Avoid(t) && (bestInside < 0 || inside < bestInside)) { bestInside = inside; d = m; }
        }
        if (bestInside < 0) return new Queue<Move>();
        loops++;
        Move across = loops % 2 == 1 ? d.TurnRight() : d.TurnRight().TurnRight().TurnRight();
        Move back = d.TurnRight().TurnRight();
        return new Queue<Move>(Enumerable.Repeat(d, bestInside + side)
            .Concat(Enumerable.Repeat(across, side))
            .Concat(Enumerable.Repeat(back, side + bestInside)));
    }

    public Move Play(Board b)
    {
        var dist = b.DistanceHome();
        if (b.AtHome() && legs.Count == 0) legs = Plan(b);
        if (legs.Count > 0)
        {
            Move m = legs.Peek();
            Tile t = b.Head.Step(m);
            if (b.Safe(t, dist) && !b.Avoid(t))
            {
                legs.Dequeue();
                if (!b.AtHome() && b.Body.Contains(t)) legs.Clear(); // back home: the loop is closed
                return m;
            }
            legs.Clear();
        }
        // Head home by the shortest way, or anywhere safe.
        Move best = Move.NONE;
        int bestD = 0;
        foreach (Move m in Moves.All)
        {
            Tile t = b.Head.Step(m);
            if (!b.Safe(t, dist)) continue;
            int d;
            if (b.Body.Contains(t)) d = 0;
            else if (!dist.TryGetValue(t, out d)) d = 99;
            if (best == Move.NONE || d < bestD) { best = m; bestD = d; }
        }
        return best;
    }
}
