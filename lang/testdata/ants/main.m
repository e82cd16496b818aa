#import <Foundation/Foundation.h>
#include <stdio.h>

// Ants & Crystals, as a CodinGame player writes it in Objective-C:
// Foundation (an NSAutoreleasePool: GCC has no @autoreleasepool), scanf,
// printf.
int main(int argc, const char * argv[]) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    int n, target = -1;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        int type, v;
        scanf("%d", &type);
        for (int j = 0; j < 7; j++) scanf("%d", &v);
        if (type == 2 && target < 0) target = i;
    }
    int bases, myBase, v;
    scanf("%d%d", &bases, &myBase);
    for (int i = 1; i < 2 * bases; i++) scanf("%d", &v);
    while (scanf("%d%d", &v, &v) == 2) {
        for (int i = 0; i < 3 * n; i++) scanf("%d", &v);
        NSString *answer = target >= 0 ? [NSString stringWithFormat:@"LINE %d %d 1", myBase, target] : @"WAIT";
        printf("%s\n", [answer UTF8String]);
        fflush(stdout);
    }
    [pool drain];
    return 0;
}
