use strict;
use warnings;

# Ants & Crystals, as a CodinGame player writes it in Perl: <STDIN>, print.
select(STDOUT); $| = 1;
chomp(my $n = <STDIN>);
my $target = -1;
for my $i (0 .. $n - 1) {
    my ($kind) = split / /, <STDIN>;
    $target = $i if $kind == 2 && $target < 0;
}
<STDIN>;
chomp(my $mine = <STDIN>);
my ($my_base) = split / /, $mine;
<STDIN>;
while (defined(my $scores = <STDIN>)) {
    <STDIN> for 1 .. $n;
    print $target >= 0 ? "LINE $my_base $target 1\n" : "WAIT\n";
}
