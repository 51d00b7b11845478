//! Every solution must be pasteable where its README says: plain `rustc` checks the file alone, with
//! no warning, with each judge's flags:
//! - Rust 1.56.0 with `--edition 2021 -O`: the oldest compiler among those judges (LibreOJ offers
//!   edition 2021 with a rustc it does not name, and 1.56 is the first with that edition);
//! - this machine's rustc with `--edition 2021 -O`;
//! - this machine's rustc with Luogu's `--edition 2024 -W warnings -C opt-level=2`.
//!
//! and each file is at most 48 KiB, below every source limit those judges set. The check stops
//! before code generation (`--emit=metadata`): every error and lint comes before it, and it takes a
//! twelfth of the time (0.43 s against 5.4 s for the four files here). The bare judge run builds each
//! solution whole with this machine's rustc.
//!
//! A clean compile is remembered by a stamp in `target/tmp/pasteable/` named by a digest of the source,
//! `rustc -vV` and the flags, as the judge caches its binaries: only a changed solution or compiler is
//! compiled again. Delete the folder to force a compile. Where rustup has no Rust 1.56.0 (build.rs
//! looks), its test is ignored, naming the command that installs it.
//!
//! The bench baselines (`problems/*/plain_bfs.rs`) are checked too: they compile the judge's own
//! reference alone, so it must keep naming nothing from the crate.

use slidekit::formats::digest;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The oldest toolchain the solutions keep to; `.ci/run` installs it with rustup.
const OLDEST: &str = "1.56.0";
/// The most a solution may weigh as pasted, bytes.
const MAX_BYTES: u64 = 48 * 1024;

/// A compiler: how to run it (`rustc`, or `rustup run 1.56.0 rustc`) and with which flags.
struct Compiler {
    command: &'static [&'static str],
    flags: &'static [&'static str],
}

const OLDEST_RUSTC: Compiler = Compiler {
    command: &["rustup", "run", OLDEST, "rustc"],
    flags: &["--edition", "2021", "-O"],
};

const THIS_RUSTC: [Compiler; 2] = [
    Compiler {
        command: &["rustc"],
        flags: &["--edition", "2021", "-O"],
    },
    Compiler {
        command: &["rustc"],
        flags: &["--edition", "2024", "-W", "warnings", "-C", "opt-level=2"],
    },
];

fn sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir("src/bin")
        .expect("src/bin")
        .map(|entry| entry.expect("readable folder").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    sources.sort();
    sources
}

#[test]
fn every_solution_fits_the_smallest_source_limit() {
    let sources = sources();
    assert!(sources.len() >= 3, "{sources:?}");
    for source in sources {
        let bytes = std::fs::metadata(&source).expect("a file").len();
        assert!(bytes <= MAX_BYTES, "{}: {bytes} bytes", source.display());
    }
}

#[test]
fn every_solution_is_clean_alone_on_this_rustc_in_both_editions() {
    THIS_RUSTC.iter().for_each(compile_all);
}

#[test]
#[cfg_attr(
    no_oldest_rustc,
    ignore = "needs Rust 1.56.0: rustup toolchain install 1.56.0 --profile minimal (.ci/run does)"
)]
fn every_solution_is_clean_alone_on_rust_1_56() {
    compile_all(&OLDEST_RUSTC);
}

#[test]
fn the_bench_baselines_compile_alone_with_the_reference() {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("baselines");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    for problem in ["eight", "huarong", "huarong_goal"] {
        let source = format!("problems/{problem}/plain_bfs.rs");
        let output = Command::new("rustc")
            .args(["--edition", "2021", "--emit=metadata", "-o"])
            .arg(out_dir.join(format!("{problem}.rmeta")))
            .arg(&source)
            .output()
            .expect("rustc runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{source}:\n{stderr}");
        assert!(!stderr.contains("warning"), "{source}:\n{stderr}");
    }
}

/// Checks every solution with `compiler`, one thread a file: the machine has two cores, and each
/// rustc uses one for most of its time.
fn compile_all(compiler: &Compiler) {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pasteable");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let command = compiler.command.join(" ");
    let version = version(compiler).unwrap_or_else(|| panic!("`{command}` does not run"));
    let sources = sources();
    std::thread::scope(|scope| {
        let compiles: Vec<_> = (sources.iter())
            .map(|source| scope.spawn(|| compile(compiler, &version, source, &out_dir)))
            .collect();
        for compile in compiles {
            compile
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    });
}

/// `rustc -vV` of the compiler, or `None` if it cannot be run.
fn version(compiler: &Compiler) -> Option<Vec<u8>> {
    let (program, rest) = compiler.command.split_first()?;
    let out = Command::new(program).args(rest).arg("-vV").output().ok()?;
    Some(out.stdout).filter(|_| out.status.success())
}

/// Checks `source` alone, in a folder of its own (so no sibling file can be read), and checks that
/// it is clean, unless a stamp says these inputs were before.
fn compile(compiler: &Compiler, version: &[u8], source: &Path, out_dir: &Path) {
    let text = std::fs::read(source).expect("readable source");
    let flags = compiler.flags.join(" ");
    let key = digest::of(&[&text, version, flags.as_bytes()]);
    let name = source.file_stem().expect("a file name").to_string_lossy();
    let stamp = out_dir.join(format!("{name}-{key:016x}.ok"));
    if stamp.is_file() {
        return;
    }
    let alone = out_dir.join(format!("{name}-{key:016x}"));
    std::fs::create_dir_all(&alone).expect("a folder for the file alone");
    std::fs::write(alone.join("main.rs"), &text).expect("the file, copied");
    let (program, rest) = compiler.command.split_first().expect("a command");
    let output = Command::new(program)
        .args(rest)
        .args(compiler.flags)
        .args(["--emit=metadata", "-o"])
        .arg(alone.join("main.rmeta"))
        .arg(alone.join("main.rs"))
        .output()
        .expect("rustc runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let what = format!(
        "{} with `{} {flags}`",
        source.display(),
        compiler.command.join(" ")
    );
    assert!(output.status.success(), "{what}:\n{stderr}");
    assert!(!stderr.contains("warning"), "{what}:\n{stderr}");
    let _ = std::fs::remove_dir_all(&alone);
    std::fs::write(&stamp, "").expect("stamp");
}
