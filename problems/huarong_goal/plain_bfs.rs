//! Bench baseline for huarong_goal: the textbook one-sided BFS from the start layout until it
//! reaches the goal layout, which is the judge's reference (judge/puzzles/huarong/reference/) run
//! alone. Prints the optimum; `visited N` on stderr.

#[path = "../../judge/puzzles/huarong/reference/mod.rs"]
#[allow(dead_code, unused_imports)] // the bench needs only `parse_layouts` and `search`
mod reference;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cannot read stdin: {e}");
        std::process::exit(1);
    }
    let layouts = match reference::parse_layouts(&input) {
        Ok(layouts) => layouts,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (optimum, visited) = reference::search(&layouts);
    match optimum {
        reference::Answer::Moves(k) => println!("{k}"),
        reference::Answer::Unsolvable => println!("unsolvable"),
    }
    eprintln!("visited {visited}");
}
