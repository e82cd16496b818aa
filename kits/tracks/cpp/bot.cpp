// Back Track King (tracks) starter bot in C++: start here. Write your
// strategy in play(); tracks.hpp reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active
// yet (the same answers as the other kits' starting bots). Ideas: DISRUPT
// the regions where the opponent's tracks pay it the most, avoid building
// in regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Build: g++ -O2 -std=c++17 -o bot bot.cpp
// Run:   arena play tracks --bot ./bot --bot builtin:boss3
// Debug with std::cerr: stderr is kept in the replay. Answer within 50 ms
// (1000 ms on the first turn).
#include <cstdlib>

#include "tracks.hpp"

using namespace tracks;

Actions play(const Game& g) {
    Actions out;
    // The nearest desired connection that is not active yet: the least
    // (distance, town, desired town).
    int bestT = -1, bestU = -1, bestDist = 1 << 30;
    for (const Town& t : g.towns)
        for (int u : t.desired) {
            if (g.active(t.id, u)) continue;
            int d = std::abs(t.x - g.towns[u].x) + std::abs(t.y - g.towns[u].y);
            if (d < bestDist || (d == bestDist && t.id == bestT && u < bestU)) bestDist = d, bestT = t.id, bestU = u;
        }
    if (bestT >= 0) {
        const Town &t = g.towns[bestT], &u = g.towns[bestU];
        out.add(autoplace(t.x, t.y, u.x, u.y));
    }
    return out;  // WAIT when there is no action
}

int main() { return run(play); }
