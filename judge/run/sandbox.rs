//! The namespace sandbox, as a list of steps: new user, PID, mount, network, IPC and UTS
//! namespaces; an unprivileged identity inside, never root outside; mounts that freeze the file
//! systems, hide the cache and the tests, and cover the host's temp dirs, runtime state and homes.

use crate::run::sys::{self, Forked};
use std::io::{self, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};

/// The user and group the program runs as inside: not 0, so exec drops every capability and the
/// program cannot unmount what hides the cache.
pub const INSIDE_ID: u32 = 1000;

/// Who a root judge's programs are outside: `nobody`, who owns no host file that matters, so a run
/// can neither write `/proc/sys` nor open root's devices, and cannot signal its launcher.
pub const NOBODY: u32 = 65534;

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

/// Where [`enter_as_root`] left this process.
pub enum Entered {
    /// In the namespaces, to go on as the launcher.
    Inside,
    /// Outside, after the launcher inside ended with this exit status.
    Outside(i32),
}

/// Step 1 for a root judge. A process cannot map its user to another one from inside its new
/// namespace, so the launcher forks: the child enters the namespaces, and this process, still root
/// outside, maps the child's `INSIDE_ID` to [`NOBODY`] and waits for it. The child stays root
/// outside until its programs take `INSIDE_ID` (see `sys::own_session_as`).
pub fn enter_as_root() -> Result<Entered, Unavailable> {
    let (mut parent, mut child) = UnixStream::pair().map_err(step("cannot pair the launcher"))?;
    let forked = sys::fork_process().map_err(step("cannot fork to enter the namespaces"))?;
    let Forked::Parent { child: pid } = forked else {
        drop(parent);
        return entered_child(&mut child).map(|()| Entered::Inside);
    };
    drop(child);
    let mut byte = [0u8];
    let ready = parent
        .read(&mut byte)
        .map_err(step("cannot hear the launcher"))?;
    if ready == 1 {
        let map = |file: &str| {
            let text = format!("{INSIDE_ID} {NOBODY} 1");
            std::fs::write(format!("/proc/{pid}/{file}"), text)
        };
        if let Err(e) = map("uid_map").and_then(|()| map("gid_map")) {
            sys::kill_process(pid);
            let _ = sys::wait_child(pid);
            return Err(Unavailable(format!("cannot map the user: {e}")));
        }
        let _ = parent.write_all(&[1]);
    }
    // No byte: the child could not enter the namespaces and ends with its reason.
    let code = match sys::wait_child(pid) {
        Ok(crate::model::status::Status::Exited(code)) => code,
        _ => 2,
    };
    Ok(Entered::Outside(code))
}

/// The child's half of [`enter_as_root`]: dies with its parent, enters, waits to be mapped.
fn entered_child(parent: &mut UnixStream) -> Result<(), Unavailable> {
    sys::die_with_parent_now(sys::SIGKILL)
        .map_err(step("cannot tie the launcher to its parent"))?;
    sys::unshare_namespaces().map_err(step("cannot create namespaces"))?;
    parent
        .write_all(&[1])
        .map_err(step("cannot reach the launcher's parent"))?;
    let mut byte = [0u8];
    match parent.read(&mut byte) {
        Ok(1) => Ok(()),
        _ => Err(Unavailable(
            "the launcher's parent did not map the user".into(),
        )),
    }
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

/// Where a host keeps what a run must not reach by path: sockets and FIFOs (an ssh agent, a
/// session bus, tmux, X, a container daemon), shared memory, and users' files.
const HOST_STATE: [&str; 11] = [
    "/tmp",
    "/var/tmp",
    "/run",
    "/var/run",
    "/dev/shm",
    "/dev/mqueue",
    "/home",
    "/root",
    "/mnt",
    "/media",
    "/srv",
];

/// The folders of [`HOST_STATE`] to cover for a run of `program`: those that are folders here (not
/// links to one), except one that holds the program itself, an interpreter or a compiler in a
/// user's home say, whose libraries beside it it needs. A program behind `walls` (a binary in the
/// compile cache) is handed over as a descriptor and needs nothing beside it.
pub fn host_state(program: &Path, walls: &Walls) -> Vec<PathBuf> {
    let program = on_path(program).unwrap_or_else(|| program.to_path_buf());
    let program = std::fs::canonicalize(&program).unwrap_or(program);
    let walled = walls.hidden.iter().any(|wall| program.starts_with(wall));
    let real_dir = |dir: &&&str| std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir());
    let dirs = HOST_STATE.iter().filter(real_dir).map(PathBuf::from);
    dirs.filter(|dir| walled || !program.starts_with(dir))
        .collect()
}

/// Makes the folders of `path` in a fresh file system of the namespace, as `INSIDE_ID`: a root
/// judge's init is root outside, a user the namespace does not map, who may create nothing in a
/// file system the namespace made. A child does it, so the init keeps its own user.
fn make_as_inside_user(path: &Path) -> io::Result<()> {
    match sys::fork_process()? {
        Forked::Child => {
            let made = sys::become_user(INSIDE_ID).and_then(|()| std::fs::create_dir_all(path));
            std::process::exit(i32::from(made.is_err()))
        }
        Forked::Parent { child } => match sys::wait_child(child)? {
            crate::model::status::Status::Exited(0) => Ok(()),
            ended => Err(io::Error::new(
                io::ErrorKind::Other,
                format!("making {} ended {ended:?}", path.display()),
            )),
        },
    }
}

/// Where a bare command name (`rustc`) is found on PATH, as the program's exec will find it.
fn on_path(program: &Path) -> Option<PathBuf> {
    if program.components().count() != 1 {
        return None;
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Step 4: covers each of `dirs` with an empty read-only file system. One that holds `keep` gets
/// an empty one with just `keep` in it, at its own path and still writable.
pub fn cover(dirs: &[PathBuf], keep: &Path) -> Result<(), Unavailable> {
    for dir in dirs {
        let covered = if keep.starts_with(dir) {
            cover_but(dir, keep)
        } else {
            sys::hide(dir)
        };
        covered.map_err(step(&format!("cannot cover {}", dir.display())))?;
    }
    Ok(())
}

/// Covers `dir` with an empty file system in which `keep` is mounted again where it was.
fn cover_but(dir: &Path, keep: &Path) -> io::Result<()> {
    let kept = std::fs::File::open(keep)?; // reachable through /proc/self/fd once covered
    sys::cover_writable(dir)?;
    make_as_inside_user(keep)?;
    let source = PathBuf::from(format!(
        "/proc/self/fd/{}",
        std::os::unix::io::AsRawFd::as_raw_fd(&kept)
    ));
    sys::bind(&source, keep)?;
    sys::set_read_only(dir, true, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_state_covered_is_all_but_where_an_unwalled_program_lives() {
        let walls = Walls::default();
        let all = host_state(Path::new("/usr/bin/env"), &walls);
        assert!(all.contains(&PathBuf::from("/tmp")), "{all:?}");
        let home = std::env::temp_dir().join("slidekit-host-state-program");
        std::fs::write(&home, "").expect("a program file");
        let beside = host_state(&home, &walls);
        let holds = |dir: &PathBuf| home.starts_with(dir);
        assert!(!beside.iter().any(holds), "{beside:?}");
        // Behind a wall it is handed over as a descriptor: its folder is covered all the same.
        let walled = Walls {
            hidden: vec![std::env::temp_dir()],
        };
        assert_eq!(host_state(&home, &walled), all);
        std::fs::remove_file(&home).expect("clean up");
        // A bare name is looked for on PATH, as exec does.
        assert_eq!(on_path(Path::new("sh")).map(|p| p.is_file()), Some(true));
        assert_eq!(on_path(Path::new("/bin/sh")), None);
    }
}
