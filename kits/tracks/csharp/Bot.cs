// Back Track King (tracks) starter bot in C#: start here. Write your
// strategy in Play; Tracks.cs reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active
// yet (the same answers as the other kits' starting bots). Ideas: DISRUPT
// the regions where the opponent's tracks pay it the most, avoid building
// in regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Build: mcs -optimize -out:bot.exe Bot.cs Tracks.cs
// Run:   arena play tracks --bot "mono bot.exe" --bot builtin:boss3
// Debug with Console.Error: stderr is kept in the replay. Answer within
// 50 ms (1000 ms on the first turn).
using System;
using System.Collections.Generic;
using static Actions;

public class Bot
{
    public List<string> Play(Game g)
    {
        // The nearest desired connection that is not active yet: the least
        // (distance, town, desired town).
        int bestT = -1, bestU = -1, bestDist = int.MaxValue;
        foreach (Town t in g.Towns)
            foreach (int u in t.Desired)
            {
                if (g.Active(t.Id, u)) continue;
                int d = Math.Abs(t.X - g.Towns[u].X) + Math.Abs(t.Y - g.Towns[u].Y);
                if (d < bestDist || (d == bestDist && t.Id == bestT && u < bestU))
                {
                    bestDist = d;
                    bestT = t.Id;
                    bestU = u;
                }
            }
        var actions = new List<string>();
        if (bestT >= 0)
        {
            Town t = g.Towns[bestT], u = g.Towns[bestU];
            actions.Add(Autoplace(t.X, t.Y, u.X, u.Y));
        }
        return actions; // WAIT when there is no action
    }
}
