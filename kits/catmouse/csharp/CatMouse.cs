// Cats & Mouse (Cod'INSA 2025 final) protocol code for the C# starter kit:
// you should not need to change it. Write your strategy in Bot.cs.
//
// It reads the referee's messages into typed state and speaks the protocol
// (docs/games/catmouse.md), so that your bot only writes one method, as the
// original SDK asked:
//
//     Orders Tick(State state, Dbg dbg)
//
// dbg is the debug drawing pad: every call appends one DBG line, sent
// before your MOVE line and shown in the viewer (F5: the cats' drawings,
// F6: the mouse's).
//
// Directions, counter-clockwise from east: 0 E (+1,0), 1 NE (+1,-1),
// 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1). Coordinates are
// axial (q, r), q first, centre (0, 0).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

public struct Cell : IEquatable<Cell>
{
    public readonly int Q, R;
    public Cell(int q, int r) { Q = q; R = r; }

    static readonly int[] DQ = { 1, 1, 0, -1, -1, 0 };
    static readonly int[] DR = { 0, -1, -1, 0, 1, 1 };

    // The neighbour in direction d.
    public Cell Add(int d) { return new Cell(Q + DQ[d], R + DR[d]); }

    // Distance between two cells, ignoring terrain and walls.
    public static int HexDistance(Cell a, Cell b)
    {
        int q = a.Q - b.Q, r = a.R - b.R;
        return Math.Max(Math.Abs(q), Math.Max(Math.Abs(r), Math.Abs(q + r)));
    }

    public bool Equals(Cell o) { return Q == o.Q && R == o.R; }
    public override bool Equals(object o) { return o is Cell && Equals((Cell)o); }
    public override int GetHashCode() { return Q * 1000 + R; }
    public override string ToString() { return Q + " " + R; }
}

// A legal step or dash: its direction(s) and the cell it ends on.
public class Move
{
    public int[] Dirs; // one direction for a step, two for a dash
    public Cell To;
}

// The map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain) and the
// walls between cells.
public class Board
{
    public int Radius;
    public Dictionary<Cell, char> Terrain = new Dictionary<Cell, char>();
    public HashSet<Tuple<Cell, Cell>> Walls = new HashSet<Tuple<Cell, Cell>>(); // both ways

    public bool Plain(Cell c) { char t; return Terrain.TryGetValue(c, out t) && t == '.'; }

    // A step is legal onto a plain cell of the map with no wall between.
    public bool CanStep(Cell c, int d)
    {
        Cell n = c.Add(d);
        return Plain(n) && !Walls.Contains(Tuple.Create(c, n));
    }

    // Every legal step from c, by direction.
    public List<Move> Neighbours(Cell c)
    {
        var outs = new List<Move>();
        for (int d = 0; d < 6; d++)
            if (CanStep(c, d)) outs.Add(new Move { Dirs = new[] { d }, To = c.Add(d) });
        return outs;
    }

    // Every legal dash from c (two steps, not coming back).
    public List<Move> Dashes(Cell c)
    {
        var outs = new List<Move>();
        foreach (Move m1 in Neighbours(c))
            foreach (Move m2 in Neighbours(m1.To))
                if (m2.Dirs[0] != (m1.Dirs[0] + 3) % 6) outs.Add(new Move { Dirs = new[] { m1.Dirs[0], m2.Dirs[0] }, To = m2.To });
        return outs;
    }

    // Legal steps from start to every reachable cell.
    public Dictionary<Cell, int> Distances(Cell start)
    {
        var dist = new Dictionary<Cell, int> { { start, 0 } };
        var queue = new Queue<Cell>();
        queue.Enqueue(start);
        while (queue.Count > 0)
        {
            Cell c = queue.Dequeue();
            foreach (Move m in Neighbours(c))
                if (!dist.ContainsKey(m.To))
                {
                    dist[m.To] = dist[c] + 1;
                    queue.Enqueue(m.To);
                }
        }
        return dist;
    }
}

// What the referee told us: from INIT the role ("CATS" or "MOUSE", a new
// process plays each leg), the board and the settings; from each STATE the
// pieces, the dash counters, what each piece did at the previous turn and
// the errors of our previous answer.
public class State
{
    public string Role = "";
    public int Game = 1, Leg = 1, NCats, MaxTurns = 300, TimeoutMs = 200;
    public Board Board = new Board();
    public int Turn;
    public List<Cell> Cats = new List<Cell>(); // C0, C1, ...
    public Cell Mouse;
    public long DashCooldown, DashUses; // a dash is allowed when DashCooldown is 0
    public Dictionary<string, string> Last = new Dictionary<string, string>();
    public List<string> Errors = new List<string>();
}

// Orders of one turn: piece ("C0", "C1", ..., "M") to action: "S" to stay,
// "3" for one step, "05" for a dash. Pieces left out stay.
public class Orders
{
    public SortedDictionary<string, string> Actions = new SortedDictionary<string, string>(StringComparer.Ordinal);
    public void Stay(string piece) { Actions[piece] = "S"; }
    public void Step(string piece, int d) { Actions[piece] = d.ToString(); }
    public void Dash(int d1, int d2) { Actions["M"] = d1.ToString() + d2; }
}

// Debug drawings, in fractional axial coordinates (a cell's centre is its
// (q, r)); lengths in cell-to-cell units; angles in degrees,
// counter-clockwise from east. Colours: "#RRGGBB", "#RRGGBBAA" or red
// green blue yellow orange purple cyan magenta white black gray pink
// brown. At most 500 drawings per turn.
public class Dbg
{
    public List<string> Lines = new List<string>();

    static string Num(double x) { return x.ToString("0.####", CultureInfo.InvariantCulture); }

    void Add(string shape, string color, params double[] v)
    {
        Lines.Add("DBG " + shape + " " + string.Join(" ", v.Select(Num)) + " " + color);
    }

    public void Segment(double q1, double r1, double q2, double r2, string color = "white") { Add("SEGMENT", color, q1, r1, q2, r2); }
    // An infinite line through both points.
    public void Line(double q1, double r1, double q2, double r2, string color = "white") { Add("LINE", color, q1, r1, q2, r2); }
    // An arrow from (q1, r1), its head at (q2, r2).
    public void Arrow(double q1, double r1, double q2, double r2, string color = "white") { Add("ARROW", color, q1, r1, q2, r2); }
    // A filled polygon of 3 to 32 vertices, given as q, r pairs.
    public void Polygon(string color, params double[] qr) { Lines.Add("DBG POLYGON " + color + " " + string.Join(" ", qr.Select(Num))); }
    // A circle of radius 0 < radius <= 50, filled if fill.
    public void Circle(double q, double r, double radius, string color = "white", bool fill = false)
    {
        Lines.Add("DBG CIRCLE " + Num(q) + " " + Num(r) + " " + Num(radius) + " " + color + (fill ? " FILL" : ""));
    }
    // An arc drawn counter-clockwise from angle start to angle end.
    public void Arc(double q, double r, double radius, double start, double end, string color = "white")
    {
        Lines.Add("DBG ARC " + Num(q) + " " + Num(r) + " " + Num(radius) + " " + Num(start) + " " + Num(end) + " " + color);
    }
    // Up to 80 bytes of text at (q, r).
    public void Text(double q, double r, string text, string color = "white")
    {
        Lines.Add("DBG TEXT " + Num(q) + " " + Num(r) + " " + color + " " + text);
    }
}

public static class Program
{
    static int Int(string[] f, int i) { int n; return i < f.Length && int.TryParse(f[i], out n) ? n : 0; }
    static long Long(string[] f, int i) { long n; return i < f.Length && long.TryParse(f[i], out n) ? n : 0; }
    static string[] Fields(string line) { return line.Split((char[])null, StringSplitOptions.RemoveEmptyEntries); }

    static void ReadInit(State s, List<string> block)
    {
        var rows = new List<string>();
        foreach (string line in block)
        {
            string[] f = Fields(line);
            if (f.Length == 0) continue;
            switch (f[0])
            {
                case "ROLE": if (f.Length > 1) s.Role = f[1]; break;
                case "GAME": s.Game = Int(f, 1); s.Leg = Int(f, 3); break;
                case "RADIUS": s.Board.Radius = Int(f, 1); break;
                case "ROW": if (f.Length > 2) rows.Add(f[2]); break;
                case "WALL":
                    var a = new Cell(Int(f, 1), Int(f, 2));
                    var b = new Cell(Int(f, 3), Int(f, 4));
                    s.Board.Walls.Add(Tuple.Create(a, b));
                    s.Board.Walls.Add(Tuple.Create(b, a));
                    break;
                case "CATS": s.NCats = Int(f, 1); break;
                case "MAXTURNS": s.MaxTurns = Int(f, 1); break;
                case "TIMEOUT": s.TimeoutMs = Int(f, 1); break;
            }
        }
        int rad = s.Board.Radius;
        for (int k = 0; k < rows.Count; k++)
        {
            int r = k - rad, qmin = Math.Max(-rad, -rad - r);
            for (int j = 0; j < rows[k].Length; j++) s.Board.Terrain[new Cell(qmin + j, r)] = rows[k][j];
        }
    }

    static void ReadState(State s, List<string> block)
    {
        s.Cats.Clear();
        s.Errors.Clear();
        s.Last.Clear();
        foreach (string line in block)
        {
            string[] f = Fields(line);
            if (f.Length == 0) continue;
            switch (f[0])
            {
                case "STATE": s.Turn = Int(f, 1); break;
                case "CAT": s.Cats.Add(new Cell(Int(f, 2), Int(f, 3))); break;
                case "MOUSE": s.Mouse = new Cell(Int(f, 1), Int(f, 2)); break;
                case "DASH": s.DashCooldown = Long(f, 1); s.DashUses = Long(f, 2); break;
                case "LAST":
                    foreach (string tok in f.Skip(1))
                    {
                        int colon = tok.IndexOf(':');
                        if (colon > 0) s.Last[tok.Substring(0, colon)] = tok.Substring(colon + 1);
                    }
                    break;
                case "ERROR": s.Errors.Add(line); break;
            }
        }
    }

    // Plays one leg: answers INIT with READY, every STATE with Tick's
    // drawings and orders, and stops at GAMEOVER.
    public static void Main()
    {
        var bot = new Bot();
        var state = new State();
        var block = new List<string>();
        string line;
        while ((line = Console.In.ReadLine()) != null)
        {
            line = line.TrimEnd('\r');
            if (line.StartsWith("GAMEOVER", StringComparison.Ordinal))
            {
                Console.Error.WriteLine(line);
                return;
            }
            block.Add(line);
            if (line.Trim() != "END") continue;
            if (block[0].StartsWith("INIT", StringComparison.Ordinal))
            {
                ReadInit(state, block);
                Console.Out.WriteLine("READY");
            }
            else
            {
                ReadState(state, block);
                foreach (string e in state.Errors) Console.Error.WriteLine("turn " + state.Turn + ": " + e);
                var dbg = new Dbg();
                Orders orders = bot.Tick(state, dbg);
                var sb = new StringBuilder();
                foreach (string l in dbg.Lines) sb.Append(l).Append('\n');
                sb.Append("MOVE");
                foreach (var kv in orders.Actions) sb.Append(' ').Append(kv.Key).Append(':').Append(kv.Value);
                Console.Out.WriteLine(sb.ToString());
            }
            Console.Out.Flush();
            block.Clear();
        }
    }
}
