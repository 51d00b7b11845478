//! Every solution must be pasteable: plain `rustc --edition 2021 -O` compiles the file alone, copied
//! into a folder of its own (so a sibling such as `src/bin/huarong/tests.rs` cannot be what it needs).
//!
//! A clean compile is remembered by a stamp in `target/tmp/pasteable/` named by a hash of the
//! source, `rustc -vV` and the flags, as the judge caches its binaries: the same inputs give the
//! same compile, so only a changed solution or compiler is compiled again (huarong.rs takes 3.6 s).
//! Delete the folder to force a compile.
//!
//! huarong.rs is also held to what its judges need: Rust 1.56, the oldest rustc with edition 2021
//! (LibreOJ's is of unknown age), and 48 KiB as pasted.

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
            .map(|source| scope.spawn(|| compile(&[], source, &out_dir, &version.stdout)))
            .collect();
        for compile in compiles {
            compile
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
    assert!(!sources.is_empty());
}

/// The oldest compiler huarong.rs is for, as rustup names it.
const OLDEST: &str = "+1.56.0";

#[test]
fn huarong_compiles_with_rust_1_56_when_rustup_has_it() {
    let version = Command::new("rustc").args([OLDEST, "-vV"]).output();
    let version = match version {
        Ok(output) if output.status.success() => output.stdout,
        _ => {
            // As tests/suite/judge/html.rs does without Chromium: .ci/run installs the toolchain.
            eprintln!("skipped: no {OLDEST} toolchain (rustup toolchain install 1.56.0 --profile minimal)");
            return;
        }
    };
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pasteable");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    compile(
        &[OLDEST],
        Path::new("src/bin/huarong.rs"),
        &out_dir,
        &version,
    );
}

#[test]
fn huarong_fits_in_48_kib_as_pasted() {
    let size = std::fs::metadata("src/bin/huarong.rs")
        .expect("the solution")
        .len();
    assert!(size <= 48 * 1024, "src/bin/huarong.rs has {size} bytes");
}

/// Compiles `source` alone with `rustc TOOLCHAIN… FLAGS` and checks it is clean, unless a stamp says
/// these inputs were before.
fn compile(toolchain: &[&str], source: &Path, out_dir: &Path, rustc_version: &[u8]) {
    let text = std::fs::read(source).expect("readable source");
    let stem = source.file_stem().expect("a file name").to_string_lossy();
    let name = format!("{stem}{}", toolchain.concat());
    let mut hasher = DefaultHasher::new(); // fixed keys: stable from run to run
    (source, &text, rustc_version, FLAGS, toolchain).hash(&mut hasher);
    let stamp = out_dir.join(format!("{name}-{:016x}.ok", hasher.finish()));
    if stamp.is_file() {
        return;
    }
    let alone = out_dir.join(format!("{name}-alone"));
    std::fs::create_dir_all(&alone).expect("temp dir");
    let copy = alone.join(source.file_name().expect("a file name"));
    std::fs::write(&copy, &text).expect("copy the source");
    let output = Command::new("rustc")
        .args(toolchain)
        .args(FLAGS)
        .arg("-o")
        .arg(out_dir.join(&name))
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
