//! Where runs keep their folders: one private folder of this user's in the temp dir, checked to be
//! it before use (the temp dir is shared, and a name there can be taken first by anyone), and in it
//! one folder per launcher with a name nobody can guess. Folders of judges that ended are removed by
//! the next one, and by a judge that is interrupted (see `sys::on_termination`).

use crate::model::error::JudgeError;
use crate::run::{sys, tree};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The folders of this process's launchers, for a judge interrupted before it could remove them.
static OPEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// [`OPEN`], as it is even where a thread panicked while holding it.
fn open_folders() -> MutexGuard<'static, Vec<PathBuf>> {
    OPEN.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh folder for one launcher: `judge-PID-RANDOM` in this user's private folder.
pub fn fresh() -> Result<PathBuf, JudgeError> {
    let root = private_root()?;
    remove_stale(&root);
    for _ in 0..8 {
        let random = RandomState::new().build_hasher().finish();
        let dir = root.join(format!("judge-{}-{random:016x}", std::process::id()));
        match create_private(&dir) {
            Ok(()) => {
                open_folders().push(dir.clone());
                return Ok(dir);
            }
            // Another judge removed the empty root between our check and now: make it again.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                private_root()?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(JudgeError::io("create", &dir, e)),
        }
    }
    let root = root.display();
    Err(JudgeError::new(format!("cannot make a folder in {root}")))
}

/// Removes a launcher's folder, and this user's private folder if that leaves it empty.
pub fn remove(dir: &Path) {
    remove_all(dir);
    open_folders().retain(|d| d != dir);
    if let Some(root) = dir.parent() {
        let _ = std::fs::remove_dir(root); // fails while another judge's folder is in it
    }
}

/// Removes every folder this process's launchers still have: for a judge that is interrupted.
pub fn remove_open() {
    let open = std::mem::take(&mut *open_folders());
    open.iter().for_each(|dir| remove(dir));
}

/// A fresh private folder for one run inside a launcher's.
pub fn create_private(dir: &Path) -> std::io::Result<()> {
    std::fs::DirBuilder::new().mode(0o700).create(dir)
}

/// What the files under a run's folder `dir` take on its file system, bytes of allocated blocks
/// (a file reserved by `fallocate` holds blocks, not size), and how many entries it has, counted up
/// to `at_most`: enough to tell that it is full. Links are not followed.
pub fn allocated(dir: &Path, at_most: u64) -> (u64, u64) {
    let (mut bytes, mut entries) = (0, 0);
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            entries += 1;
            if entries >= at_most {
                return (bytes, entries);
            }
            let Ok(meta) = entry.metadata() else {
                continue; // removed meanwhile
            };
            bytes += meta.blocks() * 512;
            if meta.is_dir() {
                folders.push(entry.path());
            }
        }
    }
    (bytes, entries)
}

/// `slidekit-UID` in the temp dir, made if missing, and refused unless it is a folder (not a link)
/// of this user's that nobody else may enter.
fn private_root() -> Result<PathBuf, JudgeError> {
    let (uid, _) = sys::user_and_group();
    let root = std::env::temp_dir().join(format!("slidekit-{uid}"));
    match create_private(&root) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(JudgeError::io("create", &root, e)),
    }
    let meta = std::fs::symlink_metadata(&root).map_err(|e| JudgeError::io("inspect", &root, e))?;
    let ours = meta.is_dir() && meta.uid() == uid && meta.permissions().mode() & 0o077 == 0;
    if !ours {
        let why = format!(
            "{} is not a private folder of this user's (uid {uid}): someone else may have made it",
            root.display()
        );
        return Err(JudgeError::new(why).with_fix("remove it, or set TMPDIR to another folder"));
    }
    Ok(root)
}

/// Removes the folders of judges that are no longer running (killed before they could clean up).
fn remove_stale(root: &Path) {
    let stale = named_by_pid(&[root.to_path_buf()], "judge-", tree::has_ended);
    stale.iter().for_each(|dir| remove_all(dir));
}

/// What `folders` hold that is named after a process (`PREFIX` + its pid, then `-` + anything)
/// whose pid `pick` chooses.
pub fn named_by_pid(folders: &[PathBuf], prefix: &str, pick: impl Fn(i32) -> bool) -> Vec<PathBuf> {
    let entries = folders
        .iter()
        .filter_map(|f| std::fs::read_dir(f).ok())
        .flatten();
    let named = |entry: std::fs::DirEntry| {
        let name = entry.file_name();
        let pid = name.to_str()?.strip_prefix(prefix)?.split('-').next()?;
        pid.parse()
            .ok()
            .filter(|&pid| pick(pid))
            .map(|_| entry.path())
    };
    entries.filter_map(|e| named(e.ok()?)).collect()
}

/// Removes a folder even where a program took away the write permission of something inside.
pub fn remove_all(dir: &Path) {
    if std::fs::remove_dir_all(dir).is_ok() || !dir.exists() {
        return;
    }
    let _ = std::process::Command::new("chmod")
        .args(["-R", "u+rwx"])
        .arg(dir)
        .status();
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_folder_is_new_private_and_gone_once_removed() {
        let (a, b) = (fresh().expect("a folder"), fresh().expect("another"));
        assert_ne!(a, b);
        let root = a.parent().expect("in the private root");
        assert_eq!(Some(root), b.parent());
        let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
        assert_eq!((mode(root), mode(&a)), (0o700, 0o700));
        remove(&a);
        assert!(
            !a.exists() && root.exists(),
            "the root stays while b is in it"
        );
        remove(&b);
        assert!(!b.exists());
    }

    #[test]
    fn a_folders_files_are_counted_below_it_up_to_the_limit() {
        let dir = fresh().expect("a folder");
        std::fs::create_dir_all(dir.join("a/b")).expect("nested folders");
        std::fs::write(dir.join("a/b/deep"), vec![1u8; 1 << 20]).expect("a file");
        std::os::unix::fs::symlink("/usr", dir.join("link")).expect("a link");
        // a, a/b, a/b/deep and the link, which is not followed into /usr.
        let (bytes, entries) = allocated(&dir, 100);
        assert_eq!(entries, 4);
        assert!(bytes >= 1 << 20, "{bytes} bytes");
        assert_eq!(allocated(&dir, 2).1, 2, "counting stops at the limit");
        remove(&dir);
    }
}
