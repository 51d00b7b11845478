//! Every solution must be pasteable: plain `rustc --edition 2021 -O` compiles the file alone, and
//! so do the compilers and flags of the judges a solution names (`JUDGES`).
//!
//! A clean compile is remembered by a stamp in `target/tmp/pasteable/` named by a hash of the
//! source, `rustc -vV` and the flags, as the judge caches its binaries: the same inputs give the
//! same compile, so only a changed solution or compiler is compiled again (huarong.rs takes 3.6 s).
//! Delete the folder to force a compile.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

const FLAGS: &[&str] = &["--edition", "2021", "-O"];

/// A solution, a rustup toolchain (`None`: the default one) and flags that must compile it cleanly.
/// noip_huarong.rs: LibreOJ offers edition 2021 with a rustc it does not name, and 1.56 is the
/// first with that edition; Luogu compiles with the current stable and these flags.
const JUDGES: [(&str, Option<&str>, &[&str]); 2] = [
    ("noip_huarong", Some("1.56.0"), FLAGS),
    (
        "noip_huarong",
        None,
        &["--edition", "2024", "-W", "warnings", "-C", "opt-level=2"],
    ),
];

#[test]
fn every_solution_compiles_alone_with_plain_rustc() {
    let out_dir = out_dir();
    let version = rustc_version(None).expect("rustc runs");
    let sources: Vec<PathBuf> = std::fs::read_dir("src/bin")
        .expect("src/bin")
        .map(|entry| entry.expect("readable folder").path())
        .collect();
    // One thread a file: the machine has two cores, and each rustc uses one for most of its time.
    std::thread::scope(|scope| {
        let compiles: Vec<_> = sources
            .iter()
            .map(|source| scope.spawn(|| compile(source, &out_dir, None, &version, FLAGS)))
            .collect();
        for compile in compiles {
            compile
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
    assert!(!sources.is_empty());
}

/// A toolchain that is not installed is skipped, with a note: .ci/run installs them.
#[test]
fn solutions_compile_as_the_judges_they_name_compile_them() {
    let out_dir = out_dir();
    std::thread::scope(|scope| {
        let compiles: Vec<_> = (JUDGES.iter())
            .filter_map(|&(name, toolchain, flags)| {
                let Some(version) = rustc_version(toolchain) else {
                    eprintln!("skipped: no rustup toolchain {toolchain:?} to compile {name}.rs");
                    return None;
                };
                let source = Path::new("src/bin").join(format!("{name}.rs"));
                let out_dir = &out_dir;
                Some(scope.spawn(move || compile(&source, out_dir, toolchain, &version, flags)))
            })
            .collect();
        for compile in compiles {
            compile
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
}

fn out_dir() -> PathBuf {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pasteable");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    out_dir
}

/// `rustc -vV` of a rustup toolchain (`None`: the default), or `None` if it does not run.
fn rustc_version(toolchain: Option<&str>) -> Option<Vec<u8>> {
    let mut rustc = Command::new("rustc");
    rustc.args(toolchain.map(|t| format!("+{t}"))).arg("-vV");
    let output = rustc.output().ok()?;
    output.status.success().then_some(output.stdout)
}

/// Compiles `source` alone and checks it is clean, unless a stamp says these inputs were before.
fn compile(
    source: &Path,
    out_dir: &Path,
    toolchain: Option<&str>,
    rustc_version: &[u8],
    flags: &[&str],
) {
    let text = std::fs::read(source).expect("readable source");
    let name = source.file_stem().expect("a file name").to_string_lossy();
    let mut hasher = DefaultHasher::new(); // fixed keys: stable from run to run
    (source, &text, rustc_version, flags).hash(&mut hasher);
    let key = format!("{name}-{:016x}", hasher.finish());
    let stamp = out_dir.join(format!("{key}.ok"));
    if stamp.is_file() {
        return;
    }
    let output = Command::new("rustc")
        .args(toolchain.map(|t| format!("+{t}")))
        .args(flags)
        .arg("-o")
        .arg(out_dir.join(&key))
        .arg(source)
        .output()
        .expect("rustc runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let how = format!("rustc {} {}", toolchain.unwrap_or(""), flags.join(" "));
    assert!(
        output.status.success(),
        "{how} {}:\n{stderr}",
        source.display()
    );
    assert!(
        !stderr.contains("warning"),
        "{how} {}:\n{stderr}",
        source.display()
    );
    std::fs::write(&stamp, "").expect("stamp");
}
