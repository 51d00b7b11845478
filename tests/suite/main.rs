//! Every behaviour but containment, in one test binary so that its tests share the cores: the judge
//! as a contestant uses it (`judge/`), and the pasteable solutions as a user runs them
//! (`solutions/`). Containment has a binary of its own (`containment.rs`): its limits are timed.

mod judge;
mod solutions;
