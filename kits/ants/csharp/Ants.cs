// Ants & Crystals protocol code for the C# starter kit: you should not need
// to change it. Write your strategy in Bot.cs.
//
// It reads the whole input into typed state (the map once, then every turn)
// and gives the game's actions as functions. The rules and the protocol are
// in docs/games/ants.md.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

public enum CellType { Empty = 0, Egg = 1, Crystal = 2 }

public class Cell
{
    public int Index;
    public CellType Type;          // never changes
    public int InitialResources;
    public int[] Neighbors = new int[6]; // per direction (0 east, counter-clockwise), -1 when none
    public int Resources;          // what is left, updated every turn
    public int MyAnts, OppAnts;
}

public class Game
{
    public List<Cell> Cells = new List<Cell>();
    public int[] MyBases = new int[0], OppBases = new int[0];
    public int Turn;               // 1 on the first turn
    public int MyScore, OppScore;  // sent in league 4 only (0 otherwise)
    public int[][] Dist = new int[0][]; // all-pairs distances in steps, -1 when unreachable

    readonly TextReader input;

    public Game(TextReader input) { this.input = input; }

    int[] Ints()
    {
        string line = input.ReadLine();
        if (line == null) return null;
        return line.Split((char[])null, StringSplitOptions.RemoveEmptyEntries).Select(int.Parse).ToArray();
    }

    int[] Need(int k)
    {
        int[] v = Ints();
        if (v == null) throw new EndOfStreamException("unexpected end of input");
        if (v.Length < k) throw new FormatException("want " + k + " numbers, got " + string.Join(" ", v));
        return v;
    }

    // Reads the initialisation block; false at the end of the input.
    public bool ReadInit()
    {
        int[] first = Ints();
        if (first == null) return false;
        int n = first[0];
        for (int i = 0; i < n; i++)
        {
            int[] v = Need(8);
            var c = new Cell { Index = i, Type = (CellType)v[0], InitialResources = v[1], Resources = v[1] };
            Array.Copy(v, 2, c.Neighbors, 0, 6);
            Cells.Add(c);
        }
        int bases = Need(1)[0];
        MyBases = Need(bases).Take(bases).ToArray();
        OppBases = Need(bases).Take(bases).ToArray();
        Dist = Enumerable.Range(0, n).Select(Bfs).ToArray();
        return true;
    }

    // Reads one turn; false at the end of the game. The score line is sent
    // in league 4 only: it is the only line of two numbers.
    public bool ReadTurn()
    {
        int[] v = Ints();
        if (v == null) return false;
        Turn++;
        if (v.Length == 2)
        {
            MyScore = v[0];
            OppScore = v[1];
            v = Need(3);
        }
        for (int i = 0; i < Cells.Count; i++)
        {
            if (i > 0) v = Need(3);
            if (v.Length < 3) throw new FormatException("want 3 numbers for cell " + i);
            Cells[i].Resources = v[0];
            Cells[i].MyAnts = v[1];
            Cells[i].OppAnts = v[2];
        }
        return true;
    }

    int[] Bfs(int src)
    {
        var d = Enumerable.Repeat(-1, Cells.Count).ToArray();
        d[src] = 0;
        var queue = new Queue<int>();
        queue.Enqueue(src);
        while (queue.Count > 0)
        {
            int h = queue.Dequeue();
            foreach (int m in Cells[h].Neighbors)
                if (m >= 0 && d[m] < 0)
                {
                    d[m] = d[h] + 1;
                    queue.Enqueue(m);
                }
        }
        return d;
    }

    public int MyAntTotal() { return Cells.Sum(c => c.MyAnts); }
    public int OppAntTotal() { return Cells.Sum(c => c.OppAnts); }

    // The base of ours nearest to cell c.
    public int NearestBase(int c)
    {
        int best = MyBases[0];
        foreach (int b in MyBases)
            if (Dist[b][c] >= 0 && (Dist[best][c] < 0 || Dist[b][c] < Dist[best][c])) best = b;
        return best;
    }
}

// The actions; Answer joins them with ';'.
public static class Actions
{
    public static string Beacon(int cell, int strength) { return "BEACON " + cell + " " + strength; }
    public static string Line(int from, int to, int strength) { return "LINE " + from + " " + to + " " + strength; }
    public static string Wait() { return "WAIT"; }
    // Shown in the viewer: one line, up to 46 characters.
    public static string Message(string text) { return "MESSAGE " + text; }
    // A turn's actions joined with ';', WAIT when there is none.
    public static string Answer(IList<string> actions) { return actions.Count == 0 ? Wait() : string.Join(";", actions); }
}

public static class Program
{
    public static void Main()
    {
        var game = new Game(Console.In);
        var bot = new Bot();
        try
        {
            if (!game.ReadInit()) return;
            while (game.ReadTurn())
            {
                Console.Out.WriteLine(Actions.Answer(bot.Play(game)));
                Console.Out.Flush();
            }
        }
        catch (Exception e) when (e is FormatException || e is EndOfStreamException)
        {
            Console.Error.WriteLine("reading the input: " + e.Message);
        }
    }
}
