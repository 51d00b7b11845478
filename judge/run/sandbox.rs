//! The namespace sandbox's steps: new user, PID, mount, network, IPC and UTS namespaces; an
//! unprivileged identity inside, never root outside; a new root that holds only what a run needs,
//! read-only but the run's own folder. Each step that fails names its resource.

use crate::model::execution::GIVEN_DIR;
use crate::model::limits::Limits;
use crate::model::status::Status;
use crate::run::sys;
use std::io::{self, Read, Write};
use std::os::unix::io::AsRawFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};

/// The user and group the program runs as inside: not 0, so exec drops every capability and the
/// program cannot unmount what hides the cache.
pub const INSIDE_ID: u32 = 1000;

/// Who a root judge's programs are outside: `nobody`, who owns no host file that matters, so a run
/// can neither write `/proc/sys` nor open root's devices, and cannot signal its launcher.
pub const NOBODY: u32 = 65534;

/// Why a step of the launcher failed, naming the resource.
#[derive(Debug)]
pub enum Failed {
    /// The machine refuses the sandbox: the judge runs in the fallback from then on.
    Unavailable(String),
    /// This run cannot go on: the judge counts it lost.
    Run(String),
}

/// [`Failed::Unavailable`]: the step could not `what`.
pub fn unavailable(what: &str) -> impl Fn(io::Error) -> Failed + '_ {
    move |e| Failed::Unavailable(format!("cannot {what}: {e}"))
}

/// [`Failed::Run`]: the step could not `what`.
pub fn cannot(what: impl std::fmt::Display) -> impl Fn(io::Error) -> Failed {
    move |e| Failed::Run(format!("cannot {what}: {e}"))
}

/// Step 1, in the launcher while it is single-threaded: enter the namespaces, mapping our user to
/// [`INSIDE_ID`] (a root launcher forks for it: see [`enter_as_root`]). The launcher's next child
/// is PID 1 of the new PID namespace.
pub fn enter_namespaces(root: bool) -> Result<Entered, Failed> {
    if root {
        return enter_as_root();
    }
    let (uid, gid) = sys::user_and_group();
    sys::unshare_namespaces().map_err(unavailable("create namespaces"))?;
    let write = |file: &str, text: String| {
        std::fs::write(format!("/proc/self/{file}"), text).map_err(unavailable("map the user"))
    };
    write("setgroups", "deny".into())?;
    write("uid_map", format!("{INSIDE_ID} {uid} 1"))?;
    write("gid_map", format!("{INSIDE_ID} {gid} 1"))?;
    Ok(Entered::Inside(()))
}

/// Where a step that forks left this process: [`enter_namespaces`] (inside, to go on as the
/// launcher), or the launcher's fork of the init (inside, with what tells whether the launcher
/// still lives).
pub enum Entered<T = ()> {
    /// The part that goes on inside.
    Inside(T),
    /// The part outside, once the part inside ended with this exit status.
    Outside(i32),
}

/// Step 1 for a root judge. A process cannot map its user to another one from inside its new
/// namespace, so the launcher forks: the child enters the namespaces, and this process, still root
/// outside, maps the child's `INSIDE_ID` to [`NOBODY`] and waits for it. The child stays root
/// outside until its programs take `INSIDE_ID` (see `sys::own_session_as`).
fn enter_as_root() -> Result<Entered, Failed> {
    let (mut parent, mut child) = UnixStream::pair().map_err(unavailable("pair the launcher"))?;
    let forked = sys::fork_process().map_err(unavailable("fork to enter the namespaces"))?;
    let Some(pid) = forked else {
        drop(parent);
        return entered_child(&mut child).map(Entered::Inside);
    };
    drop(child);
    let mut byte = [0u8];
    let ready = parent
        .read(&mut byte)
        .map_err(unavailable("hear the launcher"))?;
    if ready == 1 {
        let map = |file: &str| {
            let text = format!("{INSIDE_ID} {NOBODY} 1");
            std::fs::write(format!("/proc/{pid}/{file}"), text)
        };
        if let Err(e) = map("uid_map").and_then(|()| map("gid_map")) {
            sys::kill_process(pid);
            let _ = sys::wait_child(pid);
            return Err(unavailable("map the user")(e));
        }
        let _ = parent.write_all(&[1]);
    }
    // No byte: the child could not enter the namespaces and ends with its reason.
    Ok(Entered::Outside(exit_code_of(pid)))
}

/// Waits for child `pid`, a launcher's part: its exit status, or 2 (its own failure) where it
/// ended another way.
pub fn exit_code_of(pid: i32) -> i32 {
    match sys::wait_child(pid) {
        Ok(Status::Exited(code)) => code,
        _ => 2,
    }
}

/// The child's half of [`enter_as_root`]: dies with its parent, enters, waits to be mapped.
fn entered_child(parent: &mut UnixStream) -> Result<(), Failed> {
    sys::die_with_parent_now(sys::SIGKILL)
        .map_err(unavailable("tie the launcher to its parent"))?;
    sys::unshare_namespaces().map_err(unavailable("create namespaces"))?;
    parent
        .write_all(&[1])
        .map_err(unavailable("reach the launcher's parent"))?;
    let mut byte = [0u8];
    match parent.read(&mut byte) {
        Ok(1) => Ok(()),
        _ => Err(Failed::Unavailable(
            "the launcher's parent did not map the user".into(),
        )),
    }
}

/// What the program must not see: the project (the tests' answers, the sources, the reference
/// binaries cargo built) and the compile cache. The sandbox's root leaves them out, and covers
/// one that lies in a folder it shows; the fallback hands a program there over as a descriptor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walls {
    pub hidden: Vec<PathBuf>,
}

/// Step 2, in PID 1 of the new namespace: a private mount tree in which every file system is
/// read-only but `keep` (the run's folder, where its stdout is made), so that no file opened from
/// now on (a test's input, a program behind the walls) can be opened again for writing through
/// `/proc/self/fd`.
pub fn freeze(keep: &Path) -> Result<(), Failed> {
    sys::make_mounts_private().map_err(unavailable("make mounts private"))?;
    sys::bind(keep, keep, false).map_err(unavailable("mount the run's folder"))?;
    let root = Path::new("/");
    sys::set_read_only(root, true, true).map_err(unavailable("make the file system read-only"))?;
    sys::set_read_only(keep, false, false).map_err(unavailable("keep the run's folder writable"))
}

/// What a run sees of the host, each at its own path and read-only: the system's programs and
/// libraries, the few settings its loader and compilers read, and a toolchain that lives elsewhere;
/// beside them a /dev of five devices, a /proc of its own and the run's folder, writable.
/// Nothing else of the host is there: no temp dir, runtime state, home, other checkout or device.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Root {
    /// Host folders shown with everything below them.
    trees: Vec<PathBuf>,
    /// Host files shown alone.
    files: Vec<PathBuf>,
    /// Host links shown as links (`/bin` → `usr/bin` where /usr is merged).
    links: Vec<(PathBuf, PathBuf)>,
    /// Walls inside a tree, covered by an empty file system.
    walls: Vec<PathBuf>,
    /// The run's own folder.
    keep: PathBuf,
    /// What the run's folder may hold, bytes: a program's is a fresh one of this size in memory
    /// (`None`: a compiler's, the host's folder, where it leaves the binary).
    cap: Option<u64>,
}

/// Where a submission's capped folder is in the sandbox: its working folder, `HOME` and `TMPDIR`.
/// Not `/tmp`, where a program shown from the host's temp dir may lie.
pub const FOLDER_INSIDE: &str = "/box";

/// Where the system keeps programs and libraries.
const SYSTEM: [&str; 7] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// Of /etc, only what the loader reads and the `cc` link that Debian keeps there.
const SETTINGS: [&str; 4] = [
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
];

/// The devices of a run's /dev; its `fd`, `stdin`, `stdout` and `stderr` are links into /proc.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];
const DEVICE_LINKS: [(&str, &str); 4] = [
    ("fd", "/proc/self/fd"),
    ("stdin", "/proc/self/fd/0"),
    ("stdout", "/proc/self/fd/1"),
    ("stderr", "/proc/self/fd/2"),
];

impl Root {
    /// The root for a run of `program` in `keep`, behind `walls`, its folder holding at most `cap`.
    pub fn for_run(program: &Path, keep: &Path, walls: &Walls, cap: Option<u64>) -> Root {
        let mut root = Root {
            keep: keep.to_path_buf(),
            cap,
            ..Root::default()
        };
        for path in SYSTEM.iter().chain(&SETTINGS).map(Path::new) {
            match std::fs::symlink_metadata(path) {
                Ok(m)
                    if m.file_type().is_symlink()
                        && SYSTEM.iter().any(|s| path == Path::new(s)) =>
                {
                    let target = std::fs::read_link(path).unwrap_or_default();
                    root.links.push((path.to_path_buf(), target));
                }
                Ok(_) if path.is_dir() => root.trees.push(path.to_path_buf()),
                Ok(_) => root.files.push(path.to_path_buf()),
                Err(_) => {} // not on this host
            }
        }
        match root.toolchain_home(program, walls) {
            // A program in a folder above the run's (a test's binary in the temp dir) needs
            // nothing beside it, and that folder holds what other runs left: it is shown alone.
            Some((program, home)) if home == program || canonical(keep).starts_with(&home) => {
                root.files.push(program)
            }
            Some((_, home)) => root.trees.push(home),
            None => {}
        }
        root.walls = (walls.hidden.iter())
            .filter(|wall| root.in_trees(wall))
            .cloned()
            .collect();
        root
    }

    /// Whether a run finds `path` where it is on the host: the run's folder, and what the trees
    /// show outside the walls. Any other file it needs is handed over as a descriptor.
    pub fn shows(&self, path: &Path) -> bool {
        let path = canonical(path);
        let walled = self.walls.iter().any(|wall| path.starts_with(wall));
        let shown = self.in_trees(&path) || self.files.contains(&path);
        path.starts_with(canonical(&self.keep)) || (shown && !walled)
    }

    fn in_trees(&self, path: &Path) -> bool {
        self.trees.iter().any(|tree| path.starts_with(tree))
    }

    /// A program outside the system's folders, and where it is installed, to be shown with it: the
    /// folder above its `bin`, else its own (a toolchain keeps its libraries beside it). A program
    /// behind the walls is handed over as a descriptor instead, and one in the system's is there.
    fn toolchain_home(&self, program: &Path, walls: &Walls) -> Option<(PathBuf, PathBuf)> {
        let program = on_path(program).unwrap_or_else(|| program.to_path_buf());
        let program = std::fs::canonicalize(program).ok()?;
        let walled = walls.hidden.iter().any(|wall| program.starts_with(wall));
        if walled || self.in_trees(&program) {
            return None;
        }
        let dir = program.parent()?;
        let home = match dir.file_name() {
            Some(name) if name == "bin" => dir.parent()?,
            _ => dir,
        };
        let home = match home.parent() {
            Some(_) => home.to_path_buf(),
            None => program.clone(), // a program in `/` itself is shown alone
        };
        Some((program, home))
    }

    /// Where the run finds its folder in this root: a submission's, a capped one of its own, at
    /// [`FOLDER_INSIDE`], a path that tells nothing of the host's; a compiler's at its host path,
    /// which the compiler's arguments name.
    pub fn folder_inside(&self) -> &Path {
        match self.cap {
            Some(_) => Path::new(FOLDER_INSIDE),
            None => &self.keep,
        }
    }

    /// Step 3: builds this root over the launcher's own folder (`keep`'s parent, private to the
    /// judge) and makes it the root of the namespace. Files the program needs that it does not show
    /// are opened before, once frozen, and `given` as copies in [`GIVEN_DIR`] by these names (a
    /// descriptor or a bind mount would tell the run their host paths, through `/proc/self/fd` or
    /// `mountinfo`).
    pub fn enter(&self, given: &[(std::fs::File, PathBuf)]) -> Result<(), Failed> {
        let kept = std::fs::File::open(&self.keep).map_err(unavailable("open the run's folder"))?;
        let top = self
            .keep
            .parent()
            .ok_or_else(|| Failed::Unavailable("the run's folder is /".into()))?;
        let fresh = sys::mount_fresh("tmpfs", top, false, ""); // writable until the end
        fresh.map_err(unavailable("mount the new root"))?;
        self.make_skeleton(top, given)
            .map_err(unavailable("lay out the new root"))?;
        self.mount_all(top, &kept)
            .map_err(unavailable("fill the new root"))?;
        // A fresh /proc that shows only this PID namespace.
        let proc = sys::mount_fresh("proc", &under(top, Path::new("/proc")), true, "");
        proc.map_err(unavailable("mount /proc"))?;
        sys::set_read_only(top, true, false).map_err(unavailable("make the new root read-only"))?;
        std::env::set_current_dir(top).map_err(unavailable("enter the new root"))?;
        sys::pivot_to_current_dir().map_err(unavailable("pivot into the new root"))
    }

    /// Mounts what the root shows onto its skeleton, read-only as [`freeze`] left the host: trees,
    /// files and devices (which stay writable), walls covered by an empty read-only file system,
    /// and last the run's folder: a capped one of [`INSIDE_ID`]'s in memory, or the host's (through
    /// `kept`).
    fn mount_all(&self, top: &Path, kept: &std::fs::File) -> io::Result<()> {
        for tree in &self.trees {
            sys::bind(tree, &under(top, tree), true)?;
        }
        for file in self.files.iter().chain(&devices()) {
            sys::bind(file, &under(top, file), false)?;
        }
        for wall in &self.walls {
            sys::mount_fresh("tmpfs", &under(top, wall), true, "")?;
        }
        let Some(bytes) = self.cap else {
            return sys::bind(&fd_path(kept), &under(top, &self.keep), false); // writable, as frozen
        };
        let (files, id) = (Limits::FOLDER_FILES, INSIDE_ID);
        let options = format!("size={bytes},nr_inodes={files},mode=0700,uid={id},gid={id}");
        sys::mount_fresh("tmpfs", &under(top, self.folder_inside()), false, &options)
    }

    /// Makes the folders, empty files and links the mounts go on, in the fresh file system at
    /// `top`. A root judge's init is root outside, a user the namespace does not map, who may
    /// create nothing there: a child does it as [`INSIDE_ID`], reaching `top` by a descriptor
    /// (the folders above it are not the inside user's to enter).
    fn make_skeleton(&self, top: &Path, given: &[(std::fs::File, PathBuf)]) -> io::Result<()> {
        let opened = std::fs::File::open(top)?;
        let here = fd_path(&opened);
        let make = || -> io::Result<()> {
            sys::become_user(INSIDE_ID)?;
            let dirs = self.trees.iter().chain(&self.walls).map(PathBuf::as_path);
            let dirs = dirs.chain([self.folder_inside(), Path::new("/proc")]);
            for dir in dirs {
                std::fs::create_dir_all(under(&here, dir))?;
            }
            for file in self.files.iter().chain(&devices()) {
                std::fs::create_dir_all(under(&here, file.parent().unwrap_or(Path::new("/"))))?;
                std::fs::File::create(under(&here, file))?;
            }
            let device_links = DEVICE_LINKS
                .iter()
                .map(|(name, target)| (Path::new("/dev").join(name), PathBuf::from(target)));
            for (link, target) in self.links.iter().cloned().chain(device_links) {
                std::os::unix::fs::symlink(target, under(&here, &link))?;
            }
            copy_given(&under(&here, Path::new(GIVEN_DIR)), given)
        };
        match sys::fork_process()? {
            None => std::process::exit(match make() {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("sandbox: laying out the new root: {e}");
                    1
                }
            }),
            Some(child) => match sys::wait_child(child)? {
                Status::Exited(0) => Ok(()),
                ended => Err(io::Error::new(
                    io::ErrorKind::Other,
                    format!("the child that makes it ended {ended:?}"),
                )),
            },
        }
    }
}

/// Copies each of `given` into `dir` under its name, read-only, executable if it was.
fn copy_given(dir: &Path, given: &[(std::fs::File, PathBuf)]) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir)?;
    for (file, name) in given {
        let mode = file.metadata()?.permissions().mode() & 0o555;
        let mut copy = std::fs::File::create(dir.join(name))?;
        io::copy(&mut &*file, &mut copy)?;
        copy.set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    Ok(())
}

/// The devices of a run's /dev, at their paths.
fn devices() -> [PathBuf; 5] {
    DEVICES.map(|d| Path::new("/dev").join(d))
}

/// The path through which this process reaches `file` while it holds it open.
pub fn fd_path(file: &std::fs::File) -> PathBuf {
    PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()))
}

/// `path` with its links resolved, where it exists.
fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Where the host's `path` goes in a root being built at `top`.
fn under(top: &Path, path: &Path) -> PathBuf {
    top.join(path.strip_prefix("/").unwrap_or(path))
}

/// Where a bare command name (`rustc`) is found on PATH, as the program's exec will find it.
pub fn on_path(program: &Path) -> Option<PathBuf> {
    if program.components().count() != 1 {
        return None;
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_shows_no_host_file_but_the_system_and_the_run() {
        let scratch = std::env::temp_dir().join(format!("slidekit-root-{}", std::process::id()));
        let (keep, tool) = (scratch.join("run-1"), scratch.join("toolchain/bin/tool"));
        std::fs::create_dir_all(&keep).expect("a run folder");
        std::fs::create_dir_all(tool.parent().expect("bin")).expect("a toolchain");
        std::fs::write(&tool, "").expect("a program file");
        let system = Root::for_run(Path::new("/usr/bin/env"), &keep, &Walls::default(), None);
        assert!(system.shows(Path::new("/usr/bin/env")) && system.shows(&keep.join("out")));
        for hidden in ["/etc/passwd", "/home", "/root", "/dev/tty"].map(PathBuf::from) {
            assert!(!system.shows(&hidden), "{hidden:?}");
        }
        assert!(!system.shows(&tool) && !system.shows(&scratch.join("run-2")));
        // A program installed elsewhere comes with the folder above its bin: its libraries.
        let elsewhere = Root::for_run(&tool, &keep, &Walls::default(), None);
        assert!(elsewhere.shows(&scratch.join("toolchain/lib/libtool.so")));
        assert!(!elsewhere.shows(&scratch.join("run-2")));
        // Behind a wall it is handed over as a descriptor: nothing is shown for it.
        let walls = Walls {
            hidden: vec![scratch.join("toolchain")],
        };
        assert_eq!(Root::for_run(&tool, &keep, &walls, None), system);
        // A wall inside a shown folder is covered.
        let walls = Walls {
            hidden: vec![PathBuf::from("/usr/share")],
        };
        let walled = Root::for_run(Path::new("/usr/bin/env"), &keep, &walls, None);
        assert!(!walled.shows(Path::new("/usr/share")) && walled.shows(Path::new("/usr/bin")));
        std::fs::remove_dir_all(&scratch).expect("clean up");
        // A bare name is looked for on PATH, as exec does.
        assert_eq!(on_path(Path::new("sh")).map(|p| p.is_file()), Some(true));
        assert_eq!(on_path(Path::new("/bin/sh")), None);
    }
}
