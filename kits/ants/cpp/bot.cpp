// Ants & Crystals starter bot in C++: start here. Write your strategy in
// play(); ants.hpp reads the input and writes the answers.
//
// This bot places LINEs from its bases to the nearest resources, eggs first
// early on or while it has fewer ants than its opponent, as many targets as
// its ants can hold in a chain.
//
// Build: g++ -O2 -std=c++17 -o bot bot.cpp
// Run:   arena play ants --bot ./bot --bot builtin:boss4
// Debug with std::cerr: stderr is kept in the replay.
#include <algorithm>
#include <tuple>

#include "ants.hpp"

using namespace ants;

Actions play(const Game& g) {
    int myAnts = g.myAntTotal();
    bool wantEggs = g.turn <= 8 || myAnts < g.oppAntTotal();
    std::vector<std::tuple<int, int, int>> targets;  // (eggs first, distance, index)
    for (const Cell& c : g.cells) {
        int d = g.dist[g.nearestBase(c.index)][c.index];
        if (c.resources > 0 && d >= 0 && (c.type == CRYSTAL || wantEggs))
            targets.emplace_back(c.type == EGG && wantEggs ? 0 : 1, d, c.index);
    }
    std::sort(targets.begin(), targets.end());
    Actions out;
    int budget = myAnts / 2, chosen = 0;
    for (auto& [group, d, c] : targets) {
        if (d + 1 > budget && chosen > 0) continue;
        budget -= d + 1;
        out.add(line(g.nearestBase(c), c, 1));
        chosen++;
    }
    out.add(message(std::to_string(myAnts) + " ants, " + std::to_string(chosen) + " targets"));
    return out;
}

int main() { return run(play); }
