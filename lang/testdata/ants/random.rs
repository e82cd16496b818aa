use rand::Rng;
use std::io;

/**
 * Ants & Crystals, as a CodinGame player writes it in Rust with the rand
 * crate CodinGame offers: a random crystal cell each turn.
 **/
fn main() {
    let mut rng = rand::thread_rng();
    let mut line = String::new();
    io::stdin().read_line(&mut line).unwrap();
    let n: usize = line.trim().parse().unwrap();
    let mut crystals = Vec::new();
    for i in 0..n {
        line.clear();
        io::stdin().read_line(&mut line).unwrap();
        if line.split_whitespace().next() == Some("2") {
            crystals.push(i);
        }
    }
    for _ in 0..2 {
        line.clear();
        io::stdin().read_line(&mut line).unwrap(); // the number of bases, then mine
    }
    let my_base: usize = line.split_whitespace().next().unwrap().parse().unwrap();
    line.clear();
    io::stdin().read_line(&mut line).unwrap(); // the opponent's bases
    loop {
        line.clear();
        if io::stdin().read_line(&mut line).unwrap() == 0 {
            return;
        }
        for _ in 0..n {
            line.clear();
            io::stdin().read_line(&mut line).unwrap();
        }
        if crystals.is_empty() {
            println!("WAIT");
        } else {
            let t = crystals[rng.gen_range(0..crystals.len())];
            println!("LINE {} {} 1", my_base, t);
        }
    }
}
