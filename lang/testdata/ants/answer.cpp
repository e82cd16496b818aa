#include <iostream>
#include <vector>

using namespace std;

// Ants & Crystals, as a CodinGame player writes it in C++: cin, cout, endl.
int main()
{
    int n, target = -1;
    cin >> n; cin.ignore();
    for (int i = 0; i < n; i++) {
        int type, resources, neigh;
        cin >> type >> resources;
        for (int d = 0; d < 6; d++) cin >> neigh;
        if (type == 2 && target < 0) target = i;
    }
    int bases;
    cin >> bases;
    vector<int> mine(bases), theirs(bases);
    for (int &b : mine) cin >> b;
    for (int &b : theirs) cin >> b;
    while (1) {
        int my_score, opp_score;
        if (!(cin >> my_score >> opp_score)) return 0;
        for (int i = 0; i < n; i++) { int r, m, o; cin >> r >> m >> o; }
        if (target >= 0) cout << "LINE " << mine[0] << " " << target << " 1" << endl;
        else cout << "WAIT" << endl;
    }
}
