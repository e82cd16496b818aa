// Back Track King (tracks) protocol code for the C# starter kit: you should
// not need to change it. Write your strategy in Bot.cs.
//
// It reads the whole input into typed state (the map and the towns once,
// then the board every turn) and gives the game's actions as functions.
// The rules and the protocol are in docs/games/tracks.md.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

// Terrain never changes; it sets the cost of a track (1, 2, 3, 3).
public enum Terrain { Plains = 0, River = 1, Mountain = 2, PointOfInterest = 3 }

public class Cell
{
    public const int NoTrack = -1, Neutral = 2; // track owners besides the player ids 0 and 1
    public int X, Y, Region;
    public Terrain Terrain;
    public int TrackOwner = NoTrack; // NoTrack, 0 or 1 (a player), or Neutral
    public int Instability;          // of the cell's region
    public bool Inked;
    public List<string> Connections = new List<string>(); // the active connections whose path holds the cell, "T-U"
}

public class Town
{
    public int Id, X, Y;
    public List<int> Desired = new List<int>(); // the towns it wants to be connected to
}

public class Game
{
    public int MyId, Width, Height;
    public Cell[] Cells = new Cell[0]; // row by row, x fastest: Cells[y * Width + x]
    public Town[] Towns = new Town[0]; // by id
    public int Turn;                   // 1 on the first turn
    public int MyScore, FoeScore;

    readonly TextReader input;
    readonly Queue<string> words = new Queue<string>();

    public Game(TextReader input) { this.input = input; }

    public Cell At(int x, int y) { return Cells[y * Width + x]; }
    public bool Inside(int x, int y) { return x >= 0 && y >= 0 && x < Width && y < Height; }

    // The connection t-u (t requesting) is active: it holds t's town cell.
    public bool Active(int t, int u) { return At(Towns[t].X, Towns[t].Y).Connections.Contains(t + "-" + u); }

    string Word()
    {
        while (words.Count == 0)
        {
            string line = input.ReadLine();
            if (line == null) return null;
            foreach (string w in line.Split((char[])null, StringSplitOptions.RemoveEmptyEntries)) words.Enqueue(w);
        }
        return words.Dequeue();
    }

    string Need()
    {
        string w = Word();
        if (w == null) throw new EndOfStreamException("unexpected end of input");
        return w;
    }

    int Int() { return int.Parse(Need()); }

    // Reads the initialisation block; false at the end of the input.
    public bool ReadInit()
    {
        string first = Word();
        if (first == null) return false;
        MyId = int.Parse(first);
        Width = Int();
        Height = Int();
        Cells = new Cell[Width * Height];
        for (int i = 0; i < Cells.Length; i++)
            Cells[i] = new Cell { X = i % Width, Y = i / Width, Region = Int(), Terrain = (Terrain)Int() };
        int n = Int();
        Towns = new Town[n];
        for (int i = 0; i < n; i++)
        {
            var t = new Town { Id = Int(), X = Int(), Y = Int() };
            string desired = Need();
            if (desired != "x") t.Desired = desired.Split(',').Select(int.Parse).ToList();
            if (t.Id < 0 || t.Id >= n) throw new FormatException("bad town id " + t.Id);
            Towns[t.Id] = t;
        }
        return true;
    }

    // Reads one turn; false at the end of the game.
    public bool ReadTurn()
    {
        string first = Word();
        if (first == null) return false;
        MyScore = int.Parse(first);
        FoeScore = Int();
        Turn++;
        foreach (Cell c in Cells)
        {
            c.TrackOwner = Int();
            c.Instability = Int();
            c.Inked = Int() != 0;
            string conns = Need();
            c.Connections = conns == "x" ? new List<string>() : conns.Split(',').ToList();
        }
        return true;
    }
}

// The actions; Answer joins them with ';'.
public static class Actions
{
    public static string Autoplace(int fromX, int fromY, int toX, int toY) { return "AUTOPLACE " + fromX + " " + fromY + " " + toX + " " + toY; }
    public static string PlaceTracks(int x, int y) { return "PLACE_TRACKS " + x + " " + y; }
    public static string Disrupt(int region) { return "DISRUPT " + region; }
    public static string DisruptAt(int x, int y) { return "DISRUPT " + x + " " + y; }
    public static string Wait() { return "WAIT"; }
    // Shown in the viewer (one line).
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
