// Territory (Ready AI Code 2020) protocol code for the C# starter kit, in
// stdin/stdout mode: you should not need to change it. Write your strategy
// in Bot.cs.
//
// Every turn Arena writes one line, the turn JSON (docs/games/territory.md)
// with "Turn" and "Final" appended; the kit reads it (with Json.cs) into a
// Board and writes the move your bot returns. After the last turn a line
// with "Final": true arrives; no answer is expected.
using System;
using System.Collections.Generic;
using System.Linq;

// A tile of the arena: X grows to the right, Y upwards, (0, 0) is the
// bottom-left tile.
public struct Tile : IEquatable<Tile>
{
    public readonly int X, Y;
    public Tile(int x, int y) { X = x; Y = y; }

    // The tile one move away.
    public Tile Step(Move m)
    {
        switch (m)
        {
            case Move.UP: return new Tile(X, Y + 1);
            case Move.DOWN: return new Tile(X, Y - 1);
            case Move.LEFT: return new Tile(X - 1, Y);
            case Move.RIGHT: return new Tile(X + 1, Y);
        }
        return this;
    }

    public bool Equals(Tile o) { return X == o.X && Y == o.Y; }
    public override bool Equals(object o) { return o is Tile && Equals((Tile)o); }
    public override int GetHashCode() { return X * 1000 + Y; }
}

// The answers: the four moves, or NONE to stay (six stays in a game, or
// four in a row, eliminate).
public enum Move { UP, DOWN, LEFT, RIGHT, NONE }

public static class Moves
{
    public static readonly Move[] All = { Move.UP, Move.DOWN, Move.LEFT, Move.RIGHT };

    // A quarter turn clockwise.
    public static Move TurnRight(this Move m)
    {
        switch (m)
        {
            case Move.UP: return Move.RIGHT;
            case Move.RIGHT: return Move.DOWN;
            case Move.DOWN: return Move.LEFT;
            case Move.LEFT: return Move.UP;
        }
        return Move.NONE;
    }
}

// One turn's state, read into tiles.
public class Board
{
    public int N;                   // the arena is N×N
    public string Me, NeckToken;    // our body token "P<id>" and neck token "p<id>"
    public Dictionary<Tile, string[]> Tokens = new Dictionary<Tile, string[]>(); // each tile's parts: body, neck, head, obstacle (W B I D)
    public Tile Head;               // our head
    public HashSet<Tile> Body = new HashSet<Tile>(), Neck = new HashSet<Tile>(); // our territory and our trail
    public int MaxMovement;         // L: the longest trip out of the body
    public int MovementLeft;        // ML: moves left on this trip
    public int Turn;

    static Tile TileOf(Json j) { return new Tile(j["X"].Int, j["Y"].Int); }

    // Reads the turn JSON. Map is row by row from the top: element i is
    // tile (i mod N, N-1-i/N).
    public Board(Json m)
    {
        N = m["MapWidth"].Int;
        Me = "P" + m["SelfId"].String;
        NeckToken = "p" + m["SelfId"].String;
        var map = m["Map"].Items;
        for (int i = 0; i < map.Count; i++)
            Tokens[new Tile(i % N, N - 1 - i / N)] = map[i].String == "" ? new string[0] : map[i].String.Split('-');
        Json own = m["OccupiedTiles"];
        if (own["Head"].Items.Count > 0) Head = TileOf(own["Head"].Items[0]);
        foreach (Json t in own["Body"].Items) Body.Add(TileOf(t));
        foreach (Json t in own["Neck"].Items) Neck.Add(TileOf(t));
        MaxMovement = m["MaxMovement"].Int;
        MovementLeft = m["MovementLeft"].Int;
        Turn = m["Turn"].Int;
    }

    public bool Inside(Tile t) { return Tokens.ContainsKey(t); }
    public bool Has(Tile t, string part) { string[] p; return Tokens.TryGetValue(t, out p) && p.Contains(part); }
    public bool AtHome() { return Body.Contains(Head); }

    // Tiles that kill us at once: off the grid, walls, bombs, our neck (and
    // the tile we stand on, which becomes neck when we are out).
    public bool Deadly(Tile t)
    {
        if (!Inside(t) || Has(t, "W") || Has(t, "B")) return true;
        if (Neck.Contains(t) || Has(t, NeckToken)) return true;
        return t.Equals(Head) && !AtHome();
    }

    // Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown).
    public bool Avoid(Tile t) { return Deadly(t) || Has(t, "I") || Has(t, "D"); }

    // The fewest moves from each tile to our body, around what we avoid.
    public Dictionary<Tile, int> DistanceHome()
    {
        var dist = new Dictionary<Tile, int>();
        var queue = new Queue<Tile>();
        foreach (Tile t in Body) { dist[t] = 0; queue.Enqueue(t); }
        while (queue.Count > 0)
        {
            Tile c = queue.Dequeue();
            foreach (Move m in Moves.All)
            {
                Tile t = c.Step(m);
                if (!dist.ContainsKey(t) && Inside(t) && !Avoid(t)) { dist[t] = dist[c] + 1; queue.Enqueue(t); }
            }
        }
        return dist;
    }

    // Moving to t keeps a way home within the movement left.
    public bool Safe(Tile t, Dictionary<Tile, int> dist)
    {
        if (Deadly(t)) return false;
        if (Body.Contains(t)) return true;
        int d;
        return dist.TryGetValue(t, out d) && d >= 1 && d <= MovementLeft - 1;
    }
}

public static class Program
{
    // Plays the game: reads a turn JSON per line, calls Play and writes its
    // move, flushed at once.
    public static void Main()
    {
        var bot = new Bot();
        string line;
        while ((line = Console.In.ReadLine()) != null)
        {
            Json m;
            try { m = Json.Parse(line); }
            catch (FormatException e)
            {
                Console.Error.WriteLine("bad turn JSON: " + e.Message);
                Console.Out.WriteLine("NONE");
                Console.Out.Flush();
                continue;
            }
            if (m["Final"].Bool)
            {
                Console.Error.WriteLine("final turn " + m["Turn"].Int);
                continue;
            }
            Console.Out.WriteLine(bot.Play(new Board(m)));
            Console.Out.Flush();
        }
    }
}
