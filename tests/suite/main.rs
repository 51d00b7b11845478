//! Every behaviour in one test binary, so that its tests share the cores: the judge as a contestant
//! uses it (`judge/`), the hostile submissions it contains (`containment.rs`), and the pasteable
//! solutions as a user runs them (`solutions/`). A containment test's waits (wall clocks, sleeps)
//! overlap the others' computing.

mod containment;
mod judge;
mod projects;
mod solutions;
