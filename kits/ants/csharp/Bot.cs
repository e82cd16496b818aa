// Ants & Crystals starter bot in C#: start here. Write your strategy in
// Play; Ants.cs reads the input and writes the answers.
//
// This bot places LINEs from its bases to the nearest resources, eggs first
// early on or while it has fewer ants than its opponent, as many targets as
// its ants can hold in a chain.
//
// Build: mcs -optimize -out:bot.exe Bot.cs Ants.cs
// Run:   arena play ants --bot "mono bot.exe" --bot builtin:boss4
// Debug with Console.Error: stderr is kept in the replay.
using System.Collections.Generic;
using System.Linq;
using static Actions;

public class Bot
{
    public List<string> Play(Game g)
    {
        int myAnts = g.MyAntTotal();
        bool wantEggs = g.Turn <= 8 || myAnts < g.OppAntTotal();
        var targets = g.Cells
            .Where(c => c.Resources > 0 && g.Dist[g.NearestBase(c.Index)][c.Index] >= 0 && (c.Type == CellType.Crystal || wantEggs))
            .Select(c => new { Group = c.Type == CellType.Egg && wantEggs ? 0 : 1, Dist = g.Dist[g.NearestBase(c.Index)][c.Index], Cell = c.Index })
            .OrderBy(t => t.Group).ThenBy(t => t.Dist).ThenBy(t => t.Cell);
        var actions = new List<string>();
        int budget = myAnts / 2, chosen = 0;
        foreach (var t in targets)
        {
            if (t.Dist + 1 > budget && chosen > 0) continue;
            budget -= t.Dist + 1;
            actions.Add(Line(g.NearestBase(t.Cell), t.Cell, 1));
            chosen++;
        }
        actions.Add(Message(myAnts + " ants, " + chosen + " targets"));
        return actions;
    }
}
