// Ants & Crystals protocol code for the C++ starter kit: you should not need
// to change it. Write your strategy in bot.cpp.
//
// It reads the whole input into typed state (the map once, then every turn)
// and gives the game's actions as functions that build the answer line.
// The rules and the protocol are in docs/games/ants.md.
#pragma once

#include <iostream>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

namespace ants {

enum CellType { EMPTY = 0, EGG = 1, CRYSTAL = 2 };

struct Cell {
    int index = 0;
    CellType type = EMPTY;  // never changes
    int initialResources = 0;
    int neighbors[6] = {-1, -1, -1, -1, -1, -1};  // per direction (0 east, counter-clockwise), -1 when none
    int resources = 0;  // what is left, updated every turn
    int myAnts = 0;
    int oppAnts = 0;
};

struct Game {
    std::vector<Cell> cells;
    std::vector<int> myBases, oppBases;
    int turn = 0;                   // 1 on the first turn
    int myScore = 0, oppScore = 0;  // sent in league 4 only (0 otherwise)
    std::vector<std::vector<int>> dist;  // all-pairs distances in steps, -1 when unreachable

    // Reads the initialisation block; false at the end of the input.
    bool readInit(std::istream& in = std::cin) {
        std::string line;
        if (!readLine(in, line)) return false;
        int n = std::stoi(line);
        cells.assign(n, Cell{});
        for (int i = 0; i < n; i++) {
            if (!readLine(in, line)) return false;
            std::istringstream s(line);
            int type;
            s >> type >> cells[i].initialResources;
            cells[i].index = i;
            cells[i].type = CellType(type);
            cells[i].resources = cells[i].initialResources;
            for (int& nb : cells[i].neighbors) s >> nb;
        }
        if (!readLine(in, line)) return false;
        int bases = std::stoi(line);
        myBases = readInts(in, bases);
        oppBases = readInts(in, bases);
        dist.clear();
        for (int i = 0; i < n; i++) dist.push_back(bfs(i));
        return true;
    }

    // Reads one turn; false at the end of the input. The score line is sent
    // in league 4 only: it is the only line of two numbers.
    bool readTurn(std::istream& in = std::cin) {
        std::string line;
        if (!readLine(in, line)) return false;
        turn++;
        std::istringstream first(line);
        std::vector<int> v;
        for (int x; first >> x;) v.push_back(x);
        if (v.size() == 2) {
            myScore = v[0];
            oppScore = v[1];
            if (!readLine(in, line)) return false;
        }
        for (size_t i = 0; i < cells.size(); i++) {
            if (i > 0 && !readLine(in, line)) return false;
            std::istringstream s(line);
            s >> cells[i].resources >> cells[i].myAnts >> cells[i].oppAnts;
        }
        return true;
    }

    int myAntTotal() const {
        int n = 0;
        for (const Cell& c : cells) n += c.myAnts;
        return n;
    }
    int oppAntTotal() const {
        int n = 0;
        for (const Cell& c : cells) n += c.oppAnts;
        return n;
    }

    // The base of ours nearest to cell c.
    int nearestBase(int c) const {
        int best = myBases[0];
        for (int b : myBases)
            if (dist[b][c] >= 0 && (dist[best][c] < 0 || dist[b][c] < dist[best][c])) best = b;
        return best;
    }

   private:
    static bool readLine(std::istream& in, std::string& line) {
        if (!std::getline(in, line)) return false;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }

    std::vector<int> readInts(std::istream& in, int k) {
        std::string line;
        readLine(in, line);
        std::istringstream s(line);
        std::vector<int> v(k);
        for (int& x : v) s >> x;
        return v;
    }

    std::vector<int> bfs(int src) const {
        std::vector<int> d(cells.size(), -1);
        d[src] = 0;
        std::queue<int> q;
        q.push(src);
        while (!q.empty()) {
            int h = q.front();
            q.pop();
            for (int m : cells[h].neighbors)
                if (m >= 0 && d[m] < 0) {
                    d[m] = d[h] + 1;
                    q.push(m);
                }
        }
        return d;
    }
};

// The actions. Join several with ';' (see Actions below).
inline std::string beacon(int cell, int strength) {
    return "BEACON " + std::to_string(cell) + " " + std::to_string(strength);
}
inline std::string line(int from, int to, int strength) {
    return "LINE " + std::to_string(from) + " " + std::to_string(to) + " " + std::to_string(strength);
}
inline std::string wait() { return "WAIT"; }
// Shown in the viewer; keep it on one line, up to 46 characters.
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
    Game g;
    if (!g.readInit()) return 0;
    while (g.readTurn()) std::cout << play(static_cast<const Game&>(g)).str() << std::endl;
    return 0;
}

}  // namespace ants
