// Territory (Ready AI Code 2020) protocol code for the C++ starter kit, in
// stdin/stdout mode: you should not need to change it. Write your strategy
// in bot.cpp.
//
// Every turn Arena writes one line, the turn JSON (docs/games/territory.md)
// with "Turn" and "Final" appended; the kit reads it (with the small JSON
// reader below: C++ has none in its standard library) into a Board and
// writes the move your bot returns. After the last turn a line with
// "Final": true arrives; no answer is expected.
#pragma once

#include <deque>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace territory {

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

// A tile of the arena: X grows to the right, Y upwards, (0, 0) is the
// bottom-left tile.
struct Tile {
    int x = 0, y = 0;
    bool operator<(const Tile& o) const { return x != o.x ? x < o.x : y < o.y; }
    bool operator==(const Tile& o) const { return x == o.x && y == o.y; }
};

// The answers: the four moves, or NONE to stay (six stays in a game, or
// four in a row, eliminate).
enum Move { UP, DOWN, LEFT, RIGHT, NONE };
const Move MOVES[4] = {UP, DOWN, LEFT, RIGHT};
inline const char* name(Move m) {
    static const char* names[] = {"UP", "DOWN", "LEFT", "RIGHT", "NONE"};
    return names[m];
}
inline Tile step(Tile t, Move m) {
    static const int dx[] = {0, 0, -1, 1, 0}, dy[] = {1, -1, 0, 0, 0};
    return Tile{t.x + dx[m], t.y + dy[m]};
}
// A quarter turn clockwise.
inline Move turnRight(Move m) {
    static const Move right[] = {RIGHT, LEFT, UP, DOWN, NONE};
    return right[m];
}

// One turn's state, read into tiles.
struct Board {
    int n = 0;                     // the arena is n×n
    std::string me, neckToken;     // our body token "P<id>" and neck token "p<id>"
    std::map<Tile, std::vector<std::string>> tokens;  // each tile's parts: body, neck, head, obstacle (W B I D)
    Tile head;                     // our head
    std::set<Tile> body, neck;     // our territory and our trail
    int maxMovement = 0;           // L: the longest trip out of the body
    int movementLeft = 0;          // ML: moves left on this trip
    int turn = 0;

    // Reads the turn JSON. Map is row by row from the top: element i is
    // tile (i mod n, n-1-i/n).
    explicit Board(const Json& m) {
        n = m["MapWidth"].integer();
        me = "P" + m["SelfId"].str;
        neckToken = "p" + m["SelfId"].str;
        const auto& map = m["Map"].arr;
        for (size_t i = 0; i < map.size(); i++) {
            std::vector<std::string> parts;
            const std::string& tok = map[i].str;
            for (size_t a = 0; !tok.empty() && a <= tok.size();) {
                size_t b = tok.find('-', a);
                if (b == std::string::npos) b = tok.size();
                parts.push_back(tok.substr(a, b - a));
                a = b + 1;
            }
            tokens[Tile{int(i) % n, n - 1 - int(i) / n}] = parts;
        }
        const Json& own = m["OccupiedTiles"];
        if (!own["Head"].arr.empty()) head = tile(own["Head"].arr[0]);
        for (const Json& t : own["Body"].arr) body.insert(tile(t));
        for (const Json& t : own["Neck"].arr) neck.insert(tile(t));
        maxMovement = m["MaxMovement"].integer();
        movementLeft = m["MovementLeft"].integer();
        turn = m["Turn"].integer();
    }

    bool inside(Tile t) const { return tokens.count(t) > 0; }
    bool has(Tile t, const std::string& part) const {
        auto it = tokens.find(t);
        if (it == tokens.end()) return false;
        for (const auto& p : it->second)
            if (p == part) return true;
        return false;
    }
    bool atHome() const { return body.count(head) > 0; }

    // Tiles that kill us at once: off the grid, walls, bombs, our neck (and
    // the tile we stand on, which becomes neck when we are out).
    bool deadly(Tile t) const {
        if (!inside(t) || has(t, "W") || has(t, "B")) return true;
        if (neck.count(t) || has(t, neckToken)) return true;
        return t == head && !atHome();
    }
    // Deadly tiles, plus ice (frozen 3 turns) and decay (a countdown).
    bool avoid(Tile t) const { return deadly(t) || has(t, "I") || has(t, "D"); }

    // The fewest moves from each tile to our body, around what we avoid.
    std::map<Tile, int> distanceHome() const {
        std::map<Tile, int> dist;
        std::deque<Tile> queue;
        for (Tile t : body) dist[t] = 0, queue.push_back(t);
        while (!queue.empty()) {
            Tile c = queue.front();
            queue.pop_front();
            for (Move m : MOVES) {
                Tile t = step(c, m);
                if (!dist.count(t) && inside(t) && !avoid(t)) dist[t] = dist[c] + 1, queue.push_back(t);
            }
        }
        return dist;
    }

    // Moving to t keeps a way home within the movement left.
    bool safe(Tile t, const std::map<Tile, int>& dist) const {
        if (deadly(t)) return false;
        if (body.count(t)) return true;
        auto it = dist.find(t);
        return it != dist.end() && it->second >= 1 && it->second <= movementLeft - 1;
    }

   private:
    static Tile tile(const Json& j) { return Tile{j["X"].integer(), j["Y"].integer()}; }
};

// Plays the game: reads a turn JSON per line, calls bot.play(board) and
// writes its move (endl flushes each answer).
template <class Bot>
int run(Bot& bot) {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        Json m;
        try {
            m = Json::parse(line);
        } catch (const std::exception& e) {
            std::cerr << "bad turn JSON: " << e.what() << std::endl;
            std::cout << "NONE" << std::endl;
            continue;
        }
        if (m["Final"].b) {
            std::cerr << "final turn " << m["Turn"].integer() << std::endl;
            continue;
        }
        std::cout << name(bot.play(Board(m))) << std::endl;
    }
    return 0;
}

}  // namespace territory
