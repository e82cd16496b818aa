// Ants & Crystals, as a CodinGame player writes it in Pascal: read,
// readln, writeln, flush(output).
program Answer;
{$H+}
uses sysutils;

var
    n, i, j, kind, v, target, bases, myBase, myScore, oppScore : Int32;

begin
    readln(n);
    target := -1;
    for i := 0 to n - 1 do
    begin
        read(kind);
        for j := 1 to 7 do read(v);
        readln;
        if (kind = 2) and (target < 0) then target := i;
    end;
    readln(bases);
    readln(myBase);
    readln;
    while not eof(input) do
    begin
        readln(myScore, oppScore);
        for i := 1 to n do readln;
        if target >= 0 then writeln('LINE ', myBase, ' ', target, ' 1') else writeln('WAIT');
        flush(output);
    end;
end.
