/* A bot written as for CodinGame in C: it uses printf and never calls
 * fflush. On CodinGame (and on Arena, whose bots write to a terminal) stdout
 * is line-buffered, so each answer leaves at its newline. */
#include <stdio.h>

#define MAXN 128

int main(void) {
    int n, type[MAXN], init[MAXN], nb[MAXN][6];
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        scanf("%d %d", &type[i], &init[i]);
        for (int d = 0; d < 6; d++) scanf("%d", &nb[i][d]);
    }
    int bases, my[2], opp[2];
    scanf("%d", &bases);
    for (int i = 0; i < bases; i++) scanf("%d", &my[i]);
    for (int i = 0; i < bases; i++) scanf("%d", &opp[i]);

    int dist[MAXN], queue[MAXN];
    for (int i = 0; i < n; i++) dist[i] = -1;
    int head = 0, tail = 0;
    dist[my[0]] = 0;
    queue[tail++] = my[0];
    while (head < tail) {
        int h = queue[head++];
        for (int d = 0; d < 6; d++) {
            int m = nb[h][d];
            if (m >= 0 && dist[m] < 0) { dist[m] = dist[h] + 1; queue[tail++] = m; }
        }
    }

    for (;;) {
        int my_score, opp_score, res[MAXN], mine, theirs;
        if (scanf("%d %d", &my_score, &opp_score) != 2) return 0;
        for (int i = 0; i < n; i++) scanf("%d %d %d", &res[i], &mine, &theirs);
        int target = -1;
        for (int c = 0; c < n; c++)
            if (type[c] == 2 && res[c] > 0 && (target < 0 || dist[c] < dist[target])) target = c;
        if (target < 0) printf("WAIT\n");
        else printf("LINE %d %d 1\n", my[0], target);
    }
}
