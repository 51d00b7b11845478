//! Judging a submission: its problem folder, its build, each test run and decided, the frontier
//! of its search, the coach's judging of it as an exercise, and the search for an input it fails.

pub mod coach;
pub mod compile;
pub mod contestant;
pub mod decide;
pub mod frontier;
pub mod optima;
pub mod problem;
pub mod session;
pub mod stress;
pub mod test_judge;
pub mod versions;
