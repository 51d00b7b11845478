//! The namespace sandbox, as a list of steps: new user, PID, mount and network namespaces; an
//! unprivileged identity inside; mounts that hide the cache and the tests and freeze the project.

use crate::run::sys;
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

/// What the program must not see: the project (the tests' answers, the sources, the reference
/// binaries cargo built) and the compile cache.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walls {
    /// Covered by an empty read-only file system.
    pub hidden: Vec<PathBuf>,
}

/// Step 2, in PID 1 of the new namespace: a private mount tree in which every file system is
/// read-only but `keep` (the run's own folder), and a /proc of our own. Files the program needs
/// (its stdin, a program in a hidden folder) are opened after this step, through read-only mounts,
/// and before `hide`.
pub fn freeze(keep: &Path) -> Result<(), Unavailable> {
    sys::make_mounts_private().map_err(step("cannot make mounts private"))?;
    sys::bind_to_itself(keep).map_err(step("cannot mount the run's folder"))?;
    let root = Path::new("/");
    sys::set_read_only(root, true, true).map_err(step("cannot make the file system read-only"))?;
    sys::set_read_only(keep, false, false)
        .map_err(step("cannot keep the run's folder writable"))?;
    sys::mount_proc().map_err(step("cannot mount /proc"))
}

/// Step 3: covers the hidden folders. One that holds `keep` cannot be hidden, and refuses the
/// sandbox rather than leave it open; one that does not exist has nothing to hide.
pub fn hide(walls: &Walls, keep: &Path) -> Result<(), Unavailable> {
    for dir in walls.hidden.iter().filter(|dir| dir.is_dir()) {
        if keep.starts_with(dir) {
            let why = format!(
                "the run's folder {} is inside {}",
                keep.display(),
                dir.display()
            );
            return Err(Unavailable(why));
        }
        sys::hide(dir).map_err(step(&format!("cannot hide {}", dir.display())))?;
    }
    Ok(())
}
