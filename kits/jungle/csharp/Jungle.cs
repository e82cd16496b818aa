// Jungle Blitz (Coveo Blitz 2022) protocol code for the C# starter kit: you
// should not need to change it. Write your bot in Bot.cs.
//
// It connects to the game server over WebSocket (Mono's ClientWebSocket),
// registers, reads every TICK into typed state (GameMessage, with Json.cs)
// and answers with a COMMAND of the actions your bot returns, as the 2022
// kits did. Positions are (x, y) with x the column from the left and y the
// row from the top; Tiles is indexed [x][y]. The protocol is in
// docs/games/jungle.md.
//
// Arena starts the bot with TOKEN (its registration secret) and
// ARENA_WS_URL (the server's address) in its environment. Without a token
// the kit registers by name on ARENA_WS_URL, or ws://127.0.0.1:8765 when
// it is unset, so it also plays against `arena host jungle`.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.WebSockets;
using System.Text;
using System.Threading;

public struct Position : IEquatable<Position>
{
    public readonly int X, Y;
    public Position(int x, int y) { X = x; Y = y; }

    // The four tiles next to this one (some may be off the map).
    public Position[] Neighbours()
    {
        return new[] { new Position(X, Y - 1), new Position(X + 1, Y), new Position(X, Y + 1), new Position(X - 1, Y) };
    }

    // The Manhattan distance between two tiles.
    public static int Distance(Position a, Position b) { return Math.Abs(a.X - b.X) + Math.Abs(a.Y - b.Y); }

    public static Position? From(Json j) { return j.IsNull ? (Position?)null : new Position(j["x"].Int, j["y"].Int); }
    public string ToJson() { return "{\"x\":" + X + ",\"y\":" + Y + "}"; }
    public bool Equals(Position o) { return X == o.X && Y == o.Y; }
    public override bool Equals(object o) { return o is Position && Equals((Position)o); }
    public override int GetHashCode() { return X * 1000 + Y; }
    public override string ToString() { return "(" + X + ", " + Y + ")"; }
}

// A diamond; OwnerId is the id of the unit holding it, null when it lies
// free on the ground.
public class Diamond
{
    public string Id, OwnerId;
    public Position Position;
    public int SummonLevel, Points;
}

// What happened to a unit during the previous tick.
public class LastState
{
    public Position? PositionBefore, PositionBeforeDying;
    public string WasVinedBy, WasAttackedBy;
    public bool HasSummoned;
}

// A unit; Position is null while it is not on the board.
public class Unit
{
    public string Id, TeamId, DiamondId;
    public Position? Position;
    public List<Position> Path = new List<Position>();
    public bool HasDiamond, HasSpawned, IsSummoning;
    public LastState LastState = new LastState();
}

// A team; Errors are your last command's errors (empty for the others).
public class Team
{
    public string Id, Name;
    public bool IsDead;
    public int Score;
    public List<Unit> Units = new List<Unit>();
    public List<string> Errors = new List<string>();
}

// The TICK the server sends before every tick.
public class GameMessage
{
    public string Type, TeamId;
    public int Tick, TotalTick;
    public string[][] Tiles = new string[0][]; // "EMPTY", "WALL" or "SPAWN", [x][y]
    public List<Diamond> Diamonds = new List<Diamond>();
    public int MaximumDiamondSummonLevel = 5, InitialDiamondSummonLevel = 1, PointsPerDiamond = 1;
    // For this tick and the next four, the order in which the teams' commands are applied.
    public Dictionary<string, List<string>> TeamPlayOrderings = new Dictionary<string, List<string>>();
    public List<Team> Teams = new List<Team>();

    public int Width { get { return Tiles.Length; } }
    public int Height { get { return Tiles.Length == 0 ? 0 : Tiles[0].Length; } }

    // The tile type at p ("" outside the map).
    public string TileAt(Position p)
    {
        return p.X < 0 || p.Y < 0 || p.X >= Width || p.Y >= Height ? "" : Tiles[p.X][p.Y];
    }

    public Team MyTeam() { return Teams.FirstOrDefault(t => t.Id == TeamId); }

    // The other teams' units on the board.
    public List<Unit> Enemies()
    {
        return Teams.Where(t => t.Id != TeamId).SelectMany(t => t.Units).Where(u => u.Position.HasValue).ToList();
    }

    // The tiles that hold a unit.
    public HashSet<Position> Occupied()
    {
        return new HashSet<Position>(Teams.SelectMany(t => t.Units).Where(u => u.Position.HasValue).Select(u => u.Position.Value));
    }

    // Every tile of a type ("SPAWN", ...), by x then y.
    public List<Position> TilesOf(string kind)
    {
        var outs = new List<Position>();
        for (int x = 0; x < Width; x++)
            for (int y = 0; y < Height; y++)
                if (Tiles[x][y] == kind) outs.Add(new Position(x, y));
        return outs;
    }

    public Diamond Diamond(string id) { return Diamonds.FirstOrDefault(d => d.Id == id); }

    static string Str(Json j) { return j.IsNull ? null : j.String; }

    public static GameMessage Parse(Json j)
    {
        var m = new GameMessage { Type = Str(j["type"]), Tick = j["tick"].Int, TotalTick = j["totalTick"].Int, TeamId = Str(j["teamId"]) };
        Json map = j["map"];
        m.Tiles = map["tiles"].Items.Select(col => col.Items.Select(t => t.String).ToArray()).ToArray();
        foreach (Json d in map["diamonds"].Items)
            m.Diamonds.Add(new Diamond
            {
                Id = Str(d["id"]), OwnerId = Str(d["ownerId"]), Position = Position.From(d["position"]) ?? new Position(),
                SummonLevel = d["summonLevel"].Int, Points = d["points"].Int,
            });
        Json config = j["gameConfig"];
        if (!config["maximumDiamondSummonLevel"].IsNull) m.MaximumDiamondSummonLevel = config["maximumDiamondSummonLevel"].Int;
        if (!config["initialDiamondSummonLevel"].IsNull) m.InitialDiamondSummonLevel = config["initialDiamondSummonLevel"].Int;
        if (!config["pointsPerDiamond"].IsNull) m.PointsPerDiamond = config["pointsPerDiamond"].Int;
        foreach (var kv in j["teamPlayOrderings"].Members) m.TeamPlayOrderings[kv.Key] = kv.Value.Items.Select(Str).ToList();
        foreach (Json t in j["teams"].Items)
        {
            var team = new Team { Id = Str(t["id"]), Name = Str(t["name"]), IsDead = t["isDead"].Bool, Score = t["score"].Int };
            team.Errors = t["errors"].Items.Select(Str).ToList();
            foreach (Json u in t["units"].Items)
            {
                Json last = u["lastState"];
                team.Units.Add(new Unit
                {
                    Id = Str(u["id"]), TeamId = Str(u["teamId"]), DiamondId = Str(u["diamondId"]),
                    Position = Position.From(u["position"]),
                    Path = u["path"].Items.Select(p => Position.From(p) ?? new Position()).ToList(),
                    HasDiamond = u["hasDiamond"].Bool, HasSpawned = u["hasSpawned"].Bool, IsSummoning = u["isSummoning"].Bool,
                    LastState = new LastState
                    {
                        PositionBefore = Position.From(last["positionBefore"]),
                        PositionBeforeDying = Position.From(last["positionBeforeDying"]),
                        WasVinedBy = Str(last["wasVinedBy"]), WasAttackedBy = Str(last["wasAttackedBy"]),
                        HasSummoned = last["hasSummoned"].Bool,
                    },
                });
            }
            m.Teams.Add(team);
        }
        return m;
    }
}

// One unit's action.
public class Action
{
    public string Kind, UnitId;
    public Position? Target;

    // A unit that is off the board appears on a SPAWN tile.
    public static Action Spawn(string unit, Position p) { return new Action { Kind = "SPAWN", UnitId = unit, Target = p }; }
    // One tile toward p along the server's path.
    public static Action Move(string unit, Position p) { return new Action { Kind = "MOVE", UnitId = unit, Target = p }; }
    // Raises the level of the unit's diamond (the unit is locked for level+1 ticks).
    public static Action Summon(string unit) { return new Action { Kind = "SUMMON", UnitId = unit }; }
    // The diamond onto the adjacent tile p: on an empty tile it scores; onto a unit it hands it over.
    public static Action Drop(string unit, Position p) { return new Action { Kind = "DROP", UnitId = unit, Target = p }; }
    // Kills the unit on the adjacent tile p (not on a spawn tile).
    public static Action Attack(string unit, Position p) { return new Action { Kind = "ATTACK", UnitId = unit, Target = p }; }
    // Pulls the unit at p (same row or column, nothing between) next to this one.
    public static Action Vine(string unit, Position p) { return new Action { Kind = "VINE", UnitId = unit, Target = p }; }
    // Nothing (picks up a diamond lying under the unit).
    public static Action None(string unit) { return new Action { Kind = "NONE", UnitId = unit }; }

    public string ToJson()
    {
        string s = "{\"type\":\"UNIT\",\"action\":" + Json.Quote(Kind) + ",\"unitId\":" + Json.Quote(UnitId);
        if (Target.HasValue) s += ",\"target\":" + Target.Value.ToJson();
        return s + "}";
    }
}

public static class Program
{
    static void Send(ClientWebSocket ws, string text)
    {
        ws.SendAsync(new ArraySegment<byte>(Encoding.UTF8.GetBytes(text)), WebSocketMessageType.Text, true, CancellationToken.None).Wait();
    }

    // The next text message; null once the server closed the connection.
    static string Receive(ClientWebSocket ws, byte[] buffer)
    {
        var message = new MemoryStream();
        for (;;)
        {
            WebSocketReceiveResult r = ws.ReceiveAsync(new ArraySegment<byte>(buffer), CancellationToken.None).Result;
            if (r.MessageType == WebSocketMessageType.Close) return null;
            message.Write(buffer, 0, r.Count);
            if (r.EndOfMessage) return Encoding.UTF8.GetString(message.ToArray());
        }
    }

    public static int Main()
    {
        string url = Environment.GetEnvironmentVariable("ARENA_WS_URL");
        if (string.IsNullOrEmpty(url)) url = "ws://127.0.0.1:8765";
        var ws = new ClientWebSocket();
        try { ws.ConnectAsync(new Uri(url), CancellationToken.None).Wait(); }
        catch (Exception e)
        {
            Console.Error.WriteLine("cannot connect to " + url + ": " + e.GetBaseException().Message);
            return 1;
        }
        string token = Environment.GetEnvironmentVariable("TOKEN");
        Send(ws, string.IsNullOrEmpty(token)
            ? "{\"type\":\"REGISTER\",\"teamName\":\"MyCSharpBot\"}"
            : "{\"type\":\"REGISTER\",\"token\":" + Json.Quote(token) + "}");
        var bot = new Bot();
        var buffer = new byte[1 << 16];
        for (;;)
        {
            string text;
            try { text = Receive(ws, buffer); }
            catch (Exception) { text = null; } // the server closes the connection when the game is over
            if (text == null) return 0;
            GameMessage msg;
            try { msg = GameMessage.Parse(Json.Parse(text)); }
            catch (FormatException e)
            {
                Console.Error.WriteLine("not a game message: " + e.Message);
                continue;
            }
            if (msg.Type != "TICK") continue;
            Team me = msg.MyTeam();
            if (me != null) foreach (string e in me.Errors) Console.Error.WriteLine("command error: " + e);
            List<Action> actions = bot.NextMove(msg);
            string command = "{\"type\":\"COMMAND\",\"tick\":" + msg.Tick + ",\"actions\":[" + string.Join(",", actions.Select(a => a.ToJson())) + "]}";
            try { Send(ws, command); }
            catch (Exception e)
            {
                Console.Error.WriteLine("cannot send the command: " + e.GetBaseException().Message);
                return 0;
            }
        }
    }
}
