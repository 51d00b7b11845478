//! A compiler's `--version`, kept in the cache under the compiler binary's identity (its path,
//! device, inode, size and change time), so that a judge start asks it once per installed compiler
//! rather than once per start: `rustc --version` costs 10 ms of CPU here, a third of a start.
//! An update or another toolchain is another binary, so another entry.

use crate::formats::{digest, files};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// `tool`'s version: from its entry in `cache` if there is one, else `ask()`'s, then kept.
pub fn known(cache: &Path, tool: &Path, ask: impl FnOnce() -> Option<String>) -> Option<String> {
    let Some(entry) = entry(cache, tool) else {
        return ask(); // a tool that cannot be looked at is asked every time
    };
    let kept = std::fs::read_to_string(&entry).ok();
    if let Some(version) = kept.filter(|v| !v.is_empty()) {
        return Some(version);
    }
    let version = ask()?;
    // A cache that cannot be written only costs time.
    let _ = files::write_whole(&entry, version.as_bytes());
    Some(version)
}

fn entry(cache: &Path, tool: &Path) -> Option<PathBuf> {
    let m = std::fs::metadata(tool).ok()?;
    let identity = format!(
        "{} {} {} {} {}.{}",
        tool.display(),
        m.dev(),
        m.ino(),
        m.size(),
        m.ctime(),
        m.ctime_nsec()
    );
    let name = digest::hex(identity.as_bytes());
    Some(cache.join("versions").join(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::test_judge::testing::folder;
    use std::cell::Cell;

    #[test]
    fn a_version_is_asked_once_until_the_tool_changes() {
        let dir = folder("versions");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder");
        let tool = dir.join("cc");
        std::fs::write(&tool, "one").expect("a tool");
        let asked = Cell::new(0);
        let ask = |version: &str| {
            asked.set(asked.get() + 1);
            Some(version.to_string())
        };
        let cache = dir.join("cache");
        assert_eq!(known(&cache, &tool, || ask("1.0")), Some("1.0".into()));
        assert_eq!(known(&cache, &tool, || ask("1.0")), Some("1.0".into()));
        assert_eq!(asked.get(), 1, "the second time from the entry");
        // An update rewrites the binary: another size, another change time.
        std::fs::write(&tool, "two, longer").expect("an update");
        assert_eq!(known(&cache, &tool, || ask("2.0")), Some("2.0".into()));
        assert_eq!(asked.get(), 2);
        // A tool that cannot be looked at is asked each time.
        let absent = dir.join("c++");
        assert_eq!(known(&cache, &absent, || ask("3.0")), Some("3.0".into()));
        assert_eq!(known(&cache, &absent, || ask("3.1")), Some("3.1".into()));
        assert_eq!(asked.get(), 4);
        std::fs::remove_dir_all(dir).expect("clean up");
    }
}
