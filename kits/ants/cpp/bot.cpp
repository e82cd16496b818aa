// Starter kit for Ants & Crystals (CodinGame Spring Challenge 2023) on Arena.
//
// It reads the whole input into typed state (the map once, then every turn)
// and plays a simple legal strategy: LINEs from its bases to the nearest
// resources, eggs first while it has fewer ants than its opponent or early
// in the game, as many targets as its ants can hold in a chain.
//
// Build: g++ -O2 -std=c++17 -o bot kits/ants/cpp/bot.cpp
// Run:   arena play ants --bot ./bot --bot builtin:boss4
// Debug with std::cerr: stderr is kept in the replay.
#include <algorithm>
#include <iostream>
#include <queue>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace std;

enum CellType { EMPTY = 0, EGG = 1, CRYSTAL = 2 };

struct Cell {
    int index = 0;
    CellType type = EMPTY;  // never changes
    int initialResources = 0;
    int neighbors[6] = {-1, -1, -1, -1, -1, -1};  // per direction, -1 when none
    int resources = 0;  // what is left, updated every turn
    int myAnts = 0;
    int oppAnts = 0;
};

struct Game {
    vector<Cell> cells;
    vector<int> myBases, oppBases;
    int turn = 0;
    int myScore = 0, oppScore = 0;
    vector<vector<int>> dist;  // all-pairs distances

    static bool readLine(string& line) {
        if (!getline(cin, line)) return false;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }

    bool readInit() {
        string line;
        if (!readLine(line)) return false;
        int n = stoi(line);
        cells.resize(n);
        for (int i = 0; i < n; i++) {
            readLine(line);
            istringstream in(line);
            int type;
            in >> type >> cells[i].initialResources;
            cells[i].index = i;
            cells[i].type = CellType(type);
            cells[i].resources = cells[i].initialResources;
            for (int& nb : cells[i].neighbors) in >> nb;
        }
        readLine(line);
        int bases = stoi(line);
        myBases = readInts(bases);
        oppBases = readInts(bases);
        for (int i = 0; i < n; i++) dist.push_back(bfs(i));
        return true;
    }

    vector<int> readInts(int k) {
        string line;
        readLine(line);
        istringstream in(line);
        vector<int> v(k);
        for (int& x : v) in >> x;
        return v;
    }

    // Reads one turn. The score line is sent in league 4 (Silver+) only: it
    // is the only line with two numbers.
    bool readTurn() {
        string line;
        if (!readLine(line)) return false;
        turn++;
        istringstream first(line);
        vector<int> v;
        for (int x; first >> x;) v.push_back(x);
        if (v.size() == 2) {
            myScore = v[0];
            oppScore = v[1];
            if (!readLine(line)) return false;
        }
        for (size_t i = 0; i < cells.size(); i++) {
            if (i > 0 && !readLine(line)) return false;
            istringstream in(line);
            in >> cells[i].resources >> cells[i].myAnts >> cells[i].oppAnts;
        }
        return true;
    }

    vector<int> bfs(int src) const {
        vector<int> d(cells.size(), -1);
        d[src] = 0;
        queue<int> q;
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

    int nearestBase(int c) const {
        int best = myBases[0];
        for (int b : myBases)
            if (dist[b][c] < dist[best][c]) best = b;
        return best;
    }
};

string play(const Game& g) {
    int myAnts = 0, oppAnts = 0;
    for (const Cell& c : g.cells) {
        myAnts += c.myAnts;
        oppAnts += c.oppAnts;
    }
    bool wantEggs = g.turn <= 8 || myAnts < oppAnts;
    vector<tuple<int, int, int>> targets;  // (eggs first, distance, index)
    for (const Cell& c : g.cells)
        if (c.resources > 0 && (c.type == CRYSTAL || wantEggs))
            targets.emplace_back(c.type == EGG && wantEggs ? 0 : 1, g.dist[g.nearestBase(c.index)][c.index], c.index);
    sort(targets.begin(), targets.end());
    string out;
    int budget = myAnts / 2;
    auto add = [&](int c) {
        if (!out.empty()) out += ";";
        out += "LINE " + to_string(g.nearestBase(c)) + " " + to_string(c) + " 1";
    };
    int chosen = 0;
    for (auto& [group, d, c] : targets) {
        if (d + 1 > budget) continue;
        budget -= d + 1;
        add(c);
        chosen++;
    }
    if (chosen == 0 && !targets.empty()) {
        add(get<2>(targets[0]));
        chosen++;
    }
    if (!out.empty()) out += ";";
    out += "MESSAGE " + to_string(myAnts) + " ants, " + to_string(chosen) + " targets";
    return out;
}

int main() {
    Game g;
    if (!g.readInit()) return 0;
    while (g.readTurn()) cout << play(g) << endl;
}
