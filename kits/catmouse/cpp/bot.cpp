// Cats & Mouse starter bot in C++: start here. Write your strategy in
// tick(); catmouse.hpp reads the referee's messages and writes the answers.
//
// The example's cats walk shortest paths to the mouse; its mouse runs away
// from the nearest cat and dashes when cornered; both draw what they think.
//
// Build: g++ -O2 -std=c++17 -o bot bot.cpp
// Run:   arena play catmouse --bot ./bot --bot builtin:pursuit
// Debug with std::cerr (kept in the replay) or dbg (drawn in the viewer).
#include "catmouse.hpp"

using namespace catmouse;

Orders tick(const State& state, Dbg& dbg) {
    const Board& board = state.board;
    Orders orders;
    if (state.role == "CATS") {
        // Every cat walks a shortest path to the mouse.
        auto toMouse = board.distances(state.mouse);
        for (int i = 0; i < (int)state.cats.size(); i++) {
            Cell cat = state.cats[i];
            int best = -1, bestD = toMouse.count(cat) ? toMouse[cat] : 1 << 30;
            for (auto [d, n] : board.neighbours(cat))
                if (toMouse.count(n) && toMouse[n] < bestD) best = d, bestD = toMouse[n];
            if (best >= 0) {
                orders.step("C" + std::to_string(i), best);
                Cell n = add(cat, best);
                dbg.arrow(cat.q, cat.r, n.q, n.r, "orange");
            }
        }
        dbg.circle(state.mouse.q, state.mouse.r, 0.6, "#ff000080");
        return orders;
    }
    // The mouse goes where the nearest cat is farthest, and dashes only when
    // every step leaves a cat next to it.
    std::vector<std::map<Cell, int>> fromCats;
    for (Cell c : state.cats) fromCats.push_back(board.distances(c));
    auto nearestCat = [&](Cell c) {
        int best = 1 << 30;
        for (auto& d : fromCats)
            if (d.count(c)) best = std::min(best, d.at(c));
        return best;
    };
    int bestDir = -1;
    Cell bestCell = state.mouse;
    for (auto [d, n] : board.neighbours(state.mouse))
        if (nearestCat(n) > nearestCat(bestCell)) bestDir = d, bestCell = n;
    if (nearestCat(bestCell) <= 1 && state.dashCooldown == 0) {
        for (auto [dd, n] : board.dashes(state.mouse))
            if (nearestCat(n) > nearestCat(bestCell)) bestDir = 100 + dd, bestCell = n;
    }
    if (bestDir >= 100) orders.dash((bestDir - 100) / 10, (bestDir - 100) % 10);
    else if (bestDir >= 0) orders.step("M", bestDir);
    dbg.text(bestCell.q, bestCell.r, "run (" + std::to_string(nearestCat(bestCell)) + ")", "yellow");
    return orders;
}

int main() { return run(tick); }
