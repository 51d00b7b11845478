//! The pasteable solutions as a user runs them: every answer replayed and its length compared with
//! the judge's own reference, on the problems' tests and on generated inputs; and each file compiled
//! alone with plain `rustc`.

mod eight;
mod files;
mod fuzz;
mod huarong;
mod huarong_edges;
mod huarong_goal;
mod huarong_random;
mod noip_huarong;
mod pasteable;
mod watch;
