use std::io;

macro_rules! parse_input {
    ($x:expr, $t:ident) => ($x.trim().parse::<$t>().unwrap())
}

/**
 * Ants & Crystals, as a CodinGame player writes it in Rust: stdin's
 * read_line, the parse_input! macro, println!.
 **/
fn main() {
    let mut input_line = String::new();
    io::stdin().read_line(&mut input_line).unwrap();
    let n = parse_input!(input_line, i32);
    let mut target = -1;
    for i in 0..n {
        let mut input_line = String::new();
        io::stdin().read_line(&mut input_line).unwrap();
        let inputs = input_line.split(" ").collect::<Vec<_>>();
        if parse_input!(inputs[0], i32) == 2 && target < 0 {
            target = i;
        }
    }
    let mut line = String::new();
    io::stdin().read_line(&mut line).unwrap();
    line.clear();
    io::stdin().read_line(&mut line).unwrap();
    let my_base = parse_input!(line.split(" ").next().unwrap(), i32);
    io::stdin().read_line(&mut line).unwrap();
    loop {
        let mut scores = String::new();
        if io::stdin().read_line(&mut scores).unwrap() == 0 {
            return;
        }
        for _ in 0..n {
            let mut cell = String::new();
            io::stdin().read_line(&mut cell).unwrap();
        }
        if target >= 0 {
            println!("LINE {} {} 1", my_base, target);
        } else {
            println!("WAIT");
        }
    }
}
