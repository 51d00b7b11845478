//! Reading files the judge does not control (tests, sources): regular files only, and never more
//! than a bound, so a FIFO cannot block the judge nor a device or a huge file flood it; and writing
//! the judge's own cache entries whole or not at all.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

const O_NONBLOCK: i32 = 0o4000;

/// Opens `path` for reading, refusing anything but a regular file (a FIFO would block, a device
/// never end). Opening does not block even on a FIFO.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)?;
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        let why = format!("{} is not a regular file", path.display());
        Err(io::Error::new(io::ErrorKind::InvalidInput, why))
    }
}

/// The bytes of regular file `path`, or why not: it is no regular file, or larger than `max_bytes`.
pub fn read_regular(path: &Path, max_bytes: u64) -> Result<Vec<u8>, String> {
    let why = |e: io::Error| format!("cannot read {}: {e}", path.display());
    let mut bytes = Vec::new();
    open_regular(path)
        .and_then(|file| file.take(max_bytes + 1).read_to_end(&mut bytes))
        .map_err(why)?;
    if bytes.len() as u64 > max_bytes {
        let mib = max_bytes >> 20;
        return Err(format!("{} is larger than {mib} MiB", path.display()));
    }
    Ok(bytes)
}

/// Whether regular file `path` holds nothing but whitespace, read only up to its first other byte;
/// `false` when it cannot be read, which reading it as a test will report.
pub fn is_blank(path: &Path) -> bool {
    let bytes = |file| BufReader::new(file).bytes();
    open_regular(path)
        .is_ok_and(|file| bytes(file).all(|b| b.is_ok_and(|b| b.is_ascii_whitespace())))
}

/// Writes `path` (and its folder) whole or not at all: to a file of this process's, then renamed
/// into place, so that neither a second judge nor a half-written file can leave a wrong entry.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    let written = (path.parent().map_or(Ok(()), fs::create_dir_all))
        .and_then(|()| fs::write(&partial, bytes))
        .and_then(|()| fs::rename(&partial, path));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_bound_are_read() {
        assert!(open_regular(Path::new("/dev/zero")).is_err());
        assert!(open_regular(Path::new("/nonexistent")).is_err());
        let path = std::env::temp_dir().join(format!("slidekit-files-{}", std::process::id()));
        std::fs::write(&path, vec![b'x'; (1 << 20) + 1]).expect("write");
        let too_large = read_regular(&path, 1 << 20);
        assert!(too_large.is_err_and(|e| e.ends_with("is larger than 1 MiB")));
        assert_eq!(
            read_regular(&path, 2 << 20).map(|b| b.len()),
            Ok((1 << 20) + 1)
        );
        assert!(!is_blank(&path));
        std::fs::write(&path, " \n\t\r\n").expect("write");
        assert!(is_blank(&path));
        std::fs::write(&path, "").expect("write");
        assert!(is_blank(&path));
        std::fs::remove_file(&path).expect("clean up");
        assert!(
            !is_blank(&path),
            "a file that is not there is no blank test"
        );
        assert!(!is_blank(Path::new("/dev/null")), "nor is a device");
    }
}
