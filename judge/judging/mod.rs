//! Judging a submission: its problem folder, its build, each test run and decided, and the
//! frontier of its search.

pub mod compile;
pub mod decide;
pub mod frontier;
pub mod optima;
pub mod problem;
pub mod session;
pub mod test_judge;
