import sys

# Ants & Crystals, as a CodinGame player writes it: input(), print().
n = int(input())
target = -1
for i in range(n):
    kind, resources, *neighbours = map(int, input().split())
    if kind == 2 and target < 0:
        target = i
input()
my_base = int(input().split()[0])
input()
while True:
    my_score, opp_score = map(int, input().split())
    for i in range(n):
        input()
    print("LINE %d %d 1" % (my_base, target) if target >= 0 else "WAIT")
