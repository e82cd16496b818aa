#include <stdio.h>

/* Ants & Crystals, as a CodinGame player writes it in C: scanf, printf. */
int main()
{
    int n, target = -1;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        int type, resources, neigh[6];
        scanf("%d%d%d%d%d%d%d%d", &type, &resources, &neigh[0], &neigh[1], &neigh[2], &neigh[3], &neigh[4], &neigh[5]);
        if (type == 2 && target < 0) target = i;
    }
    int bases, my_base = 0, other;
    scanf("%d", &bases);
    for (int i = 0; i < bases; i++) { int b; scanf("%d", &b); if (i == 0) my_base = b; }
    for (int i = 0; i < bases; i++) scanf("%d", &other);
    while (1) {
        int my_score, opp_score;
        if (scanf("%d%d", &my_score, &opp_score) != 2) return 0;
        for (int i = 0; i < n; i++) { int r, m, o; scanf("%d%d%d", &r, &m, &o); }
        if (target >= 0) printf("LINE %d %d 1\n", my_base, target); else printf("WAIT\n");
    }
}
