//! Running one program contained: the launcher process, the sandbox, the supervision of its process
//! tree, and the libc calls they need.

pub mod cgroup;
pub mod launcher;
pub mod report;
pub mod runner;
pub mod sandbox;
pub mod scratch;
pub mod stderr;
pub mod supervise;
pub mod sys;
pub mod tree;
