//! Every solution must be pasteable: plain `rustc --edition 2021 -O` compiles the file alone, copied
//! into a folder of its own (so a sibling such as `src/bin/huarong/tests.rs` cannot be what it needs).
//!
//! A clean compile is remembered by a stamp in `target/tmp/pasteable/` named by a hash of the
//! source, `rustc -vV` and the flags, as the judge caches its binaries: the same inputs give the
//! same compile, so only a changed solution or compiler is compiled again (huarong.rs takes 3.6 s).
//! Delete the folder to force a compile.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

const FLAGS: [&str; 3] = ["--edition", "2021", "-O"];

#[test]
fn every_solution_compiles_alone_with_plain_rustc() {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pasteable");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let version = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc runs");
    let sources: Vec<PathBuf> = std::fs::read_dir("src/bin")
        .expect("src/bin")
        .map(|entry| entry.expect("readable folder").path())
        .filter(|path| path.extension() == Some("rs".as_ref()))
        .collect();
    // One thread a file: the machine has two cores, and each rustc uses one for most of its time.
    std::thread::scope(|scope| {
        let compiles: Vec<_> = sources
            .iter()
            .map(|source| scope.spawn(|| compile(source, &out_dir, &version.stdout)))
            .collect();
        for compile in compiles {
            compile
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
    assert!(!sources.is_empty());
}

/// Compiles `source` alone and checks it is clean, unless a stamp says these inputs were before.
fn compile(source: &Path, out_dir: &Path, rustc_version: &[u8]) {
    let text = std::fs::read(source).expect("readable source");
    let name = source.file_stem().expect("a file name").to_string_lossy();
    let mut hasher = DefaultHasher::new(); // fixed keys: stable from run to run
    (source, &text, rustc_version, FLAGS).hash(&mut hasher);
    let stamp = out_dir.join(format!("{name}-{:016x}.ok", hasher.finish()));
    if stamp.is_file() {
        return;
    }
    let alone = out_dir.join(format!("{name}-alone"));
    std::fs::create_dir_all(&alone).expect("temp dir");
    let copy = alone.join(source.file_name().expect("a file name"));
    std::fs::write(&copy, &text).expect("copy the source");
    let output = Command::new("rustc")
        .args(FLAGS)
        .arg("-o")
        .arg(out_dir.join(&*name))
        .arg(&copy)
        .output()
        .expect("rustc runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{}:\n{stderr}", source.display());
    assert!(
        !stderr.contains("warning"),
        "{}:\n{stderr}",
        source.display()
    );
    std::fs::write(&stamp, "").expect("stamp");
}
