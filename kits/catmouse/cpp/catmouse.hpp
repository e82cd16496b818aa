// Cats & Mouse (Cod'INSA 2025 final) protocol code for the C++ starter kit:
// you should not need to change it. Write your strategy in bot.cpp.
//
// It reads the referee's messages into typed state and speaks the protocol
// (docs/games/catmouse.md), so that your bot only writes one function, as
// the original SDK asked:
//
//     catmouse::Orders tick(const catmouse::State& state, catmouse::Dbg& dbg);
//
// state is the game as the referee sent it, dbg the debug drawing pad: every
// call appends one DBG line, sent before your MOVE line and shown in the
// viewer (F5: the cats' drawings, F6: the mouse's).
//
// Directions, counter-clockwise from east: 0 E (+1,0), 1 NE (+1,-1),
// 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1). Coordinates are axial
// (q, r), q first, centre (0, 0).
#pragma once

#include <algorithm>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace catmouse {

struct Cell {
    int q = 0, r = 0;
    bool operator<(const Cell& o) const { return q != o.q ? q < o.q : r < o.r; }
    bool operator==(const Cell& o) const { return q == o.q && r == o.r; }
    bool operator!=(const Cell& o) const { return !(*this == o); }
};

const int DQ[6] = {1, 1, 0, -1, -1, 0};
const int DR[6] = {0, -1, -1, 0, 1, 1};

// The neighbour of c in direction d.
inline Cell add(Cell c, int d) { return Cell{c.q + DQ[d], c.r + DR[d]}; }

// Distance between two cells, ignoring terrain and walls.
inline int hexDistance(Cell a, Cell b) {
    int dq = a.q - b.q, dr = a.r - b.r;
    return std::max({std::abs(dq), std::abs(dr), std::abs(dq + dr)});
}

// The map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain) and the
// walls between cells.
struct Board {
    int radius = 0;
    std::map<Cell, char> terrain;
    std::set<std::pair<Cell, Cell>> walls;

    bool plain(Cell c) const {
        auto it = terrain.find(c);
        return it != terrain.end() && it->second == '.';
    }
    // A step is legal onto a plain cell of the map with no wall between.
    bool canStep(Cell c, int d) const {
        Cell n = add(c, d);
        return plain(n) && !walls.count({c, n});
    }
    // Every legal step from c: (direction, cell).
    std::vector<std::pair<int, Cell>> neighbours(Cell c) const {
        std::vector<std::pair<int, Cell>> out;
        for (int d = 0; d < 6; d++)
            if (canStep(c, d)) out.push_back({d, add(c, d)});
        return out;
    }
    // Every legal dash from c: (d1*10 + d2, cell).
    std::vector<std::pair<int, Cell>> dashes(Cell c) const {
        std::vector<std::pair<int, Cell>> out;
        for (auto [d1, mid] : neighbours(c))
            for (auto [d2, end] : neighbours(mid))
                if (d2 != (d1 + 3) % 6) out.push_back({d1 * 10 + d2, end});
        return out;
    }
    // Legal steps from start to every reachable cell.
    std::map<Cell, int> distances(Cell start) const {
        std::map<Cell, int> dist{{start, 0}};
        std::deque<Cell> todo{start};
        while (!todo.empty()) {
            Cell c = todo.front();
            todo.pop_front();
            for (auto [d, n] : neighbours(c))
                if (!dist.count(n)) {
                    dist[n] = dist[c] + 1;
                    todo.push_back(n);
                }
        }
        return dist;
    }
};

// What the referee told us: from INIT the role ("CATS" or "MOUSE", a new
// process plays each leg), the board and the settings; from each STATE the
// pieces, the dash counters, the actions of the previous turn and the
// errors of our previous answer.
struct State {
    std::string role;
    int game = 1, leg = 1, ncats = 0, maxTurns = 300, timeoutMs = 200;
    Board board;
    int turn = 0;
    std::vector<Cell> cats;
    Cell mouse;
    long long dashCooldown = 0, dashUses = 0;
    std::map<std::string, std::string> last;
    std::vector<std::string> errors;
};

// Orders of one turn: piece ("C0", "C1", ..., "M") to action: "S" to stay,
// "3" for one step, "05" for a dash. Pieces left out stay.
struct Orders {
    std::map<std::string, std::string> actions;
    void stay(const std::string& piece) { actions[piece] = "S"; }
    void step(const std::string& piece, int d) { actions[piece] = std::to_string(d); }
    void dash(int d1, int d2) { actions["M"] = std::to_string(d1) + std::to_string(d2); }
};

// Debug drawings, in fractional axial coordinates (a cell's centre is its
// (q, r)); lengths in cell-to-cell units; angles in degrees,
// counter-clockwise from east. Colours: "#RRGGBB", "#RRGGBBAA" or red green
// blue yellow orange purple cyan magenta white black gray pink brown. At
// most 500 drawings per turn.
struct Dbg {
    std::vector<std::string> lines;

    void segment(double q1, double r1, double q2, double r2, const std::string& color = "white") {
        add("SEGMENT", {q1, r1, q2, r2}, color);
    }
    // An infinite line through both points.
    void line(double q1, double r1, double q2, double r2, const std::string& color = "white") {
        add("LINE", {q1, r1, q2, r2}, color);
    }
    // An arrow from (q1, r1), its head at (q2, r2).
    void arrow(double q1, double r1, double q2, double r2, const std::string& color = "white") {
        add("ARROW", {q1, r1, q2, r2}, color);
    }
    // A filled polygon of 3 to 32 vertices.
    void polygon(const std::vector<std::pair<double, double>>& points, const std::string& color = "white") {
        std::string s = "DBG POLYGON " + color;
        for (auto [q, r] : points) s += " " + num(q) + " " + num(r);
        lines.push_back(s);
    }
    // A circle of radius 0 < radius <= 50, filled if fill.
    void circle(double q, double r, double radius, const std::string& color = "white", bool fill = false) {
        lines.push_back("DBG CIRCLE " + num(q) + " " + num(r) + " " + num(radius) + " " + color + (fill ? " FILL" : ""));
    }
    // An arc drawn counter-clockwise from angle start to angle end.
    void arc(double q, double r, double radius, double start, double end, const std::string& color = "white") {
        lines.push_back("DBG ARC " + num(q) + " " + num(r) + " " + num(radius) + " " + num(start) + " " + num(end) + " " + color);
    }
    // Up to 80 bytes of text at (q, r).
    void text(double q, double r, const std::string& text, const std::string& color = "white") {
        lines.push_back("DBG TEXT " + num(q) + " " + num(r) + " " + color + " " + text);
    }

   private:
    static std::string num(double x) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", x);
        return buf;
    }
    void add(const char* shape, std::vector<double> v, const std::string& color) {
        std::string s = std::string("DBG ") + shape;
        for (double x : v) s += " " + num(x);
        lines.push_back(s + " " + color);
    }
};

namespace detail {
inline void readInit(State& s, const std::vector<std::string>& block) {
    std::vector<std::string> rows;
    int radius = 0;
    for (const auto& line : block) {
        std::istringstream in(line);
        std::string w;
        in >> w;
        if (w == "ROLE") in >> s.role;
        else if (w == "GAME") { std::string legWord; in >> s.game >> legWord >> s.leg; }
        else if (w == "RADIUS") in >> radius;
        else if (w == "ROW") { int r; std::string row; in >> r >> row; rows.push_back(row); }
        else if (w == "WALL") {
            Cell a, b;
            in >> a.q >> a.r >> b.q >> b.r;
            s.board.walls.insert({a, b});
            s.board.walls.insert({b, a});
        } else if (w == "CATS") in >> s.ncats;
        else if (w == "MAXTURNS") in >> s.maxTurns;
        else if (w == "TIMEOUT") in >> s.timeoutMs;
    }
    s.board.radius = radius;
    for (int k = 0; k < (int)rows.size(); k++) {
        int r = k - radius, qmin = std::max(-radius, -radius - r);
        for (int j = 0; j < (int)rows[k].size(); j++) s.board.terrain[Cell{qmin + j, r}] = rows[k][j];
    }
}

inline void readState(State& s, const std::vector<std::string>& block) {
    s.cats.clear();
    s.errors.clear();
    s.last.clear();
    for (const auto& line : block) {
        std::istringstream in(line);
        std::string w;
        in >> w;
        if (w == "STATE") in >> s.turn;
        else if (w == "CAT") { std::string id; Cell c; in >> id >> c.q >> c.r; s.cats.push_back(c); }
        else if (w == "MOUSE") in >> s.mouse.q >> s.mouse.r;
        else if (w == "DASH") in >> s.dashCooldown >> s.dashUses;
        else if (w == "LAST") {
            std::string tok;
            while (in >> tok) {
                auto colon = tok.find(':');
                s.last[tok.substr(0, colon)] = tok.substr(colon + 1);
            }
        } else if (w == "ERROR") s.errors.push_back(line);
    }
}
}  // namespace detail

// Plays one leg: answers INIT with READY, every STATE with tick's drawings
// and orders, and stops at GAMEOVER.
template <class Tick>
int run(Tick tick) {
    std::ios::sync_with_stdio(false);
    State state;
    std::vector<std::string> block;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("GAMEOVER", 0) == 0) {
            std::cerr << line << std::endl;
            return 0;
        }
        block.push_back(line);
        if (line != "END") continue;
        if (block[0].rfind("INIT", 0) == 0) {
            detail::readInit(state, block);
            std::cout << "READY" << std::endl;
        } else {
            detail::readState(state, block);
            for (const auto& e : state.errors) std::cerr << "turn " << state.turn << ": " << e << std::endl;
            Dbg dbg;
            Orders orders = tick(static_cast<const State&>(state), dbg);
            std::string out;
            for (const auto& l : dbg.lines) out += l + "\n";
            out += "MOVE";
            for (const auto& [piece, action] : orders.actions) out += " " + piece + ":" + action;
            std::cout << out << std::endl;  // endl flushes
        }
        block.clear();
    }
    return 0;
}

}  // namespace catmouse
