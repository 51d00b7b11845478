//! The namespace sandbox, as a list of steps: new user, PID, mount and network namespaces; an
//! unprivileged identity inside; mounts that hide the cache and the tests and freeze the project.

use crate::sys;
use std::io;
use std::path::{Path, PathBuf};

/// The user and group the program runs as inside: not 0, so exec drops every capability and the
/// program cannot unmount what hides the cache.
const INSIDE_ID: u32 = 1000;

/// Why the sandbox could not be set up; the judge then runs in the fallback mode.
#[derive(Debug)]
pub struct Unavailable(pub String);

fn step(what: &str) -> impl Fn(io::Error) -> Unavailable + '_ {
    move |e| Unavailable(format!("{what}: {e}"))
}

/// Step 1, in the launcher while it is single-threaded: enter the namespaces and map our user to
/// `INSIDE_ID`. The launcher's next child is PID 1 of the new PID namespace.
pub fn enter() -> Result<(), Unavailable> {
    let (uid, gid) = sys::user_and_group();
    sys::unshare_namespaces().map_err(step("cannot create namespaces"))?;
    let write = |file: &str, text: String| {
        std::fs::write(format!("/proc/self/{file}"), text).map_err(step("cannot map the user"))
    };
    write("setgroups", "deny".into())?;
    write("uid_map", format!("{INSIDE_ID} {uid} 1"))?;
    write("gid_map", format!("{INSIDE_ID} {gid} 1"))
}

/// What the program must not see or change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walls {
    /// Covered by an empty read-only file system (the compile cache, the tests).
    pub hidden: Vec<PathBuf>,
    /// Made read-only (the project).
    pub read_only: Vec<PathBuf>,
}

/// Step 2, in PID 1 of the new namespace: a private mount tree, a /proc of our own, then the walls.
/// Folders that do not exist, or that hold `keep` (the program's own folder), are left alone.
pub fn build(walls: &Walls, keep: &Path) -> Result<(), Unavailable> {
    sys::make_mounts_private().map_err(step("cannot make mounts private"))?;
    sys::mount_proc().map_err(step("cannot mount /proc"))?;
    let usable = |dir: &&PathBuf| dir.is_dir() && !keep.starts_with(dir);
    for dir in walls.read_only.iter().filter(usable) {
        sys::bind_read_only(dir).map_err(step(&format!("cannot freeze {}", dir.display())))?;
    }
    for dir in walls.hidden.iter().filter(usable) {
        sys::hide(dir).map_err(step(&format!("cannot hide {}", dir.display())))?;
    }
    Ok(())
}
