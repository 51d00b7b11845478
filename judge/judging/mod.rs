//! Judging a submission: its problem folder, its build, each test run and decided, the frontier
//! of its search, and the coach's judging of it as an exercise.

pub mod coach;
pub mod compile;
pub mod decide;
pub mod frontier;
pub mod optima;
pub mod problem;
pub mod session;
pub mod test_judge;
pub mod versions;
