//! `judge`: compiles each solution as an online judge would, runs its problem's tests under limits,
//! checks every answer for validity and optimality, and reports verdict, CPU and wall time, memory.

fn main() {
    std::process::exit(slidekit::commands::main());
}
