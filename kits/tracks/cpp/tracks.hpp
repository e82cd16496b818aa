// Back Track King (tracks) protocol code for the C++ starter kit: you should
// not need to change it. Write your strategy in bot.cpp.
//
// It reads the whole input into typed state (the map and the towns once,
// then the board every turn) and gives the game's actions as functions that
// build the answer line. The rules and the protocol are in
// docs/games/tracks.md.
#pragma once

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace tracks {

enum Terrain { PLAINS = 0, RIVER = 1, MOUNTAIN = 2, POI = 3 };
const int NO_TRACK = -1, NEUTRAL = 2;  // track owners besides the player ids 0 and 1

struct Cell {
    int x = 0, y = 0;
    int region = 0;          // never changes
    Terrain terrain = PLAINS;  // never changes
    int trackOwner = NO_TRACK;  // -1 none, 0 or 1 a player, 2 neutral
    int instability = 0;     // of the cell's region
    bool inked = false;
    std::vector<std::string> connections;  // the active connections whose path holds the cell, "T-U"
};

struct Town {
    int id = 0, x = 0, y = 0;
    std::vector<int> desired;  // the ids of the towns it wants to be connected to
};

struct Game {
    int myId = 0, width = 0, height = 0;
    std::vector<Cell> cells;  // row by row, x fastest: cells[y * width + x]
    std::vector<Town> towns;  // by id
    int turn = 0;             // 1 on the first turn
    int myScore = 0, foeScore = 0;

    Cell& at(int x, int y) { return cells[y * width + x]; }
    const Cell& at(int x, int y) const { return cells[y * width + x]; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    const Town* townAt(int x, int y) const {
        for (const Town& t : towns)
            if (t.x == x && t.y == y) return &t;
        return nullptr;
    }

    // The connection t-u (t requesting) is active: it holds t's town cell.
    bool active(int t, int u) const {
        std::string name = std::to_string(t) + "-" + std::to_string(u);
        for (const std::string& c : at(towns[t].x, towns[t].y).connections)
            if (c == name) return true;
        return false;
    }

    // Reads the initialisation block; false at the end of the input.
    bool readInit(std::istream& in = std::cin) {
        if (!(in >> myId >> width >> height)) return false;
        cells.assign(width * height, Cell{});
        for (int i = 0; i < width * height; i++) {
            int terrain;
            in >> cells[i].region >> terrain;
            cells[i].terrain = Terrain(terrain);
            cells[i].x = i % width;
            cells[i].y = i / width;
        }
        int n;
        if (!(in >> n)) return false;
        towns.assign(n, Town{});
        for (int i = 0; i < n; i++) {
            Town t;
            std::string desired;
            in >> t.id >> t.x >> t.y >> desired;
            if (desired != "x") t.desired = splitInts(desired);
            if (t.id >= 0 && t.id < n) towns[t.id] = t;
        }
        return bool(in);
    }

    // Reads one turn; false at the end of the game.
    bool readTurn(std::istream& in = std::cin) {
        if (!(in >> myScore >> foeScore)) return false;
        turn++;
        for (Cell& c : cells) {
            int inked;
            std::string conns;
            in >> c.trackOwner >> c.instability >> inked >> conns;
            c.inked = inked != 0;
            c.connections.clear();
            if (conns != "x") {
                std::stringstream s(conns);
                for (std::string part; std::getline(s, part, ',');) c.connections.push_back(part);
            }
        }
        return bool(in);
    }

   private:
    static std::vector<int> splitInts(const std::string& list) {
        std::vector<int> v;
        std::stringstream s(list);
        for (std::string part; std::getline(s, part, ',');) v.push_back(std::stoi(part));
        return v;
    }
};

// The actions. Join several with ';' (see Actions below).
inline std::string autoplace(int fromX, int fromY, int toX, int toY) {
    return "AUTOPLACE " + std::to_string(fromX) + " " + std::to_string(fromY) + " " + std::to_string(toX) + " " +
           std::to_string(toY);
}
inline std::string placeTracks(int x, int y) { return "PLACE_TRACKS " + std::to_string(x) + " " + std::to_string(y); }
inline std::string disrupt(int region) { return "DISRUPT " + std::to_string(region); }
inline std::string disruptAt(int x, int y) { return "DISRUPT " + std::to_string(x) + " " + std::to_string(y); }
inline std::string wait() { return "WAIT"; }
// Shown in the viewer; keep it on one line.
inline std::string message(const std::string& text) { return "MESSAGE " + text; }

// One turn's answer: the actions joined with ';', WAIT when there is none.
struct Actions {
    std::vector<std::string> list;
    void add(const std::string& action) { list.push_back(action); }
    std::string str() const {
        if (list.empty()) return wait();
        std::string out;
        for (const auto& a : list) out += (out.empty() ? "" : ";") + a;
        return out;
    }
};

// Plays the game: reads the input, calls play(game) every turn and writes
// its answer (endl flushes each answer).
template <class Play>
int run(Play play) {
    std::ios::sync_with_stdio(false);
    Game g;
    if (!g.readInit()) return 0;
    while (g.readTurn()) std::cout << play(static_cast<const Game&>(g)).str() << std::endl;
    return 0;
}

}  // namespace tracks
