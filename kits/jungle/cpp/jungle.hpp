// Jungle Blitz (Coveo Blitz 2022) protocol code for the C++ starter kit:
// you should not need to change it. Write your bot in bot.cpp.
//
// It speaks WebSocket as the 2022 kits did (WebSocket++ over standalone
// Asio, header-only: Debian's libwebsocketpp-dev and libasio-dev): it
// connects to ARENA_WS_URL (or ws://127.0.0.1:8765), registers with TOKEN
// when it is set (by team name otherwise) and answers every TICK with a
// COMMAND. With --stdio it speaks Arena's stdin/stdout mode instead: one
// TICK (a JSON object) per line on stdin, one COMMAND per line on stdout.
// The kit reads every TICK into typed state (GameMessage, with the small
// JSON reader below: C++ has none in its standard library) and writes the
// actions your bot returns. Positions are (x, y) with x the column from
// the left and y the row from the top; tiles are indexed [x][y]. The
// protocol is in docs/games/jungle.md.
#pragma once

// Asio without Boost (libasio-dev), as WebSocket++ allows.
#define ASIO_STANDALONE
#include <websocketpp/client.hpp>
#include <websocketpp/config/asio_no_tls_client.hpp>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace jungle {

// A JSON value: what the turn JSON needs (objects keep their keys' order).
struct Json {
    enum Kind { NUL, BOOL, NUMBER, STRING, ARRAY, OBJECT } kind = NUL;
    bool b = false;
    double num = 0;
    std::string str;
    std::vector<Json> arr;
    std::vector<std::pair<std::string, Json>> obj;

    // The member key of an object (a null value when absent).
    const Json& operator[](const std::string& key) const {
        static const Json null;
        for (const auto& kv : obj)
            if (kv.first == key) return kv.second;
        return null;
    }
    int integer() const { return int(num); }

    static Json parse(const std::string& text) {
        size_t i = 0;
        Json v = value(text, i);
        space(text, i);
        if (i != text.size()) throw std::runtime_error("trailing characters in JSON");
        return v;
    }

   private:
    static void space(const std::string& s, size_t& i) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
    }
    static void expect(const std::string& s, size_t& i, char c) {
        space(s, i);
        if (i >= s.size() || s[i] != c) throw std::runtime_error(std::string("JSON: expected ") + c);
        i++;
    }
    static void utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) out += char(cp);
        else if (cp < 0x800) out += char(0xC0 | cp >> 6), out += char(0x80 | (cp & 0x3F));
        else if (cp < 0x10000)
            out += char(0xE0 | cp >> 12), out += char(0x80 | ((cp >> 6) & 0x3F)), out += char(0x80 | (cp & 0x3F));
        else
            out += char(0xF0 | cp >> 18), out += char(0x80 | ((cp >> 12) & 0x3F)),
                out += char(0x80 | ((cp >> 6) & 0x3F)), out += char(0x80 | (cp & 0x3F));
    }
    static unsigned hex4(const std::string& s, size_t& i) {
        if (i + 4 > s.size()) throw std::runtime_error("JSON: bad \\u escape");
        unsigned cp = std::stoul(s.substr(i, 4), nullptr, 16);
        i += 4;
        return cp;
    }
    static std::string string(const std::string& s, size_t& i) {
        expect(s, i, '"');
        std::string out;
        while (i < s.size() && s[i] != '"') {
            char c = s[i++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i >= s.size()) break;
            char e = s[i++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    unsigned cp = hex4(s, i);
                    if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < s.size() && s[i] == '\\' && s[i + 1] == 'u') {
                        i += 2;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(s, i) - 0xDC00);
                    }
                    utf8(out, cp);
                    break;
                }
                default: out += e;  // \" \\ \/
            }
        }
        expect(s, i, '"');
        return out;
    }
    static Json value(const std::string& s, size_t& i) {
        space(s, i);
        if (i >= s.size()) throw std::runtime_error("JSON: unexpected end");
        Json v;
        char c = s[i];
        if (c == '{') {
            v.kind = OBJECT;
            i++;
            space(s, i);
            if (i < s.size() && s[i] == '}') return i++, v;
            for (;;) {
                std::string key = string(s, i);
                expect(s, i, ':');
                v.obj.emplace_back(key, value(s, i));
                space(s, i);
                if (i < s.size() && s[i] == ',') { i++; continue; }
                expect(s, i, '}');
                return v;
            }
        }
        if (c == '[') {
            v.kind = ARRAY;
            i++;
            space(s, i);
            if (i < s.size() && s[i] == ']') return i++, v;
            for (;;) {
                v.arr.push_back(value(s, i));
                space(s, i);
                if (i < s.size() && s[i] == ',') { i++; continue; }
                expect(s, i, ']');
                return v;
            }
        }
        if (c == '"') {
            v.kind = STRING;
            v.str = string(s, i);
            return v;
        }
        if (s.compare(i, 4, "true") == 0) return i += 4, v.kind = BOOL, v.b = true, v;
        if (s.compare(i, 5, "false") == 0) return i += 5, v.kind = BOOL, v;
        if (s.compare(i, 4, "null") == 0) return i += 4, v;
        size_t used = 0;
        v.kind = NUMBER;
        v.num = std::stod(s.substr(i, 40), &used);
        i += used;
        return v;
    }
};


// Quotes a string as JSON.
inline std::string quote(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c == '\n') out += "\\n";
        else if (c < 0x20) {
            const char* hex = "0123456789abcdef";
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else out += char(c);
    }
    return out + "\"";
}

struct Position {
    int x = 0, y = 0;
    bool operator<(const Position& o) const { return x != o.x ? x < o.x : y < o.y; }
    bool operator==(const Position& o) const { return x == o.x && y == o.y; }
    // The four tiles next to this one (some may be off the map).
    std::vector<Position> neighbours() const { return {{x, y - 1}, {x + 1, y}, {x, y + 1}, {x - 1, y}}; }
    std::string json() const { return "{\"x\":" + std::to_string(x) + ",\"y\":" + std::to_string(y) + "}"; }
};

// The Manhattan distance between two tiles.
inline int distance(Position a, Position b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }

inline std::optional<Position> position(const Json& j) {
    if (j.kind != Json::OBJECT) return std::nullopt;
    return Position{j["x"].integer(), j["y"].integer()};
}

// A diamond; ownerId is the id of the unit holding it, "" when it lies
// free on the ground.
struct Diamond {
    std::string id, ownerId;
    Position position;
    int summonLevel = 1, points = 0;
};

// What happened to a unit during the previous tick.
struct LastState {
    std::optional<Position> positionBefore, positionBeforeDying;
    std::string wasVinedBy, wasAttackedBy;
    bool hasSummoned = false;
};

// A unit; position is empty while it is not on the board.
struct Unit {
    std::string id, teamId, diamondId;
    std::optional<Position> position;
    std::vector<Position> path;
    bool hasDiamond = false, hasSpawned = false, isSummoning = false;
    LastState lastState;
};

// A team; errors are your last command's errors (empty for the others).
struct Team {
    std::string id, name;
    bool isDead = false;
    int score = 0;
    std::vector<Unit> units;
    std::vector<std::string> errors;
};

// The TICK the server sends before every tick.
struct GameMessage {
    std::string type, teamId;
    int tick = 0, totalTick = 0;
    std::vector<std::vector<std::string>> tiles;  // "EMPTY", "WALL" or "SPAWN", [x][y]
    std::vector<Diamond> diamonds;
    int maximumDiamondSummonLevel = 5, initialDiamondSummonLevel = 1, pointsPerDiamond = 1;
    // For this tick and the next four, the order in which the teams' commands are applied.
    std::map<std::string, std::vector<std::string>> teamPlayOrderings;
    std::vector<Team> teams;

    int width() const { return int(tiles.size()); }
    int height() const { return tiles.empty() ? 0 : int(tiles[0].size()); }
    // The tile type at p ("" outside the map).
    std::string tileAt(Position p) const {
        if (p.x < 0 || p.y < 0 || p.x >= width() || p.y >= height()) return "";
        return tiles[p.x][p.y];
    }
    const Team* myTeam() const {
        for (const Team& t : teams)
            if (t.id == teamId) return &t;
        return nullptr;
    }
    // The other teams' units on the board.
    std::vector<Unit> enemies() const {
        std::vector<Unit> out;
        for (const Team& t : teams)
            if (t.id != teamId)
                for (const Unit& u : t.units)
                    if (u.position) out.push_back(u);
        return out;
    }
    // The tiles that hold a unit.
    std::set<Position> occupied() const {
        std::set<Position> out;
        for (const Team& t : teams)
            for (const Unit& u : t.units)
                if (u.position) out.insert(*u.position);
        return out;
    }
    // Every tile of a type ("SPAWN", ...), by x then y.
    std::vector<Position> tilesOf(const std::string& kind) const {
        std::vector<Position> out;
        for (int x = 0; x < width(); x++)
            for (int y = 0; y < height(); y++)
                if (tiles[x][y] == kind) out.push_back({x, y});
        return out;
    }
    const Diamond* diamond(const std::string& id) const {
        for (const Diamond& d : diamonds)
            if (d.id == id) return &d;
        return nullptr;
    }

    static GameMessage parse(const Json& j) {
        GameMessage m;
        m.type = j["type"].str;
        m.tick = j["tick"].integer();
        m.totalTick = j["totalTick"].integer();
        m.teamId = j["teamId"].str;
        for (const Json& col : j["map"]["tiles"].arr) {
            m.tiles.emplace_back();
            for (const Json& t : col.arr) m.tiles.back().push_back(t.str);
        }
        for (const Json& d : j["map"]["diamonds"].arr)
            m.diamonds.push_back({d["id"].str, d["ownerId"].str, position(d["position"]).value_or(Position{}),
                                  d["summonLevel"].integer(), d["points"].integer()});
        const Json& config = j["gameConfig"];
        if (config["maximumDiamondSummonLevel"].kind == Json::NUMBER)
            m.maximumDiamondSummonLevel = config["maximumDiamondSummonLevel"].integer();
        if (config["initialDiamondSummonLevel"].kind == Json::NUMBER)
            m.initialDiamondSummonLevel = config["initialDiamondSummonLevel"].integer();
        if (config["pointsPerDiamond"].kind == Json::NUMBER) m.pointsPerDiamond = config["pointsPerDiamond"].integer();
        for (const auto& kv : j["teamPlayOrderings"].obj)
            for (const Json& id : kv.second.arr) m.teamPlayOrderings[kv.first].push_back(id.str);
        for (const Json& t : j["teams"].arr) {
            Team team{t["id"].str, t["name"].str, t["isDead"].b, t["score"].integer(), {}, {}};
            for (const Json& e : t["errors"].arr) team.errors.push_back(e.str);
            for (const Json& u : t["units"].arr) {
                Unit unit;
                unit.id = u["id"].str;
                unit.teamId = u["teamId"].str;
                unit.diamondId = u["diamondId"].str;
                unit.position = position(u["position"]);
                for (const Json& p : u["path"].arr) unit.path.push_back(position(p).value_or(Position{}));
                unit.hasDiamond = u["hasDiamond"].b;
                unit.hasSpawned = u["hasSpawned"].b;
                unit.isSummoning = u["isSummoning"].b;
                const Json& last = u["lastState"];
                unit.lastState = {position(last["positionBefore"]), position(last["positionBeforeDying"]),
                                  last["wasVinedBy"].str, last["wasAttackedBy"].str, last["hasSummoned"].b};
                team.units.push_back(unit);
            }
            m.teams.push_back(team);
        }
        return m;
    }
};

// One unit's action, built by the functions below.
struct Action {
    std::string kind, unitId;
    std::optional<Position> target;
    std::string json() const {
        std::string s = "{\"type\":\"UNIT\",\"action\":" + quote(kind) + ",\"unitId\":" + quote(unitId);
        if (target) s += ",\"target\":" + target->json();
        return s + "}";
    }
};

// A unit that is off the board appears on a SPAWN tile.
inline Action spawn(const std::string& unit, Position p) { return {"SPAWN", unit, p}; }
// One tile toward p along the server's path.
inline Action move(const std::string& unit, Position p) { return {"MOVE", unit, p}; }
// Raises the level of the unit's diamond (the unit is locked for level+1 ticks).
inline Action summon(const std::string& unit) { return {"SUMMON", unit, std::nullopt}; }
// The diamond onto the adjacent tile p: on an empty tile it scores; onto a unit it hands it over.
inline Action drop(const std::string& unit, Position p) { return {"DROP", unit, p}; }
// Kills the unit on the adjacent tile p (not on a spawn tile).
inline Action attack(const std::string& unit, Position p) { return {"ATTACK", unit, p}; }
// Pulls the unit at p (same row or column, nothing between) next to this one.
inline Action vine(const std::string& unit, Position p) { return {"VINE", unit, p}; }
// Nothing (picks up a diamond lying under the unit).
inline Action none(const std::string& unit) { return {"NONE", unit, std::nullopt}; }

// The COMMAND answering one message, or "" when it is not a TICK; the
// team's rejected actions of the previous tick are logged.
template <class NextMove>
std::string answer(NextMove& nextMove, const std::string& text) {
    GameMessage msg;
    try {
        msg = GameMessage::parse(Json::parse(text));
    } catch (const std::exception& e) {
        std::cerr << "not a game message: " << e.what() << std::endl;
        return "";
    }
    if (msg.type != "TICK") return "";
    if (const Team* me = msg.myTeam())
        for (const auto& e : me->errors) std::cerr << "command error: " << e << std::endl;
    std::string out = "{\"type\":\"COMMAND\",\"tick\":" + std::to_string(msg.tick) + ",\"actions\":[";
    bool first = true;
    for (const Action& a : nextMove(static_cast<const GameMessage&>(msg))) {
        out += (first ? "" : ",") + a.json();
        first = false;
    }
    return out + "]}";
}

// stdin/stdout mode: reads a TICK per line and writes its COMMAND (endl
// flushes each answer).
template <class NextMove>
int runStdio(NextMove nextMove) {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string out = answer(nextMove, line);
        if (!out.empty()) std::cout << out << std::endl;
    }
    return 0;
}

// WebSocket mode, as the 2022 kits: registers, then answers every TICK
// until the server closes the connection at the end of the game.
template <class NextMove>
int runWebSocket(NextMove nextMove, const std::string& teamName) {
    using Client = websocketpp::client<websocketpp::config::asio_client>;
    const char* env = std::getenv("ARENA_WS_URL");
    std::string url = env && *env ? env : "ws://127.0.0.1:8765";
    Client client;
    // WebSocket++ logs every frame by default: only its errors, on stderr.
    client.clear_access_channels(websocketpp::log::alevel::all);
    client.set_error_channels(websocketpp::log::elevel::warn | websocketpp::log::elevel::rerror |
                              websocketpp::log::elevel::fatal);
    client.get_elog().set_ostream(&std::cerr);
    client.init_asio();
    int status = 0;
    client.set_open_handler([&](websocketpp::connection_hdl hdl) {
        const char* token = std::getenv("TOKEN");
        std::string hello = token && *token ? "{\"type\":\"REGISTER\",\"token\":" + quote(token) + "}"
                                            : "{\"type\":\"REGISTER\",\"teamName\":" + quote(teamName) + "}";
        client.send(hdl, hello, websocketpp::frame::opcode::text);
    });
    client.set_message_handler([&](websocketpp::connection_hdl hdl, Client::message_ptr m) {
        std::string out = answer(nextMove, m->get_payload());
        if (!out.empty()) client.send(hdl, out, websocketpp::frame::opcode::text);
    });
    client.set_close_handler([](websocketpp::connection_hdl) {
        std::cerr << "The game is over: the server closed the connection." << std::endl;
    });
    client.set_fail_handler([&](websocketpp::connection_hdl hdl) {
        std::cerr << "cannot connect to " << url << ": " << client.get_con_from_hdl(hdl)->get_ec().message()
                  << std::endl;
        status = 1;
    });
    websocketpp::lib::error_code ec;
    Client::connection_ptr con = client.get_connection(url, ec);
    if (ec) {
        std::cerr << "cannot connect to " << url << ": " << ec.message() << std::endl;
        return 1;
    }
    client.connect(con);
    client.run();  // until the connection is closed
    return status;
}

// Plays the game over WebSocket, or over stdin/stdout with --stdio.
template <class NextMove>
int run(NextMove nextMove, int argc, char** argv, const std::string& teamName = "MyBot C++") {
    for (int i = 1; i < argc; i++)
        if (std::strcmp(argv[i], "--stdio") == 0) return runStdio(nextMove);
    return runWebSocket(nextMove, teamName);
}

}  // namespace jungle
