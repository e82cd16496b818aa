// Cats & Mouse starter bot in C#: start here. Write your strategy in Tick;
// CatMouse.cs reads the referee's messages and writes the answers.
//
// The example's cats walk shortest paths to the mouse; its mouse runs away
// from the nearest cat and dashes when cornered; both draw what they think.
//
// Build: mcs -optimize -out:bot.exe Bot.cs CatMouse.cs
// Run:   arena play catmouse --bot "mono bot.exe" --bot builtin:pursuit
// Debug with Console.Error (kept in the replay) or dbg (drawn in the viewer).
using System;
using System.Collections.Generic;
using System.Linq;

public class Bot
{
    public Orders Tick(State state, Dbg dbg)
    {
        Board board = state.Board;
        var orders = new Orders();
        if (state.Role == "CATS")
        {
            // Every cat walks a shortest path to the mouse.
            var toMouse = board.Distances(state.Mouse);
            for (int i = 0; i < state.Cats.Count; i++)
            {
                Cell cat = state.Cats[i];
                int best = -1, bestD;
                if (!toMouse.TryGetValue(cat, out bestD)) bestD = 1 << 30;
                foreach (Move m in board.Neighbours(cat))
                {
                    int d;
                    if (toMouse.TryGetValue(m.To, out d) && d < bestD)
                    {
                        best = m.Dirs[0];
                        bestD = d;
                    }
                }
                if (best >= 0)
                {
                    orders.Step("C" + i, best);
                    Cell n = cat.Add(best);
                    dbg.Arrow(cat.Q, cat.R, n.Q, n.R, "orange");
                }
            }
            dbg.Circle(state.Mouse.Q, state.Mouse.R, 0.6, "#ff000080");
            return orders;
        }
        // The mouse goes where the nearest cat is farthest, and dashes only
        // when every step leaves a cat next to it.
        var fromCats = state.Cats.Select(c => board.Distances(c)).ToList();
        Func<Cell, int> nearestCat = c =>
        {
            int best = 1 << 30, d;
            foreach (var dist in fromCats)
                if (dist.TryGetValue(c, out d)) best = Math.Min(best, d);
            return best;
        };
        int[] move = null;
        Cell bestCell = state.Mouse;
        foreach (Move m in board.Neighbours(state.Mouse))
            if (nearestCat(m.To) > nearestCat(bestCell))
            {
                move = m.Dirs;
                bestCell = m.To;
            }
        if (nearestCat(bestCell) <= 1 && state.DashCooldown == 0)
            foreach (Move m in board.Dashes(state.Mouse))
                if (nearestCat(m.To) > nearestCat(bestCell))
                {
                    move = m.Dirs;
                    bestCell = m.To;
                }
        if (move != null && move.Length == 2) orders.Dash(move[0], move[1]);
        else if (move != null) orders.Step("M", move[0]);
        dbg.Text(bestCell.Q, bestCell.R, "run (" + nearestCat(bestCell) + ")", "yellow");
        return orders;
    }
}
